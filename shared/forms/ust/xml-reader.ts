// Reading an E50 element (shared/forms/year-end-nutzdaten.ts): a caller's own Nutzdaten, the XML the
// body is written into, and what the sandbox re-checks.
import type { ReadBack } from '#shared/forms/form.ts';
import { readYearEndBack, type YearEndElement } from '#shared/forms/year-end-nutzdaten.ts';
import { ustNamespace, ustSchemaStructure } from '#shared/forms/ust/structure.ts';

export const e50: YearEndElement = {
  structure: ustSchemaStructure,
  namespace: ustNamespace,
  label: 'an <E50> element (the annual VAT return)',
  unterfallart: '50',
};

/** The structured body a caller's E50 maps to (readYearEndBack). */
export const readUstBack = async (xml: string): Promise<ReadBack> => readYearEndBack(e50, xml);
