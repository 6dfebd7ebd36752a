// The profit a corporate income tax return declares, for hints that hold filings of the same
// business to each other (the trade tax return's profit, say): the income from trade of Anlage GK
// (E8109901, of each Wirtschaftsjahr ending in the year), or, without Anlage GK, what Anlage ZVE
// carries of it (E8004904 and E8005002).
import { readParts } from '#shared/forms/element-body.ts';
import { amountOf } from '#shared/forms/kst/rules.ts';
import type { KstFiling } from '#shared/forms/kst/schema.ts';
import { kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { readXml } from '#shared/xml/xml.ts';

type Parts = Partial<Record<'gk' | 'zve', unknown>>;

const at = (node: unknown, ...keys: string[]) =>
  keys.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), node);

function profitOf({ gk, zve }: Parts): number | undefined {
  const sum = (amounts: (number | undefined)[]) =>
    amounts.some((amount) => amount !== undefined) ? amounts.reduce<number>((all, amount) => all + (amount ?? 0), 0) : undefined;
  const fromGk = Array.isArray(gk) ? sum(gk.map((part) => amountOf(at(part, 'einkunfte', 'e8109901')))) : undefined;
  return fromGk ?? sum(['e8004904', 'e8005002'].map((field) => amountOf(at(zve, 'sd_e', 'gewerbe', 'laufend', field))));
}

/** The profit in euros of a filing's body (its parts, or the caller's E30), or undefined where it declares none. */
export function profit(body: KstFiling): number | undefined {
  if (body.xml === undefined) return profitOf(body);
  const read = readXml(body.xml, { strict: true });
  return read.ok && read.tree.name === 'E30' ? profitOf(readParts(read.tree, kstSchemaStructure(body.year)).parts) : undefined;
}
