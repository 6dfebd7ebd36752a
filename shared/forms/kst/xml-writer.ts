// The corporate income tax return as ELSTER's Nutzdaten element: E30 of the year's schema, its parts
// written from the body by shared/forms/element-body.ts and the Vorsatz's identifying elements from
// the request. Built as a tree and serialised by buildXml, so no caller text ever becomes markup.
import type { Finding } from '#shared/domain/ticket.ts';
import { writeParts } from '#shared/forms/element-body.ts';
import { kstParts, type KstFiling } from '#shared/forms/kst/schema.ts';
import { kstNamespace, kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { buildXml } from '#shared/xml/build.ts';

/**
 * The E30 element of a body, and what the body has that E30 does not (at its body path). The
 * Vorsatz's Unterfallart is E30's (30, the pattern of E30-{year}.xsd), OrdNrArt is "S", the only one
 * E30 takes (a return by tax number), and a Vorsatz without Vorgang
 * or Copyright gets the original return ("01") and the service's name.
 */
export function kstXml(body: KstFiling, createdAt: Date): { xml: string; findings: Finding[] } {
  const parts = Object.fromEntries(kstParts.map((part) => [part, body[part]]));
  const own = {
    Unterfallart: '30',
    StNr: body.tax_number,
    Zeitraum: String(body.year),
    OrdNrArt: 'S',
  };
  const defaults = { Vorgang: '01', Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote` };
  const { element, findings } = writeParts(parts, kstSchemaStructure(body.year), own, defaults);
  const xml = buildXml({ E30: { '@_xmlns': kstNamespace(body.year), '@_version': String(body.year), ...element } });
  return { xml, findings };
}
