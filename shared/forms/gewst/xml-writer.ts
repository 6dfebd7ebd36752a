// The trade tax return as ELSTER's Nutzdaten element: E20 of the year's schema, its parts written
// from the body by shared/forms/element-body.ts and the Vorsatz's identifying elements from the
// request. Built as a tree and serialised by buildXml, so no caller text ever becomes markup.
import type { Finding } from '#shared/domain/ticket.ts';
import { buildXml } from '#shared/xml/build.ts';
import { writeParts } from '#shared/forms/element-body.ts';
import { gewstNamespace, gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';
import { gewstParts, type GewstFiling } from '#shared/forms/gewst/schema.ts';

/**
 * The E20 element of a body, and what the body has that E20 does not (at its body path). The
 * Vorsatz's Unterfallart is E20's (20, E20-{year}.xsd), OrdNrArt says whether the return is filed by
 * tax number ("S") or is a first return ("O"), and a Vorsatz without Vorgang or Copyright gets the
 * original return ("01") and the service's name.
 */
export function gewstXml(body: GewstFiling, createdAt: Date): { xml: string; findings: Finding[] } {
  const parts = Object.fromEntries(Object.keys(gewstParts).map((part) => [part, body[part as keyof typeof gewstParts]]));
  const own = {
    Unterfallart: '20',
    StNr: body.tax_number,
    Zeitraum: String(body.year),
    OrdNrArt: body.tax_number === undefined ? 'O' : 'S',
  };
  const defaults = { Vorgang: '01', Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote` };
  const { element, findings } = writeParts(parts, gewstSchemaStructure(body.year), own, defaults);
  const xml = buildXml({ E20: { '@_xmlns': gewstNamespace(body.year), '@_version': String(body.year), ...element } });
  return { xml, findings };
}
