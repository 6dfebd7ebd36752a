// The annual VAT return as ELSTER's Nutzdaten element: E50 of the year's schema (Unterfallart 50),
// its parts (USt 2A, Anlage UN and FV, the Vorsatz) written from the body (shared/forms/year-end-nutzdaten.ts).
import type { Finding } from '#shared/domain/ticket.ts';
import { yearEndXml } from '#shared/forms/year-end-nutzdaten.ts';
import type { UstFiling } from '#shared/forms/ust/schema.ts';
import { e50 } from '#shared/forms/ust/xml-reader.ts';

/** The E50 element of a body, and what the body has that E50 does not (at its body path). */
export const ustXml = (body: UstFiling, createdAt: Date): { xml: string; findings: Finding[] } =>
  yearEndXml(e50, { ust2a: body.ust2a, un: body.un, fv: body.fv, vorsatz: body.vorsatz }, body, createdAt);
