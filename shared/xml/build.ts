// Writing XML, apart from reading it (xml.ts), so a function that only reads carries no builder.
// fast-xml-parser's builder escapes text and attributes.
import { XMLBuilder } from 'fast-xml-parser';
import type { XmlElement } from '#shared/xml/xml.ts';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/**
 * Serialises `{ Root: { '@_attr': 'v', Child: 'text' } }` with text and attributes escaped.
 * Key order is element order, which ELSTER's schemas fix.
 */
export function buildXml(tree: XmlElement, options: { declaration?: boolean } = {}): string {
  const body = builder.build(tree) as string;
  return options.declaration ? `<?xml version="1.0" encoding="UTF-8"?>${body}` : body;
}
