// Which tax years a letter to the tax office may concern. A letter is no return of a year: it may be
// sent any day, about a year whose notice or return it concerns. The years are those ERiC lets an
// appeal name (Jahresdokumentation_Einspruch_22.xml: Verwaltungsakt_Jahr_aelter_20_Jahre,
// Verwaltungsakt_Jahr_in_Zukunft): the last twenty and the current one; a letter about what is still
// to come (prepayments, an extension for a return) may also name the next year.
import type { YearWindow } from '#shared/forms/form-facts.ts';

/** The tax years a letter may name at all, whatever the day (the schema's `year`). */
export const letterYears = Array.from({ length: 2027 - 2005 }, (_, index) => 2006 + index);

/**
 * The years a letter may name on a day (shared/forms/years.ts): the twenty before the current one, the
 * current one and, `ahead`, the next; `rules` where the letter's workbook names the refusals.
 */
export const letterWindow = (ahead: boolean, rules?: YearWindow['rules']): YearWindow => ({
  opens: ahead ? 'year-before' : 'year-begun',
  closes: { after: 20, why: 'ELSTER takes letters about the last twenty years only' },
  ...(rules && { rules }),
  offered: 'the years of the letter’s one schema',
});
