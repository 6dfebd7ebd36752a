// Reading an E50 element: a caller's own Nutzdaten, the XML the body is written into, and what the
// sandbox re-checks all go through the same reader, so the structure check, ERiC's rules and the
// protocol's figures see the same tree that is transmitted.
import type { Finding } from '#shared/domain/ticket.ts';
import { readVorsatzNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';
import { readParts } from '#shared/forms/element-body.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { ustNamespace, ustSchemaStructure } from '#shared/forms/ust/structure.ts';

export type ReadUst = { ok: true; tree: XmlTree; findings: Finding[] } | { ok: false; findings: Finding[] };

/** Where a caller's element is, for a finding. */
export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/**
 * Checks an E50 element: root, namespace, version vs `year`, the whole structure of that year's
 * schema; Vorsatz/Zeitraum must be `year`. `pathOf` names an element for a finding: in the caller's
 * XML, or in the body it was written from.
 */
export const readUstNutzdaten = (xml: string, year: number, pathOf = xmlPathOf): ReadUst =>
  readVorsatzNutzdaten(xml, {
    year,
    structure: ustSchemaStructure(year),
    rootLabel: 'an <E50> element (the annual VAT return)',
    namespace: ustNamespace(year),
    pathOf,
  });

/**
 * The structured body a caller's E50 maps to (contract §12): its parts, the year its version names;
 * the request's own fields (`year`, `tax_number`, …) are the handler's to add. `unmapped` names
 * what the body cannot carry. A document that cannot be read maps to nothing.
 */
export async function readUstBack(xml: string): Promise<ReadBack> {
  const read = readXml(xml, { strict: true });
  if (!read.ok || read.tree.name !== 'E50') return { body: {}, unmapped: read.ok ? [read.tree.name] : [] };
  const year = Number(read.tree.attributes.version);
  if (!Number.isInteger(year)) return { body: {}, unmapped: ['E50/@version'] };
  const { parts, unmapped } = readParts(read.tree, ustSchemaStructure(year));
  return { body: parts, unmapped };
}
