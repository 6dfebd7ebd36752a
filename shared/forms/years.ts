// Which years a form is filed for on a given day, and why not another: the one place that decides
// it for every form, from the window each form's facts declare (FormFacts `window`) and the years
// whose schema steuerbote has (FormFacts `years`: its own, or the stand-in docs/sources.md names).
import type { Finding, Kind } from '#shared/domain/ticket.ts';
import type { FormFacts, YearWindow } from '#shared/forms/form-facts.ts';

/**
 * The window of a return of a whole year that is filed, corrected too, while its assessment may be
 * made or changed: four years (§ 169 Abs. 2 Satz 1 Nr. 2 AO) from the end of the year it is filed,
 * which begin at the latest three years after the tax year (§ 170 Abs. 2 Satz 1 Nr. 1 AO).
 */
export const assessedYearWindow = (offered: string): YearWindow => ({
  opens: 'year-ended',
  closes: {
    after: 7,
    why: 'the assessment may be made or changed until the end of the seventh year after it at the latest (§ 169 Abs. 2 Satz 1 Nr. 2, § 170 Abs. 2 Satz 1 Nr. 1 AO)',
  },
  offered,
});

/**
 * The years of the Anmeldungssteuern forms (UStVA, LStA): from 2021, the first of ELSTER's current
 * Anmeldungssteuern structure, to the year begun, 2026 checked against the 2025 schema.
 */
const anmeldungssteuernYears: Pick<FormFacts, 'years' | 'window'> = {
  years: [2021, 2022, 2023, 2024, 2025, 2026],
  window: {
    opens: 'year-begun',
    offered:
      "ELSTER's current Anmeldungssteuern structure begins with 2021 (ERiC carries the years before it in the older one), and 2026 is checked against the 2025 schema",
  },
};

/** The facts of an Anmeldungssteuern form (UStVA, LStA): its years, Verfahren `ElsterAnmeldung` and Datenart version `<datenart>_<year>`. */
export const anmeldungFacts = <K extends Kind>(kind: K, datenart: string): FormFacts<K> => ({
  kind,
  ...anmeldungssteuernYears,
  verfahren: 'ElsterAnmeldung',
  datenart,
  datenartVersion: (year) => `${datenart}_${year}`,
});

/**
 * The facts of a return of a whole year (EÜR, GewSt, USt, KSt) from 2021 to `last`: filed while its
 * assessment may be changed (`assessedYearWindow`), as Verfahren `ElsterErklaerung` with the Datenart
 * version `<version>_<year>` (`datenart` unless said otherwise).
 */
export const erklaerungFacts = <K extends Kind>(kind: K, datenart: string, last: number, offered: string, version = datenart): FormFacts<K> => ({
  kind,
  years: Array.from({ length: last - 2020 }, (_, at) => 2021 + at),
  window: assessedYearWindow(offered),
  verfahren: 'ElsterErklaerung',
  datenart,
  datenartVersion: (year) => `${version}_${year}`,
});

const yearOf = (today: string) => Number(today.slice(0, 4));

/**
 * Why `year` cannot be filed on `today`; none when it can. A deadline that has passed comes first
 * (YEAR_CLOSED, with that day), then a year not yet open (YEAR_NOT_BEGUN, YEAR_NOT_ENDED, with the
 * day it opens), and a year steuerbote has no schema for is YEAR_UNSUPPORTED: never closed by a
 * deadline still ahead.
 */
export function yearFindings(facts: FormFacts, year: number, today: string): Finding[] {
  const { window } = facts;
  const current = yearOf(today);
  const rule = (name: string | undefined) => (name === undefined ? {} : { rule: name });
  if (window.closes && year + window.closes.after < current) {
    const closed = `${year + window.closes.after}-12-31`;
    return [
      { path: 'year', code: 'YEAR_CLOSED', message: `can no longer be filed: it closed on ${closed}, as ${window.closes.why}`, ...rule(window.rules?.closed) },
    ];
  }
  if (window.opens === 'year-ended' && year >= current) {
    const first = `${year + 1}-01-01`;
    return [
      {
        path: 'year',
        code: 'YEAR_NOT_ENDED',
        message: `has not ended: the return for ${year} can be filed from ${first}`,
        expected: first,
        ...rule(window.rules?.notOpen),
      },
    ];
  }
  const opensIn = window.opens === 'year-before' ? year - 1 : year;
  if (window.opens !== 'year-ended' && opensIn > current) {
    const first = `${opensIn}-01-01`;
    return [{ path: 'year', code: 'YEAR_NOT_BEGUN', message: `has not begun: it can be filed from ${first}`, expected: first, ...rule(window.rules?.notOpen) }];
  }
  if (!facts.years.includes(year)) {
    const offered = `${facts.years[0]} to ${facts.years.at(-1)}`;
    return [{ path: 'year', code: 'YEAR_UNSUPPORTED', message: `is not a year steuerbote files this form for (${offered}): ${window.offered}` }];
  }
  return [];
}

/** The years a filing of the form is accepted for on `today` (YYYY-MM-DD). */
export const acceptedYears = (facts: FormFacts, today: string): number[] => facts.years.filter((year) => yearFindings(facts, year, today).length === 0);
