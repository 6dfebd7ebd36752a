// A rule case of a form whose rules are the service's own code (the UStVA's, the LStA's) as a whole
// document the form's check takes: the case's document (scripts/structure/rule-cases.ts) laid over one
// of ELSTER's samples, so that what the rule does not name is the sample's, and what it names is the
// case's alone: a field or group the rule names and the case leaves out is taken out of the sample.
import { type RuleDocument, slotsOf } from '../../scripts/structure/rule-cases.ts';
import type { Rule, RuleBook } from '#shared/forms/workbook-rules.ts';
import { type CompactStructure, typeOf } from '#shared/xml/structure.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The element at `names` below `tree`, made where `make` and it is missing. */
function at(tree: XmlTree, names: readonly string[], make: boolean): XmlTree | undefined {
  let here: XmlTree | undefined = tree;
  for (const name of names) {
    let child: XmlTree | undefined = here.children.find((element) => element.name === name);
    if (!child && make) here.children.push((child = { ...tree, name, attributes: {}, children: [], text: '' }));
    if (!child) return undefined;
    here = child;
  }
  return here;
}

/** The text of `tree` with each element's children in the order of its type in `structure`. */
function written(tree: XmlTree, structure: CompactStructure, type = structure.type): string {
  const element = typeOf(structure, type);
  const particles = 'particles' in element ? element.particles : [];
  const order = (name: string) => particles.findIndex((particle) => particle.name === name);
  const children = [...tree.children]
    .sort((a, b) => order(a.name) - order(b.name))
    .map((child) => written(child, structure, particles.find((particle) => particle.name === child.name)?.type ?? type));
  const attributes = Object.entries(tree.attributes).map(([name, value]) => ` ${name}="${escaped(value)}"`);
  return `<${tree.name}${attributes.join('')}>${children.length > 0 ? children.join('') : escaped(tree.text.trim())}</${tree.name}>`;
}

/** `document`, a case of `rule`, laid over `sample` (Nutzdaten of the rule's year). */
export function laidOver(sample: string, document: RuleDocument, rule: Rule, book: RuleBook, structure: CompactStructure, year: number): string {
  const read = readXml(sample);
  if (!read.ok) throw new Error(read.problem.message);
  const tree = read.tree;
  const names = (path: string) => path.split('/').filter((name) => name !== '' && !/^\d+$/.test(name));
  const given = Object.keys(document).map(names);
  const within = (path: readonly string[]) => given.some((other) => path.every((name, index) => other[index] === name));
  // Deepest first, so a group the case leaves out goes after its fields.
  const named = slotsOf(rule, structure, year, book.attributes)
    .map(({ path }) => names(path))
    .sort((a, b) => b.length - a.length);
  for (const path of named) {
    if (within(path)) continue;
    const parent = at(tree, path.slice(0, -1), false);
    if (parent) parent.children = parent.children.filter((child) => child.name !== path.at(-1));
  }
  for (const [path, text] of Object.entries(document)) {
    const element = at(tree, names(path), true)!;
    if (text !== null) [element.text, element.children] = [text, []];
  }
  return written(tree, structure);
}

/** A document (paths below the root to texts, null for a group) of a tree, as a rule case writes one. */
export function documentOfTree(tree: XmlTree, below = ''): RuleDocument {
  const document: RuleDocument = {};
  for (const child of tree.children) {
    const path = `${below}${child.name}`;
    if (child.children.length === 0) document[path] = child.text.trim();
    else Object.assign(document, { [path]: null }, documentOfTree(child, `${path}/`));
  }
  return document;
}
