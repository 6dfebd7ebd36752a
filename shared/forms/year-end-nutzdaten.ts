// The Nutzdaten element of a year-end return whose body mirrors it (shared/forms/element-body.ts:
// the annual VAT return's E50, the corporate income tax return's E30, the trade tax return's E20), written from a body and read: a caller's
// own, the XML a body is written into, and what the sandbox re-checks all go through the same
// reader, so the structure check, ERiC's rules and the protocol's figures see the same tree that is
// transmitted. Built as a tree and serialised by buildXml, so no caller text ever becomes markup.
import type { Finding } from '#shared/domain/ticket.ts';
import { bodyName, type ElementParts, readParts, vorsatzSetBySelf, writeParts } from '#shared/forms/element-body.ts';
import { replacedElements } from '#shared/forms/replaced.ts';
import { buildXml } from '#shared/xml/build.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { type CallerNutzdaten, readVorsatzNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';

/** Where a caller's element is, for a finding. */
export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/** A form's element: its schema's structure of a year, its namespace of a year, and what it is for a person. */
export interface YearEndElement {
  structure: (year: number) => CompactStructure;
  namespace: (year: number) => string;
  /** "an <E50> element (the annual VAT return)" */
  label: string;
  /** The Vorsatz's Unterfallart, the form's number (the schema's pattern): "50" for E50. */
  unterfallart: string;
  /** The parts a body carries, by their body names, where it carries not every part of the element. */
  parts?: readonly string[];
}

/**
 * The element of a body's `parts`, and what the parts have that the element does not (at its body
 * path). The Vorsatz's Unterfallart is the form's, OrdNrArt says whether the return is filed by tax
 * number ("S") or is a first return ("O"), and a Vorsatz without Vorgang, Copyright or
 * Rueckuebermittlung gets the original return ("01"), the service's name and no notice for download.
 */
export function yearEndXml(
  element: YearEndElement,
  parts: ElementParts,
  body: { year: number; tax_number?: string | undefined; bescheiddaten?: boolean | undefined },
  createdAt: Date,
): { xml: string; findings: Finding[] } {
  const structure = element.structure(body.year);
  const own = {
    Unterfallart: element.unterfallart,
    StNr: body.tax_number,
    Zeitraum: String(body.year),
    OrdNrArt: body.tax_number === undefined ? 'O' : 'S',
  };
  // ERiC asks every return whether its notice is wanted for download (Rueckuebermittlung_Bescheid_Pflichtfeld): "2", no, unless the body says.
  const defaults = {
    Vorgang: '01',
    Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote`,
    Rueckuebermittlung: { bescheid: body.bescheiddaten ? '1' : '2' },
  };
  const written = writeParts(parts, structure, own, defaults);
  const xml = buildXml({ [structure.root]: { '@_xmlns': element.namespace(body.year), '@_version': String(body.year), ...written.element } });
  return { xml, findings: written.findings };
}

/**
 * Checks the element: root, namespace, version vs `year`, the whole structure of that year's schema;
 * Vorsatz/Zeitraum must be `year` (shared/xml/caller-nutzdaten.ts). `pathOf` names an element for a
 * finding: in the caller's XML, or in the body it was written from.
 */
export const readYearEndNutzdaten = (element: YearEndElement, xml: string, year: number, pathOf = xmlPathOf): CallerNutzdaten =>
  readVorsatzNutzdaten(xml, { year, structure: element.structure(year), rootLabel: element.label, namespace: element.namespace(year), pathOf });

/**
 * The structured body a caller's element maps to (contract §12): its parts, the year its version
 * names; the request's own fields (`year`, `tax_number`, …) are the handler's to add. `unmapped`
 * names what the body cannot carry, the parts it does not carry first. A document that cannot be
 * read maps to nothing.
 */
export function readYearEndBack(element: YearEndElement, xml: string): ReadBack {
  const read = readXml(xml, { strict: true });
  const root = element.structure(Number.MAX_SAFE_INTEGER).root;
  if (!read.ok || read.tree.name !== root) return { body: {}, unmapped: read.ok ? [read.tree.name] : [], replaced: [] };
  const year = Number(read.tree.attributes.version);
  if (!Number.isInteger(year)) return { body: {}, unmapped: [`${root}/@version`], replaced: [] };
  const { parts, unmapped } = readParts(read.tree, element.structure(year));
  const carried = (part: string) => element.parts?.includes(part) ?? true;
  const others = [...new Set(read.tree.children.filter(({ name }) => !carried(bodyName(name))).map(({ name }) => `/${name}`))];
  return {
    body: Object.fromEntries(Object.entries(parts).filter(([part]) => carried(part))),
    unmapped: [...others, ...unmapped],
    replaced: replacedElements(xml, vorsatzSetBySelf(root)),
  };
}
