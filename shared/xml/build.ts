// Writing XML, apart from reading it (xml.ts), so a function that only reads carries no builder.
// The trees the service writes are plain: elements, `@_` attributes and `#text`, without
// namespace prefixes, comments or CDATA, so a few lines serialise them (a general builder
// library cost about 22 KB in every function that writes XML).
import type { XmlElement, XmlNode } from '#shared/xml/xml.ts';

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
const escaped = (text: string) => text.replace(/[&<>'"]/g, (character) => entities[character]!);

/** `node` as the element(s) `name`: an array repeats it, an empty one closes itself. */
function serialised(name: string, node: XmlNode): string {
  if (Array.isArray(node)) return node.map((item) => serialised(name, item)).join('');
  if (typeof node === 'string') return node === '' ? `<${name}/>` : `<${name}>${escaped(node)}</${name}>`;
  let attributes = '';
  let content = '';
  for (const [key, child] of Object.entries(node)) {
    if (child === undefined) continue;
    if (key.startsWith('@_')) attributes += ` ${key.slice(2)}="${escaped(child as string)}"`;
    else if (key === '#text') content += escaped(child as string);
    else content += serialised(key, child);
  }
  return content === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${content}</${name}>`;
}

/**
 * Serialises `{ Root: { '@_attr': 'v', Child: 'text' } }` with text and attributes escaped.
 * Key order is element order, which ELSTER's schemas fix.
 */
export function buildXml(tree: XmlElement, options: { declaration?: boolean } = {}): string {
  const body = Object.entries(tree)
    .map(([name, node]) => serialised(name, node))
    .join('');
  return options.declaration ? `<?xml version="1.0" encoding="UTF-8"?>${body}` : body;
}
