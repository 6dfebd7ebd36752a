// Reading an E20 element (shared/forms/year-end-nutzdaten.ts): a caller's own Nutzdaten, the XML the
// body is written into, and what the sandbox re-checks.
import type { ReadBack } from '#shared/forms/form.ts';
import { readYearEndBack, type YearEndElement } from '#shared/forms/year-end-nutzdaten.ts';
import { gewstNamespace, gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';

export const e20: YearEndElement = {
  structure: gewstSchemaStructure,
  namespace: gewstNamespace,
  label: 'an <E20> element (the trade tax return)',
  unterfallart: '20',
};

/** The structured body a caller's E20 maps to (readYearEndBack). */
export const readGewstBack = async (xml: string): Promise<ReadBack> => readYearEndBack(e20, xml);
