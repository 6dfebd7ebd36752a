// The ZM's periods and kinds of supply under the request's names, each beside the value of ELSTER's
// schema it is written as (shared/elster/schemas/zm_000005.xsd: quart_Type and umsatzart_Type, and
// the fields quart and umsatzart of shared/elster/rules/Jahresdokumentation_ZMDO.xml).

const months = Array.from({ length: 12 }, (_, index) => [String(index + 1).padStart(2, '0'), String(index + 21)] as const);

/**
 * Each reporting period and its `quart`: a month "01"–"12" (21–32), a quarter "41"–"44" as the
 * UStVA names it (1–4), the two-month periods "01-02", "04-05", "07-08", "10-11" (11–14; § 18a
 * Abs. 2 UStG: the first two months of a quarter, once the threshold is passed in the second) and
 * the calendar year, "year" (5; § 18a Abs. 9 UStG).
 */
export const zmPeriodQuart: Readonly<Record<string, string>> = Object.fromEntries([
  ...months,
  ['41', '1'],
  ['42', '2'],
  ['43', '3'],
  ['44', '4'],
  ['01-02', '11'],
  ['04-05', '12'],
  ['07-08', '13'],
  ['10-11', '14'],
  ['year', '5'],
]);
export const zmPeriods = Object.keys(zmPeriodQuart);
export const periodOfQuart = new Map(Object.entries(zmPeriodQuart).map(([period, quart]) => [quart, period]));

/** The months a period covers, 1–12. */
export function periodMonths(period: string): { first: number; last: number } {
  const quart = Number(zmPeriodQuart[period]);
  if (quart >= 21) return { first: quart - 20, last: quart - 20 };
  if (quart >= 11) return { first: (quart - 11) * 3 + 1, last: (quart - 11) * 3 + 2 };
  if (quart === 5) return { first: 1, last: 12 };
  return { first: (quart - 1) * 3 + 1, last: quart * 3 };
}

export const isMonth = (period: string) => Number(zmPeriodQuart[period]) >= 21;

/** The kind of each line and its `umsatzart`. */
export const lineKinds = { goods: 'L', triangular_trade: 'D', services: 'S' } as const;
export type LineKind = keyof typeof lineKinds;
export const kindOfUmsatzart = new Map(Object.entries(lineKinds).map(([kind, code]) => [code as string, kind as LineKind]));

/** Whole euros, the most a line may carry either way (betrag_Type). */
export const largestAmount = 99_999_999_999;

/** At most so many lines per report (the workbook's "max. Zeilen" of the line's fields). */
export const maxLines = 1500;

export interface ZmLine {
  customer_vat_id: string;
  amount: number;
  kind: LineKind;
}

export interface ZmFlags {
  /** meldeart 11: a corrected report of the period. */
  corrected?: boolean;
  /** anzeige: from now on monthly (§ 18a Abs. 1 Satz 2 UStG). */
  monthly_notice?: boolean;
  /** widerruf: that notice revoked. */
  monthly_revoked?: boolean;
}

/** What the rules read, from the request's fields or the caller's XML. */
export interface ZmFigures {
  year: number;
  period: string;
  lines: readonly ZmLine[];
  flags: ZmFlags;
  business?: { country?: string; postal_code?: string };
}
