// Reading the Nutzdaten element of a year-end return whose body mirrors it (shared/forms/element-body.ts:
// the annual VAT return's E50, the trade tax return's E20): a caller's own, the XML a body is
// written into, and what the sandbox re-checks all go through the same reader, so the structure
// check, ERiC's rules and the protocol's figures see the same tree that is transmitted.
import type { Finding } from '#shared/domain/ticket.ts';
import { readParts } from '#shared/forms/element-body.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

export type ReadYearEnd = { ok: true; tree: XmlTree; findings: Finding[] } | { ok: false; findings: Finding[] };

/** Where a caller's element is, for a finding. */
export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/** A form's element: its schema's structure of a year, its namespace of a year, and what it is for a person. */
export interface YearEndElement {
  structure: (year: number) => CompactStructure;
  namespace: (year: number) => string;
  /** "an <E50> element (the annual VAT return)" */
  label: string;
}

const vorsatzText = (tree: XmlTree, name: string) =>
  tree.children.find((child) => child.name === 'Vorsatz')?.children.find((child) => child.name === name)?.text;

/**
 * Checks the element: root, namespace, version vs `year`, the whole structure of that year's schema;
 * Vorsatz/Zeitraum must be `year`. `pathOf` names an element for a finding: in the caller's XML, or
 * in the body it was written from.
 */
export function readYearEndNutzdaten(element: YearEndElement, xml: string, year: number, pathOf = xmlPathOf): ReadYearEnd {
  const read = readCallerNutzdaten(xml, {
    year,
    structure: element.structure(year),
    rootLabel: element.label,
    namespace: element.namespace(year),
    pathOf,
    // Vorsatz/Zeitraum is compared with the request below, Vorsatz/StNr's form too; the check holds StNr to the request.
    ownValue: (names) => names.length === 2 && names[0] === 'Vorsatz' && ['StNr', 'Zeitraum'].includes(names[1]!),
  });
  if (!read.ok) return read;
  const { tree, findings } = read;
  const period = vorsatzText(tree, 'Zeitraum');
  if (period !== undefined && period !== String(year)) {
    findings.push({
      path: pathOf(['Vorsatz', 'Zeitraum']),
      code: 'XML_PERIOD',
      message: `has ${period}, but the request is for ${year}`,
      expected: String(year),
    });
  }
  const taxNumber = vorsatzText(tree, 'StNr');
  if (taxNumber !== undefined && !/^\d{13}$/.test(taxNumber)) {
    findings.push({ path: pathOf(['Vorsatz', 'StNr']), code: 'XML_TAX_NUMBER', message: 'is not a 13-digit ELSTER tax number' });
  }
  return { ok: true, tree, findings };
}

/**
 * The structured body a caller's element maps to (contract §12): its parts, the year its version
 * names; the request's own fields (`year`, `tax_number`, …) are the handler's to add. `unmapped`
 * names what the body cannot carry. A document that cannot be read maps to nothing.
 */
export function readYearEndBack(element: YearEndElement, xml: string): ReadBack {
  const read = readXml(xml, { strict: true });
  const root = element.structure(Number.MAX_SAFE_INTEGER).root;
  if (!read.ok || read.tree.name !== root) return { body: {}, unmapped: read.ok ? [read.tree.name] : [] };
  const year = Number(read.tree.attributes.version);
  if (!Number.isInteger(year)) return { body: {}, unmapped: [`${root}/@version`] };
  const { parts, unmapped } = readParts(read.tree, element.structure(year));
  return { body: parts, unmapped };
}
