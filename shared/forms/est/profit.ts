// The profit an income tax return declares, for hints that hold it to the same business's other
// filings (its EÜR, say): what the taxpayer's and the spouse's own accounts found, in Anlage G (each
// business, and further businesses together) and Anlage S (each profession, and other self-employed
// activities). Shares in partnerships are left out: their own tax offices determine them from the
// partnership's accounts, which no filing of this client's carries.
import { gAnlage } from '#shared/forms/est/anlagen/g.ts';
import { readAnlage } from '#shared/forms/est/anlagen/map.ts';
import { sAnlage } from '#shared/forms/est/anlagen/s.ts';
import type { EstFiling } from '#shared/forms/est/schema.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';
import { parseXml, type XmlElement } from '#shared/xml/xml.ts';

type Lines = { profit?: unknown }[] | undefined;
type Trade = { businesses?: Lines; further_profit?: unknown };
type SelfEmployment = { professions?: Lines; other_activities?: Lines };

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as T[];
const amount = (value: unknown) => ((typeof value === 'number' || typeof value === 'string') && isAmount(value) ? toCents(value) : undefined);

function profitOf(trade: unknown, selfEmployment: unknown): number | undefined {
  const cents = [
    ...asList<Trade>(trade).flatMap((person) => [...(person.businesses ?? []).map((line) => line.profit), person.further_profit]),
    ...asList<SelfEmployment>(selfEmployment).flatMap((person) =>
      [...(person.professions ?? []), ...(person.other_activities ?? [])].map((line) => line.profit),
    ),
  ]
    .map(amount)
    .filter((value) => value !== undefined);
  return cents.length > 0 ? cents.reduce((all, value) => all + value, 0) / 100 : undefined;
}

const readFrom = (root: XmlElement, year: number) => profitOf(readAnlage(gAnlage, root, year).value, readAnlage(sAnlage, root, year).value);

/** The profit in euros of a filing's body (its fields, or the caller's E10), or undefined where it has neither Anlage G nor S. */
export function profit(body: EstFiling): number | undefined {
  if (body.xml === undefined) return profitOf(body.trade, body.self_employment);
  const read = parseXml(body.xml);
  return read.ok && read.root === 'E10' ? readFrom(read.element, body.year) : undefined;
}
