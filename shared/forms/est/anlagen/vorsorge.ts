// Anlage Vorsorgeaufwand (VOR): how it is written and shown. Sources as in xml-writer.ts.
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros, personTag } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';

export function provisionExpenses(body: EstReturn): XmlElement | undefined {
  const health = deductionCents(body, 'health_insurance');
  if (health === 0) return undefined;
  return { Beitr_g_KV_PV_Inl: { Person: personTag.taxpayer, AN: { [e10.healthInsurance]: expenseEuros(health) } } };
}

/** What the protocol shows of Anlage Vorsorgeaufwand. */
export const provisionLines: readonly AmountLine[] = [
  { form: 'VOR', path: ['Beitr_g_KV_PV_Inl', 'AN'], id: e10.healthInsurance, label: 'Beiträge zur gesetzlichen Kranken- und Pflegeversicherung' },
];
