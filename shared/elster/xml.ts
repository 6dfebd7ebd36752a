// One place where XML is read and written, so every caller gets the same escaping and the same
// refusals. fast-xml-parser escapes text and attributes when building; when parsing, it is given
// only documents without a DTD, which rules out external entities and entity expansion at the source.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element as the parser gives it: child elements by name, attributes as `@_name`, mixed text as `#text`. */
export type XmlElement = { [name: string]: XmlNode };
export type XmlNode = string | XmlElement | XmlNode[];

/** Nutzdaten of a return are a few kilobytes; this leaves room for long ESt returns and nothing else. */
export const maxXmlBytes = 256 * 1024;

export interface XmlProblem {
  code: 'XML_TOO_LARGE' | 'XML_DTD_NOT_ALLOWED' | 'XML_ENTITY_NOT_ALLOWED' | 'XML_MALFORMED';
  message: string;
}

export type ParsedXml = { ok: true; root: string; element: XmlElement } | { ok: false; problem: XmlProblem };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay strings: "0100" and "10,50" mean what ELSTER says, not what JavaScript would guess.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Decodes the five predefined entities and numeric references; any other entity is refused below.
  htmlEntities: true,
});

// Anything after `&` that is not one of XML's predefined entities or a character reference would
// need a DTD to mean something, and DTDs are refused.
const undeclaredEntity = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});)/;

export function parseXml(xml: string): ParsedXml {
  if (Buffer.byteLength(xml, 'utf8') > maxXmlBytes) {
    return { ok: false, problem: { code: 'XML_TOO_LARGE', message: `must be at most ${maxXmlBytes / 1024} KiB` } };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    return { ok: false, problem: { code: 'XML_DTD_NOT_ALLOWED', message: 'must not contain a DTD or entity declarations' } };
  }
  if (undeclaredEntity.test(xml)) {
    return { ok: false, problem: { code: 'XML_ENTITY_NOT_ALLOWED', message: 'may use only the predefined entities (&amp; &lt; &gt; &quot; &apos;) and character references' } };
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return { ok: false, problem: { code: 'XML_MALFORMED', message: `is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` } };
  }
  const document = parser.parse(xml) as XmlElement;
  const roots = Object.keys(document);
  const root = roots[0];
  if (roots.length !== 1 || root === undefined || typeof document[root] === 'string' || Array.isArray(document[root])) {
    return { ok: false, problem: { code: 'XML_MALFORMED', message: 'must have exactly one root element' } };
  }
  return { ok: true, root, element: document[root] as XmlElement };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/**
 * Serialises `{ Root: { '@_attr': 'v', Child: 'text' } }` with text and attributes escaped.
 * Key order is element order, which ELSTER's schemas fix.
 */
export function buildXml(tree: XmlElement, options: { declaration?: boolean } = {}): string {
  const body = builder.build(tree) as string;
  return options.declaration ? `<?xml version="1.0" encoding="UTF-8"?>${body}` : body;
}

/** The text of a child element, whether it has attributes or not. */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (typeof node === 'string') return node;
  if (node && !Array.isArray(node) && typeof node['#text'] === 'string') return node['#text'];
  return undefined;
}
