// Reading an E77 element: a caller's own Nutzdaten, the XML the body is written into, and what the
// sandbox re-checks all go through the same reader (shared/forms/element-nutzdaten.ts), so the
// structure check, the totals and the protocol's figures see the same tree that is transmitted.
import { readElementBack, readElementNutzdaten, xmlPathOf } from '#shared/forms/element-nutzdaten.ts';
import type { CallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { e77 } from '#shared/forms/euer/structure.ts';
import type { ReadBack } from '#shared/forms/form.ts';

/** Checks an E77 element against the structure of `year`'s schema; Vorsatz/Zeitraum must be `year`. */
export const readEuerNutzdaten = (xml: string, year: number, pathOf = xmlPathOf): CallerNutzdaten => readElementNutzdaten(e77, xml, year, pathOf);

/** The structured body a caller's E77 maps to (contract §12). */
export const readEuerBack = async (xml: string): Promise<ReadBack> => readElementBack(e77, xml);
