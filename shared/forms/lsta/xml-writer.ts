// Builds the LStA's Nutzdaten: the `Anmeldungssteuern` element that ERiC wraps into its envelope,
// in the namespace and version of the year's schema (shared/elster/schemas/LStA-{year}.xsd), every
// element in the schema's order (structure.ts). Amounts are written with a dot and exactly two
// decimals, counts as whole numbers, as the schema's types ask (DezimalzahlOhneFuehrNull_…_MinNK2_
// MaxNK2, GanzzahlNichtNegOhneFuehrNull_MaxVK7); Kz09 carries the Hersteller-ID alone, as the UStVA's.
import type { Supplier } from '#shared/forms/anmeldungssteuern.ts';
import { anmeldungssteuernXml, commonFilingValues } from '#shared/forms/anmeldungssteuern-xml.ts';
import { flagKennzahlen, kennzahlOf } from '#shared/forms/lsta/kennzahlen.ts';
import type { LstaFlags } from '#shared/forms/lsta/model.ts';
import { lohnsteueranmeldung } from '#shared/forms/lsta/structure.ts';
import { formatEuros, hasAtMostTwoDecimals, isAmount, toCents } from '#shared/tax/money.ts';

export interface LstaNutzdatenInput {
  year: number;
  period: string;
  /** 13-digit ELSTER format */
  taxNumber: string;
  kennzahlen: Record<string, number | string>;
  flags?: LstaFlags;
  supplier: Supplier;
  /** Berater, Mandant, Unternehmer: each its elements in the schema's order (partiesXml). */
  parties: Record<string, Record<string, string>>;
  herstellerId: string;
  createdAt: Date;
}

export const lstaNamespace = (year: number) => `http://finkonsens.de/elster/elsteranmeldung/lsta/v${year}`;

/**
 * The `Anmeldungssteuern` element, without an XML declaration. Expects figures that passed
 * `lstaFindings`; anything it cannot write faithfully throws rather than be altered.
 */
export function lstaNutzdaten(input: LstaNutzdatenInput): string {
  const values = [
    ...commonFilingValues(input, flagKennzahlen),
    ['Zeitraum', input.period] as [string, string],
    ...Object.entries(input.kennzahlen).map(([key, value]) => kennzahlValue(input.year, key, value)),
  ];
  return anmeldungssteuernXml({ ...input, namespace: lstaNamespace(input.year) }, lohnsteueranmeldung(input.year), values);
}

function kennzahlValue(year: number, key: string, value: number | string): [string, string] {
  const spec = kennzahlOf(year, key);
  if (!spec) throw new RangeError(`${key} is not a Kennzahl of the ${year} LStA form`);
  if (spec.kind === 'key') return [spec.element, String(value)];
  if (!isAmount(value)) throw new RangeError(`${key} must be a number`);
  if (spec.kind === 'count') return [spec.element, String(toCents(value) / 100)];
  if (!hasAtMostTwoDecimals(value)) throw new RangeError(`${key} must be an amount with at most two decimals`);
  return [spec.element, formatEuros(toCents(value))];
}
