// `POST /v2/ustva/validate?include=body` (the OpenAPI document): a caller's Nutzdaten as the structured
// body that makes the same Nutzdaten, read by the reader the check uses (xml-reader.ts), and the
// elements that body cannot carry, found by writing the body again and comparing element by element.
import type { ReadFigures } from '#shared/forms/ustva/xml-reader.ts';
import { anmeldungssteuernSetBySelf } from '#shared/forms/anmeldungssteuern.ts';
import { parseXml, type XmlNode } from '#shared/xml/xml.ts';

/** The request fields the figures of a caller's Nutzdaten stand for; amounts as the decimal strings the XML holds. */
export function requestOf(figures: ReadFigures): Record<string, unknown> {
  const { type, year, taxNumber, supplier, widnr, business, advisor, advisor_client, flags } = figures;
  const common = {
    type,
    year,
    tax_number: taxNumber,
    ...(widnr && { widnr }),
    ...(supplier && { supplier }),
    ...(business && { business }),
    ...(advisor && { advisor }),
    ...(advisor_client && { advisor_client }),
    ...(flags && { flags }),
  };
  if (figures.type === 'voranmeldung') return { ...common, period: figures.period, kennzahlen: figures.kennzahlen };
  if (figures.type === 'sondervorauszahlung' && figures.kz38 !== undefined) return { ...common, kennzahlen: { kz38: figures.kz38 } };
  return common;
}

/** Every element with a value, as `path` (below the root, dotted) and value; a repeated element by its position. */
export function leavesOf(xml: string): Map<string, string> {
  const parsed = parseXml(xml);
  const leaves = new Map<string, string>();
  const walk = (node: XmlNode, path: string) => {
    if (typeof node === 'string') leaves.set(path, node);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
    else for (const [name, child] of Object.entries(node)) if (!name.startsWith('@_')) walk(child, path ? `${path}.${name}` : name);
  };
  if (parsed.ok) walk(parsed.element, '');
  return leaves;
}

/** The elements of `original` (but those the service sets itself) that `rewritten` lacks or holds another value in. */
export function unmappedElements(original: string, rewritten: string): string[] {
  const written = leavesOf(rewritten);
  const setBySelf = (path: string) => anmeldungssteuernSetBySelf(`Anmeldungssteuern/${path.replaceAll('.', '/')}`);
  return [...leavesOf(original)].filter(([path, value]) => !setBySelf(path) && written.get(path) !== value).map(([path]) => path);
}

/** The year a caller's Nutzdaten name in their root's `version`. */
export const versionOf = (xml: string): number => {
  const parsed = parseXml(xml);
  return parsed.ok ? Number(parsed.element['@_version']) : Number.NaN;
};
