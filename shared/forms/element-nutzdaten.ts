// Writing and reading the Nutzdaten of a year-end return whose body is its ELSTER element
// (element-body.ts): its root in the year's namespace, the parts written from the body and the
// Vorsatz's identifying elements from the request; read back through the same structure check that
// a caller's own XML, the XML written from a body and the sandbox's re-check all go through.
import type { Finding } from '#shared/domain/ticket.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { type ElementParts, readParts, vorsatzSetBySelf, writeParts } from '#shared/forms/element-body.ts';
import { replacedElements } from '#shared/forms/replaced.ts';
import { buildXml } from '#shared/xml/build.ts';
import { type CallerNutzdaten, readVorsatzNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { readXml } from '#shared/xml/xml.ts';

/** A form of this kind: its root, how a person calls it, and its year's namespace and structure. */
export interface ElementForm {
  root: string;
  /** "an <E50> element (the annual VAT return)". */
  rootLabel: string;
  /** The Vorsatz's Unterfallart: the form's number in ELSTER's Erklärungen (50, 77…). */
  unterfallart: string;
  namespace(year: number): string;
  structure(year: number): CompactStructure;
}

/** What every filing of such a form carries beside its parts. */
export interface ElementRequest {
  year: number;
  tax_number?: string;
}

/**
 * The root element of a body's `parts`, and what the body has that the schema does not (at its body
 * path). OrdNrArt says whether the return is filed by tax number ("S") or is a first return ("O"),
 * and a Vorsatz without Vorgang or Copyright gets the original return ("01") and the service's name.
 */
export function writeElement(form: ElementForm, body: ElementRequest, parts: ElementParts, createdAt: Date): { xml: string; findings: Finding[] } {
  const own = {
    Unterfallart: form.unterfallart,
    StNr: body.tax_number,
    Zeitraum: String(body.year),
    OrdNrArt: body.tax_number === undefined ? 'O' : 'S',
  };
  const defaults = { Vorgang: '01', Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote` };
  const { element, findings } = writeParts(parts, form.structure(body.year), own, defaults);
  const xml = buildXml({ [form.root]: { '@_xmlns': form.namespace(body.year), '@_version': String(body.year), ...element } });
  return { xml, findings };
}

/** Where a caller's element is, for a finding. */
export const xmlPathOf = (names: readonly string[]) => ['xml', ...names].join('.');

/**
 * Checks the form's element: root, namespace, version vs `year`, the whole structure of that year's
 * schema, Vorsatz/Zeitraum and StNr (readVorsatzNutzdaten). `pathOf` names an element for a finding:
 * in the caller's XML, or in the body it was written from.
 */
export const readElementNutzdaten = (form: ElementForm, xml: string, year: number, pathOf = xmlPathOf): CallerNutzdaten =>
  readVorsatzNutzdaten(xml, { year, structure: form.structure(year), rootLabel: form.rootLabel, namespace: form.namespace(year), pathOf });

/**
 * The structured body a caller's element maps to (contract §12): its parts, the year its version
 * names; the request's own fields (`year`, `tax_number`, …) are the handler's to add. `unmapped`
 * names what the body cannot carry. A document that cannot be read maps to nothing.
 */
export function readElementBack(form: ElementForm, xml: string): ReadBack {
  const read = readXml(xml, { strict: true });
  if (!read.ok || read.tree.name !== form.root) return { body: {}, unmapped: read.ok ? [read.tree.name] : [], replaced: [] };
  const year = Number(read.tree.attributes.version);
  if (!Number.isInteger(year)) return { body: {}, unmapped: [`${form.root}/@version`], replaced: [] };
  const { parts, unmapped } = readParts(read.tree, form.structure(year));
  return { body: parts, unmapped, replaced: replacedElements(xml, vorsatzSetBySelf(form.root)) };
}
