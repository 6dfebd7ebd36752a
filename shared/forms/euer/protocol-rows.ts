// The figures of an Anlage EÜR's protocol, read from the E77 as transmitted: the business, and the
// lines from the sums of income and expenses to the profit (totals.ts computes those it leaves out).
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { profitElement } from '#shared/forms/euer/totals.ts';
import { germanEuros } from '#shared/tax/money.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

const rows: readonly (readonly [element: string, label: string])[] = [
  ['E6001201', 'Summe der Betriebseinnahmen'],
  ['E6005301', 'Summe der Betriebsausgaben'],
  ['E6006801', 'Korrigierter Gewinn/Verlust'],
  [profitElement, 'Steuerpflichtiger Gewinn/Verlust'],
];

export const euerProtocolTitle = (year: number) => `Anlage EÜR ${year}`;

/** The name of the business or taxpayer (EUER/Allg/E6000016), where the E77 gives it. */
export function euerTaxpayer(tree: XmlTree): string | undefined {
  const allg = tree.children.find((child) => child.name === 'EUER')?.children.find((child) => child.name === 'Allg');
  return allg?.children.find((child) => child.name === 'E6000016')?.text;
}

/** The rows, amounts in German notation, the profit always (computed where the E77 leaves it out). */
export const euerRows = (amounts: ReadonlyMap<string, number>): ProtocolRow[] =>
  rows.flatMap(([element, label]) => {
    const cents = amounts.get(element);
    return cents === undefined ? [] : [{ label, value: germanEuros(cents, true) }];
  });
