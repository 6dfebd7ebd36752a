// The annual VAT return as ELSTER's Nutzdaten element: E50 of the year's schema, its parts written
// from the body and the Vorsatz's identifying elements from the request (shared/forms/element-nutzdaten.ts).
// Built as a tree and serialised by buildXml, so no caller text ever becomes markup.
import type { Finding } from '#shared/domain/ticket.ts';
import { writeElement } from '#shared/forms/element-nutzdaten.ts';
import { e50 } from '#shared/forms/ust/structure.ts';
import type { UstFiling } from '#shared/forms/ust/schema.ts';

/** The E50 element of a body, and what the body has that E50 does not (at its body path); Unterfallart 50 is E50's (E50-{year}.xsd). */
export const ustXml = (body: UstFiling, createdAt: Date): { xml: string; findings: Finding[] } =>
  writeElement(e50, body, { ust2a: body.ust2a, un: body.un, fv: body.fv, vorsatz: body.vorsatz }, createdAt);
