// The corporate income tax return as ELSTER's Nutzdaten element: E30 of the year's schema
// (Unterfallart 30), its parts (KSt 1, Anlage GK, ZVE, Verluste, KSt 1 F, the Vorsatz) written from
// the body (shared/forms/year-end-nutzdaten.ts). E30 takes OrdNrArt "S" only (a return by tax
// number), and a KSt request always names its tax number.
import type { Finding } from '#shared/domain/ticket.ts';
import { kstParts, type KstFiling } from '#shared/forms/kst/schema.ts';
import { e30 } from '#shared/forms/kst/xml-reader.ts';
import { yearEndXml } from '#shared/forms/year-end-nutzdaten.ts';

/** The E30 element of a body, and what the body has that E30 does not (at its body path). */
export const kstXml = (body: KstFiling, createdAt: Date): { xml: string; findings: Finding[] } =>
  yearEndXml(e30, Object.fromEntries(kstParts.map((part) => [part, body[part]])), body, createdAt);
