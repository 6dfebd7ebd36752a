// Reading an E30 element (shared/forms/year-end-nutzdaten.ts): a caller's own Nutzdaten, the XML the
// body is written into, and what the sandbox re-checks.
import { readParts } from '#shared/forms/element-body.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { kstParts } from '#shared/forms/kst/schema.ts';
import { kstNamespace, kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { readYearEndBack, type YearEndElement } from '#shared/forms/year-end-nutzdaten.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

export const e30: YearEndElement = {
  structure: kstSchemaStructure,
  namespace: kstNamespace,
  label: 'an <E30> element (the corporate income tax return)',
  unterfallart: '30',
  // The other Anlagen (WA, OT, OG, Zinsschranke…) only a caller's XML carries.
  parts: kstParts,
};

/** The parts of an E30 tree as a body names them, every Anlage included, and what they cannot carry. */
export function kstDocument(tree: XmlTree, year: number) {
  return readParts(tree, kstSchemaStructure(year));
}

/** The structured body a caller's E30 maps to (readYearEndBack): the parts a body carries; the other Anlagen are named in `unmapped`. */
export const readKstBack = async (xml: string): Promise<ReadBack> => readYearEndBack(e30, xml);
