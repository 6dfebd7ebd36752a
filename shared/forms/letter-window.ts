// Which tax years a letter to the tax office may concern. A letter is no return of a year: it may be
// sent any day, about a year whose notice or return it concerns. The years are those ERiC lets an
// appeal name (Jahresdokumentation_Einspruch_22.xml: Verwaltungsakt_Jahr_aelter_20_Jahre,
// Verwaltungsakt_Jahr_in_Zukunft): the last twenty and the current one; a letter about what is still
// to come (prepayments, an extension for a return) may also name the next year.
import type { Finding } from '#shared/domain/ticket.ts';

/** The tax years a letter may name at all, whatever the day (the schema's `year`). */
export const letterYears = Array.from({ length: 2027 - 2005 }, (_, index) => 2006 + index);

/** The years a letter may name on `today`: the twenty before the current one, the current one and, with `ahead`, the next. */
export function letterWindow(today: string, ahead: 0 | 1): number[] {
  const current = Number(today.slice(0, 4));
  return letterYears.filter((year) => year >= current - 20 && year <= current + ahead);
}

/** Why a letter cannot name `year` on `today`; none where it can. */
export function letterYearFindings(year: number, today: string, ahead: 0 | 1): Finding[] {
  const current = Number(today.slice(0, 4));
  if (year > current + ahead)
    return [
      {
        path: 'year',
        code: 'YEAR_NOT_STARTED',
        message: `lies ahead: a letter may name the years up to ${current + ahead}`,
        expected: String(current + ahead),
      },
    ];
  if (year < current - 20)
    return [{ path: 'year', code: 'YEAR_CLOSED', message: `is more than twenty years back: ELSTER takes letters about ${current - 20} and later` }];
  return [];
}
