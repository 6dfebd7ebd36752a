// Reading an E50 element: a caller's own Nutzdaten, the XML the body is written into, and what the
// sandbox re-checks all go through the same reader (shared/forms/element-nutzdaten.ts), so the
// structure check, ERiC's rules and the protocol's figures see the same tree that is transmitted.
import { readElementBack, readElementNutzdaten, type ReadElement, xmlPathOf } from '#shared/forms/element-nutzdaten.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { e50 } from '#shared/forms/ust/structure.ts';

/** Checks an E50 element against the structure of `year`'s schema; Vorsatz/Zeitraum must be `year`. */
export const readUstNutzdaten = (xml: string, year: number, pathOf = xmlPathOf): ReadElement => readElementNutzdaten(e50, xml, year, pathOf);

/** The structured body a caller's E50 maps to (contract §12). */
export const readUstBack = async (xml: string): Promise<ReadBack> => readElementBack(e50, xml);
