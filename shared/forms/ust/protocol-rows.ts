// The figures of an annual VAT return's protocol, read from the E50 as transmitted: the taxable
// sales, each base beside its tax (USt 2A, Umsaetze), and the lines that compute what is still owed
// (Berech_USt), in every year's schema (the 0 % and § 24 lines from 2023). Who files is the protocol's `taxpayer`.
import { fieldRows, type ProtocolRow } from '#shared/forms/protocol-row.ts';
import type { FieldValue } from '#shared/forms/element-body.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';

/** The business, as USt 2A names it. */
export const ustBusinessField = 'E3000901';

const sales: readonly (readonly [base: string, tax: string | undefined, label: string])[] = [
  ['E3003303', 'E3003304', 'Lieferungen und sonstige Leistungen zu 19 %'],
  ['E3003405', 'E3003406', 'Lieferungen nach § 3 Abs. 1b UStG zu 19 %'],
  ['E3003505', 'E3003506', 'Sonstige Leistungen nach § 3 Abs. 9a UStG zu 19 %'],
  ['E3004401', 'E3004402', 'Lieferungen und sonstige Leistungen zu 7 %'],
  ['E3003703', 'E3003704', 'Lieferungen nach § 3 Abs. 1b UStG zu 7 %'],
  ['E3003803', 'E3003804', 'Sonstige Leistungen nach § 3 Abs. 9a UStG zu 7 %'],
  ['E3003001', undefined, 'Sonstige Leistungen nach § 3 Abs. 9a UStG zu 0 %'],
  ['E3005001', 'E3005002', 'Umsätze zu anderen Steuersätzen'],
  ['E3005005', 'E3005006', 'Umsätze land- und forstwirtschaftlicher Betriebe (§ 24 UStG)'],
];

const rows: readonly (readonly [field: string, label: string])[] = [
  ['E3006001', 'Umsatzsteuer auf die steuerpflichtigen Umsätze'],
  ['E3009801', 'Umsatzsteuer insgesamt'],
  ['E3009901', 'Abziehbare Vorsteuerbeträge'],
  ['E3010601', 'Verbleibender Betrag'],
  ['E3011101', 'Verbleibende Umsatzsteuer'],
  ['E3011301', 'Vorauszahlungssoll'],
  ['E3011401', 'Noch zu entrichten (+) / Erstattung (−)'],
];

export const ustProtocolTitle = (year: number) => `Umsatzsteuererklärung ${year}`;

/** An amount as the E50 writes it (whole euros, or euros and cents after a comma) in German notation. */
const shown = (text: string) =>
  /^-?\d+,\d{2}$/.test(text) ? germanEuros(toCents(text.replace(',', '.')), true) : /^-?\d+$/.test(text) ? germanEuros(Number(text) * 100, false) : text;

/** The rows the return has: each base of its sales with its tax, then what is owed; amounts in German notation. */
export function ustRows(fields: ReadonlyMap<string, FieldValue>): ProtocolRow[] {
  const bases = sales.flatMap(([base, tax, label]): ProtocolRow[] => {
    const [baseText, taxText] = [fields.get(base)?.text, tax === undefined ? undefined : fields.get(tax)?.text];
    if (baseText === undefined && taxText === undefined) return [];
    return [{ label, value: baseText === undefined ? '' : shown(baseText), ...(taxText !== undefined && { tax: shown(taxText) }) }];
  });
  return [...bases, ...fieldRows(rows, fields, shown)];
}
