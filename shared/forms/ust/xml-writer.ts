// The annual VAT return as ELSTER's Nutzdaten element: E50 of the year's schema, its parts written
// from the body by shared/forms/element-body.ts and the Vorsatz's identifying elements from the request. Built as a
// tree and serialised by buildXml, so no caller text ever becomes markup.
import type { Finding } from '#shared/domain/ticket.ts';
import { buildXml } from '#shared/xml/build.ts';
import { type ElementParts, writeParts } from '#shared/forms/element-body.ts';
import { ustNamespace, ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import type { UstFiling } from '#shared/forms/ust/schema.ts';

/**
 * The E50 element of a body, and what the body has that E50 does not (at its body path). The
 * Vorsatz's Unterfallart is E50's (50, the pattern of E50-{year}.xsd), OrdNrArt says whether the
 * return is filed by tax number ("S") or is a first return ("O"), and a Vorsatz without Vorgang
 * or Copyright gets the original return ("01") and the service's name.
 */
export function ustXml(body: UstFiling, createdAt: Date): { xml: string; findings: Finding[] } {
  const parts: ElementParts = { ust2a: body.ust2a, un: body.un, fv: body.fv, vorsatz: body.vorsatz };
  const own = {
    Unterfallart: '50',
    StNr: body.tax_number,
    Zeitraum: String(body.year),
    OrdNrArt: body.tax_number === undefined ? 'O' : 'S',
  };
  const defaults = { Vorgang: '01', Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote` };
  const { element, findings } = writeParts(parts, ustSchemaStructure(body.year), own, defaults);
  const xml = buildXml({ E50: { '@_xmlns': ustNamespace(body.year), '@_version': String(body.year), ...element } });
  return { xml, findings };
}
