// Anlage Sonderausgaben (SA): how it is written and shown. Sources as in xml-writer.ts.
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';

export function specialExpenses(body: EstReturn): XmlElement | undefined {
  const churchTax = deductionCents(body, 'church_tax_paid');
  const donations = deductionCents(body, 'donations');
  if (churchTax === 0 && donations === 0) return undefined;
  return {
    ...(churchTax > 0 && { KiSt: { Gezahlt: { Sum: { [e10.churchTaxPaid]: expenseEuros(churchTax) } } } }),
    // The sum of donations is Sum until 2022 (E10-2022.xsd) and Sum_Best from 2023 (E10-2023.xsd).
    ...(donations > 0 && {
      Zuw: { Sp_MB: { Foerd_st_beg_Zw_Inl: { [body.year >= 2023 ? 'Sum_Best' : 'Sum']: { [e10.donations]: expenseEuros(donations) } } } },
    }),
  };
}

/** What the protocol shows of Anlage Sonderausgaben. */
export const specialExpenseLines: readonly AmountLine[] = [
  { form: 'SA', path: ['KiSt', 'Gezahlt', 'Sum'], id: e10.churchTaxPaid, label: 'Gezahlte Kirchensteuer' },
  // Sum until 2022, Sum_Best from 2023 (fields.ts).
  { form: 'SA', path: ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum'], id: e10.donations, label: 'Spenden und Mitgliedsbeiträge' },
  { form: 'SA', path: ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum_Best'], id: e10.donations, label: 'Spenden und Mitgliedsbeiträge' },
];
