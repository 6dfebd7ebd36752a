import type { Finding } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';

/**
 * The Anlage EÜR (E77) from 2021, the first year of its new Nutzdaten structure
 * (Datenartversionmatrix.xml: EUER_<Jahr>, "neue Nutzdatenstruktur ab 2021"; shared/elster/schemas/
 * E77-2021.xsd to E77-2024.xsd); for 2025 no schema is published yet and the 2024 one stands in
 * (docs/forms/euer.md). A year's profit is determined once the year has ended, and the EÜR goes with
 * the income tax, corporation tax or partnership return of that year, which must be filed
 * (§ 60 Abs. 4 EStDV, § 25 Abs. 3 EStG, § 181 Abs. 2 AO): so its assessment may be made or changed for
 * four years (§ 169 Abs. 2 Satz 1 Nr. 2 AO) from the end of the year it is filed, at the latest three
 * years after the tax year (§ 170 Abs. 2 Satz 1 Nr. 1 AO), the end of the seventh year after it.
 */
export const euerFacts: FormFacts<'euer'> = {
  kind: 'euer',
  years: [2021, 2022, 2023, 2024, 2025],
  acceptedYears(today) {
    const current = Number(today.slice(0, 4));
    return euerFacts.years.filter((year) => year < current && year >= current - 7);
  },
  yearFindings: (year, today) => euerYearFindings(year, today),
  verfahren: 'ElsterErklaerung',
  datenart: 'EUER',
  datenartVersion: (year) => `EUER_${year}`,
};

/** Why an EÜR for `year` cannot be filed on `today`, by the window above; none when it can. */
export function euerYearFindings(year: number, today: string): Finding[] {
  if (euerFacts.acceptedYears(today).includes(year)) return [];
  if (year >= Number(today.slice(0, 4))) {
    const first = `${year + 1}-01-01`;
    return [{ path: 'year', code: 'YEAR_NOT_ENDED', message: `has not ended: the EÜR for ${year} can be filed from ${first}`, expected: first }];
  }
  return [{ path: 'year', code: 'YEAR_CLOSED', message: `can no longer be filed: its assessment period ended on ${year + 7}-12-31 at the latest` }];
}
