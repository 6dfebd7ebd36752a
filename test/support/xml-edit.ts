// Puts a value into Nutzdaten at an element path, where the year's schema has that element: the
// element's text replaced where it stands, or the element (and the groups above it) added in the
// schema's order. For tests that change one identifier of an otherwise valid document.
import { type CompactStructure, type ElementsType, typeOf } from '#shared/xml/structure.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attributesOf = (tree: XmlTree) => Object.entries(tree.attributes).map(([name, value]) => ` ${name}="${escaped(value).replace(/"/g, '&quot;')}"`);

function written(tree: XmlTree): string {
  const inner = tree.children.length > 0 ? tree.children.map(written).join('') : escaped(tree.text);
  return `<${tree.name}${attributesOf(tree).join('')}>${inner}</${tree.name}>`;
}

const element = (name: string, namespace: string): XmlTree => ({ name, namespace, attributes: {}, children: [], text: '', line: 0, column: 0 });

/** Whether `structure` has the element at `names` below its root. */
export function schemaHas(structure: CompactStructure, names: readonly string[]): boolean {
  let type = typeOf(structure, structure.type);
  for (const name of names) {
    const particle = 'particles' in type ? type.particles.find((candidate) => candidate.name === name) : undefined;
    if (!particle) return false;
    type = typeOf(structure, particle.type);
  }
  return true;
}

/** `xml` with `value` at the element `names` below its root (`['Vorsatz', 'Ordnungsbegriff']`). */
export function withValue(xml: string, structure: CompactStructure, names: readonly string[], value: string): string {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.problem.message);
  let node = read.tree;
  let type = typeOf(structure, structure.type) as ElementsType;
  for (const name of names) {
    const position = type.positions.get(name);
    if (position === undefined) throw new RangeError(`${structure.root} has no ${names.join('/')}`);
    let child = node.children.find((candidate) => candidate.name === name);
    if (!child) {
      child = element(name, node.namespace);
      const after = node.children.findIndex((candidate) => (type.positions.get(candidate.name) ?? -1) > position);
      node.children.splice(after === -1 ? node.children.length : after, 0, child);
    }
    node = child;
    const next = typeOf(structure, type.particles[position]!.type);
    if ('particles' in next) type = next;
  }
  node.children = [];
  node.text = value;
  return written(read.tree);
}

/** Elements and values in document order, white space between elements left out. */
export function elements(xml: string): string[] {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.problem.message);
  const lines: string[] = [];
  const visit = (node: XmlTree, path: string) => {
    const here = `${path}/${node.name}`;
    lines.push(node.children.length > 0 ? here : `${here} = ${node.text}`);
    for (const child of node.children) visit(child, here);
  };
  visit(read.tree, '');
  return lines;
}
