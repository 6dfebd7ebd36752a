// Reading an E30 element: a caller's own Nutzdaten, the XML a body is written into, and what the
// sandbox re-checks all go through the same reader, so the structure check, the rules and the
// protocol's figures see the same tree that is transmitted.
import type { Finding } from '#shared/domain/ticket.ts';
import { bodyName, readParts } from '#shared/forms/element-body.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { kstParts } from '#shared/forms/kst/schema.ts';
import { kstNamespace, kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { readVorsatzNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

export type ReadKst = { ok: true; tree: XmlTree; findings: Finding[] } | { ok: false; findings: Finding[] };

/** Where a caller's element is, for a finding. */
export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/**
 * Checks an E30 element: root, namespace, version vs `year`, the whole structure of that year's
 * schema; Vorsatz/Zeitraum must be `year`. `pathOf` names an element for a finding: in the caller's
 * XML, or in the body it was written from.
 */
export const readKstNutzdaten = (xml: string, year: number, pathOf = xmlPathOf): ReadKst =>
  readVorsatzNutzdaten(xml, {
    year,
    structure: kstSchemaStructure(year),
    rootLabel: 'an <E30> element (the corporate income tax return)',
    namespace: kstNamespace(year),
    pathOf,
  });

/** The parts of an E30 tree as a body names them, every Anlage included, and what they cannot carry. */
export function kstDocument(tree: XmlTree, year: number) {
  return readParts(tree, kstSchemaStructure(year));
}

/**
 * The structured body a caller's E30 maps to (contract §12): the parts a body carries (KSt 1, Anlage
 * GK, ZVE, Verluste, KSt 1 F, the Vorsatz), the year its version names; the request's own fields
 * (`year`, `tax_number`, …) are the handler's to add. `unmapped` names the other Anlagen, which only
 * the caller's XML carries, and what else the body cannot. A document that cannot be read maps to nothing.
 */
export async function readKstBack(xml: string): Promise<ReadBack> {
  const read = readXml(xml, { strict: true });
  if (!read.ok || read.tree.name !== 'E30') return { body: {}, unmapped: read.ok ? [read.tree.name] : [] };
  const year = Number(read.tree.attributes.version);
  if (!Number.isInteger(year)) return { body: {}, unmapped: ['E30/@version'] };
  const { parts, unmapped } = kstDocument(read.tree, year);
  const carried = (part: string) => (kstParts as readonly string[]).includes(part);
  const others = [...new Set(read.tree.children.filter(({ name }) => !carried(bodyName(name))).map(({ name }) => `/${name}`))];
  return { body: Object.fromEntries(Object.entries(parts).filter(([part]) => carried(part))), unmapped: [...others, ...unmapped] };
}
