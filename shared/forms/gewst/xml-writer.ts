// The trade tax return as ELSTER's Nutzdaten element: E20 of the year's schema (Unterfallart 20),
// its parts (GewSt 1A, the Anlagen, the Vorsatz) written from the body (shared/forms/year-end-nutzdaten.ts).
import type { Finding } from '#shared/domain/ticket.ts';
import { gewstParts, type GewstFiling } from '#shared/forms/gewst/schema.ts';
import { e20 } from '#shared/forms/gewst/xml-reader.ts';
import { yearEndXml } from '#shared/forms/year-end-nutzdaten.ts';

/** The E20 element of a body, and what the body has that E20 does not (at its body path). */
export const gewstXml = (body: GewstFiling, createdAt: Date): { xml: string; findings: Finding[] } =>
  yearEndXml(e20, Object.fromEntries(Object.keys(gewstParts).map((part) => [part, body[part as keyof typeof gewstParts]])), body, createdAt);
