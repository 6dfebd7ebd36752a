// The figures of a corporate income tax return's protocol, read from the E30 as transmitted: who
// files, the profit of Anlage GK, and Anlage ZVE's lines from the sum of the income to the tax.
import type { FieldValue } from '#shared/forms/element-body.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';

const rows: readonly (readonly [field: string, label: string])[] = [
  ['E8000101', 'Körperschaft'],
  ['E8109901', 'Einkünfte aus Gewerbebetrieb (Anlage GK)'],
  ['E8005401', 'Summe der Einkünfte'],
  ['E8006901', 'Gesamtbetrag der Einkünfte'],
  ['E8007301', 'Einkommen'],
  ['E8007501', 'Zu versteuerndes Einkommen'],
  ['E8007502', 'Körperschaftsteuer (15 %)'],
];

export const kstProtocolTitle = (year: number) => `Körperschaftsteuererklärung ${year}`;

/** The rows the return has, amounts in German notation. */
export function kstRows(fields: ReadonlyMap<string, FieldValue>): ProtocolRow[] {
  return rows.flatMap(([field, label]) => {
    const text = fields.get(field)?.text;
    if (text === undefined) return [];
    const amount = /^-?\d+$/.test(text) ? germanEuros(toCents(text), false) : text;
    return [{ label, value: amount }];
  });
}
