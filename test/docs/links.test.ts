// Every relative link and anchor in the repository's Markdown leads somewhere (test/docs/links.ts).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, brokenLinks, markdownFiles } from './links.ts';

const root = resolve(import.meta.dirname, '../..');

describe('links in the documentation', () => {
  const files = markdownFiles(root);

  it('finds the README and the pages under docs/', () => {
    expect(files).toContain(join(root, 'README.md'));
    expect(files.some((file) => file.startsWith(join(root, 'docs/')))).toBe(true);
  });

  it.each(files.map((file) => [file.slice(root.length + 1), file]))('%s: every relative link and anchor resolves', (_name, file) => {
    expect(brokenLinks(root, file)).toEqual([]);
  });
});

describe('the link check', () => {
  const page = (files: Record<string, string>) => {
    const folder = mkdtempSync(join(tmpdir(), 'steuerbote-links-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return folder;
  };

  it('names a heading that does not exist, a missing file, and nothing else', () => {
    const folder = page({
      'README.md': [
        '# steuerbote',
        '## Security and data protection',
        'See [Data protection](#data-protection), [security](#security-and-data-protection),',
        '[the guide](guide.md#the-end), [gone](gone.md) and [the web](https://example.com/#nowhere).',
        '```sh',
        'echo [not a link](nowhere.md)',
        '```',
      ].join('\n'),
      'guide.md': '# The end\n',
    });
    expect(brokenLinks(folder, join(folder, 'README.md'))).toEqual([
      'README.md:3 → #data-protection (no such heading)',
      'README.md:4 → gone.md (no such file)',
    ]);
  });

  it('names anchors as GitHub does', () => {
    const markdown = [
      '# `POST /v2/ustva`: the UStVA',
      '## Which years?',
      '## Which years?',
      '## Umsätze & Steuer (§ 18 UStG)',
      '```md',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...anchors(markdown)]).toEqual(['post-v2ustva-the-ustva', 'which-years', 'which-years-1', 'umsätze--steuer--18-ustg']);
  });
});
