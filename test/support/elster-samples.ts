// ELSTER's own sample documents, read from the samples of ELSTER's folder (test/support/elster.ts;
// never copied into the repository; the folder's README says what each is).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';
import { elsterDir } from '#test/support/elster.ts';

const samplesDir = join(elsterDir, 'samples');

/** The Nutzdaten element `root` of one of ELSTER's whole `<Elster>` sample files. */
export function sampleNutzdaten(file: string, root: string): string {
  const text = readFileSync(join(samplesDir, file), 'utf8');
  const match = new RegExp(`<${root}[\\s>][\\s\\S]*</${root}>`).exec(text);
  if (!match) throw new Error(`${file} has no <${root}>`);
  return match[0];
}

/** A letter's sample as its `xml`: the whole content of its Nutzdaten, the letter's element and its attachments. */
export const sampleLetter = (file: string) =>
  sampleNutzdaten(file, 'Nutzdaten')
    .replace(/^<Nutzdaten>/, '')
    .replace(/<\/Nutzdaten>$/, '')
    .trim();

/**
 * Every element of a Nutzdaten document with its value, by its path, but for those the service sets
 * itself (contract §12: Erstellungsdatum, the Hersteller-ID in Kz09): what a read-back body must
 * write again.
 */
export function elementValues(xml: string): string[] {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.problem.message);
  const walk = (tree: XmlTree, path: string): string[] =>
    tree.children.length > 0 ? tree.children.flatMap((child) => walk(child, `${path}/${child.name}`)) : [`${path} ${tree.text.trim()}`];
  return walk(read.tree, read.tree.name).filter((line) => !/\/(Erstellungsdatum|Kz09) /.test(line));
}

/**
 * Every element and attribute of Nutzdaten with its value, by its path from the root
 * (`E10/Vorsatz/AbsName Mustermann Carolina`, `zm/unternehmer/zm-zeilen/@meldeart 10`), in document
 * order, but the elements at `left` (a read-back's `replaced`). A letter's content, its element and
 * Anhaenge side by side, is read as one.
 */
export function fieldValues(xml: string, left: ReadonlySet<string> = new Set()): string[] {
  const read = readXml(`<content>${xml.replace(/^<\?xml[^>]*\?>/, '')}</content>`, { maxBytes: 64 * 1024 * 1024 });
  if (!read.ok) throw new Error(read.problem.message);
  const walk = (tree: XmlTree, path: string): string[] => [
    // Attributes by name: their order means nothing in XML.
    ...Object.entries(tree.attributes)
      .sort(([one], [other]) => one.localeCompare(other))
      .map(([name, value]) => `${path}/@${name} ${value}`),
    ...(tree.children.length > 0
      ? tree.children.flatMap((child) => walk(child, `${path}/${child.name}`))
      : left.has(path)
        ? []
        : [`${path} ${tree.text.trim()}`]),
  ];
  return read.tree.children.flatMap((child) => walk(child, child.name));
}
