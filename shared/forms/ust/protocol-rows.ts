// The figures of an annual VAT return's protocol, read from the E50 as transmitted: who files, and
// the lines that compute what is still owed (USt 2A, Berech_USt, in every year's schema).
import { fieldRows, type ProtocolRow } from '#shared/forms/protocol-row.ts';
import type { FieldValue } from '#shared/forms/element-body.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';

const rows: readonly (readonly [field: string, label: string])[] = [
  ['E3000901', 'Unternehmer'],
  ['E3006001', 'Umsatzsteuer auf die steuerpflichtigen Umsätze'],
  ['E3009801', 'Umsatzsteuer insgesamt'],
  ['E3009901', 'Abziehbare Vorsteuerbeträge'],
  ['E3010601', 'Verbleibender Betrag'],
  ['E3011101', 'Verbleibende Umsatzsteuer'],
  ['E3011301', 'Vorauszahlungssoll'],
  ['E3011401', 'Noch zu entrichten (+) / Erstattung (−)'],
];

export const ustProtocolTitle = (year: number) => `Umsatzsteuererklärung ${year}`;

/** The rows the return has, amounts in German notation. */
export const ustRows = (fields: ReadonlyMap<string, FieldValue>): ProtocolRow[] =>
  fieldRows(rows, fields, (text) => (/^-?\d+,\d{2}$/.test(text) ? germanEuros(toCents(text.replace(',', '.')), true) : text));
