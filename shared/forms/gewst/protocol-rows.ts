// The figures of a trade tax return's protocol, read from the E20 as transmitted: who files, what
// the business does, and the profit the trade earnings start from (GewSt 1A, in every year's schema).
import type { FieldValue } from '#shared/forms/element-body.ts';
import { fieldRows, type ProtocolRow } from '#shared/forms/protocol-row.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';

const rows: readonly (readonly [field: string, label: string])[] = [
  ['E4000101', 'Unternehmen'],
  ['E4000201', 'Gegenstand des Unternehmens'],
  ['E4001703', 'Gewinn aus Gewerbebetrieb'],
  ['E4004202', 'Nach § 5a EStG ermittelter Gewinn'],
  ['E4001803', 'Hebenummer der Gemeinde'],
];

export const gewstProtocolTitle = (year: number) => `Gewerbesteuererklärung ${year}`;

/** The rows the return has, amounts in German notation. */
export const gewstRows = (fields: ReadonlyMap<string, FieldValue>): ProtocolRow[] =>
  fieldRows(rows, fields, (text, field) => (/^-?\d+$/.test(text) && field !== 'E4001803' ? germanEuros(toCents(text), false) : text));
