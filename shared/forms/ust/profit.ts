// The annual VAT return's year figure: its Vorauszahlungssoll, the prepayments of the year including
// the special prepayment (USt 2A, E3011301; E50-2021.xsd to E50-2025.xsd), for the hint that holds it
// to the UStVAs of its year (shared/submission/hints-across.ts). It declares no profit.
import type { Profit } from '#shared/forms/form.ts';
import type { UstFiling } from '#shared/forms/ust/schema.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

export const profit: Profit | undefined = undefined;

const child = (node: XmlTree | undefined, name: string) => node?.children.find((candidate) => candidate.name === name);
const path = ['USt2A', 'Berech_USt', 'Tabelle', 'Verbl_USt', 'E3011301'];

/** The prepayments the return states, in euros; undefined where it states none. */
export function prepayment(body: UstFiling): number | undefined {
  let value: unknown;
  if (body.xml !== undefined) {
    const read = readXml(body.xml, { strict: true });
    // ELSTER writes the amount with a decimal comma.
    value = read.ok ? path.reduce<XmlTree | undefined>(child, read.tree)?.text.replace(',', '.') : undefined;
  } else value = path.reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name.toLowerCase()], body);
  return typeof value === 'number' || (typeof value === 'string' && isAmount(value)) ? toCents(value) / 100 : undefined;
}
