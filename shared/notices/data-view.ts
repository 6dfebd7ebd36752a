// The JSON view of a notice's data package, where its format is one steuerbote reads: the sandbox's
// flat Bescheiddaten document, each element a value. ELSTER's ESB format is not published beside the
// interface description; its data stays XML until it is (docs/notices.md).

import { readXml } from '#shared/xml/xml.ts';

/** The values by element name, or null for a document of another format. */
export function dataValues(xml: string): Record<string, string> | null {
  const read = readXml(xml.replace(/^<\?xml[^>]*\?>\s*/, ''), { strict: true });
  if (!read.ok || read.tree.name !== 'Bescheiddaten') return null;
  if (read.tree.children.some((child) => child.children.length > 0)) return null;
  return Object.fromEntries(read.tree.children.map((child) => [child.name, child.text]));
}
