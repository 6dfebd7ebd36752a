// Anlage Außergewöhnliche Belastungen (AgB): how it is written and shown. Sources as in xml-writer.ts.
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';

export function extraordinaryBurdens(body: EstReturn): XmlElement | undefined {
  const medical = deductionCents(body, 'medical_costs');
  if (medical === 0) return undefined;
  return { And_Aufw: { Krankh: { Sum: { [e10.medicalCosts]: expenseEuros(medical) } } } };
}

/** What the protocol shows of Anlage Außergewöhnliche Belastungen. */
export const extraordinaryBurdenLines: readonly AmountLine[] = [
  { form: 'AgB', path: ['And_Aufw', 'Krankh', 'Sum'], id: e10.medicalCosts, label: 'Krankheitskosten' },
];
