// Every relative link in the repository's Markdown must lead somewhere: to a file or folder that
// exists and, with a `#fragment`, to a heading of that file as GitHub names its anchor. The pages
// are read as GitHub renders them: nothing inside a code block or a code span is a link or a heading.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Folders that hold no Markdown of the repository's own: installed packages, build output, local data. */
const skipped = new Set(['node_modules', '.git', '.data', 'cdk.out', 'coverage']);

export function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

/** The text as GitHub reads it for links and headings: code blocks and code spans blanked, line numbers kept. */
function prose(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
      return '';
    }
    if (opening !== undefined) {
      fence = opening;
      return '';
    }
    return line.replace(/(`+)(?:(?!\1).)+?\1/g, '');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const lines = markdown.split('\n');
  const text = prose(markdown);
  text.forEach((line, index) => {
    for (const html of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) found.add(html[1]!);
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) return;
    // The code spans blanked for links are part of a heading's words: read them from the original line.
    const words = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(lines[index]!)![1]!;
    const base = words
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  });
  return found;
}

export interface Link {
  line: number;
  target: string;
}

/** The links of a page that stay inside the repository: inline, reference definitions and HTML `href`s. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  prose(markdown).forEach((line, index) => {
    const targets = [
      ...[...line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
      ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((match) => match[1]!),
      ...[...line.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!),
    ];
    for (const target of targets) {
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      found.push({ line: index + 1, target });
    }
  });
  return found;
}

/** Each link of `file` that leads nowhere, as `path:line → target (why)`. */
export function brokenLinks(root: string, file: string, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): string[] {
  const broken: string[] = [];
  for (const { line, target } of links(read(file))) {
    const [pathPart = '', fragment] = target.split('#', 2) as [string, string | undefined];
    const path = decodeURIComponent(pathPart);
    const destination = path === '' ? file : path.startsWith('/') ? join(root, path) : resolve(dirname(file), path);
    const where = `${relative(root, file)}:${line} → ${target}`;
    if (
      !relative(root, destination)
        .split(/[\\/]/)
        .every((part) => part !== '..')
    ) {
      broken.push(`${where} (outside the repository)`);
      continue;
    }
    let kind: 'file' | 'folder' | undefined;
    try {
      kind = statSync(destination).isDirectory() ? 'folder' : 'file';
    } catch {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (fragment === undefined || fragment === '') continue;
    if (kind !== 'file' || !destination.endsWith('.md')) {
      broken.push(`${where} (an anchor into something that is not a Markdown file)`);
      continue;
    }
    if (!anchors(read(destination)).has(decodeURIComponent(fragment))) broken.push(`${where} (no such heading)`);
  }
  return broken;
}
