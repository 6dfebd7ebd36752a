import type { Finding } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';

/**
 * The annual VAT return (E50) from 2021, the first year of the E50 schemas ELSTER publishes
 * (shared/elster/schemas/E50-2021.xsd to E50-2025.xsd); for 2026 no schema is published yet and the
 * 2025 one stands in (docs/sources.md). A year's return is filed once the year has ended (§ 18 Abs. 3
 * UStG: the calendar year is the assessment period); it, or a corrected one, can be filed while the
 * assessment may still be made or changed: four years (§ 169 Abs. 2 Satz 1 Nr. 2 AO), which begin
 * with the end of the year the return is filed, at the latest three years after the tax year
 * (§ 170 Abs. 2 Satz 1 Nr. 1 AO), so the end of the seventh year after it.
 */
export const ustFacts: FormFacts<'ust'> = {
  kind: 'ust',
  years: [2021, 2022, 2023, 2024, 2025, 2026],
  acceptedYears(today) {
    const current = Number(today.slice(0, 4));
    return ustFacts.years.filter((year) => year < current && year >= current - 7);
  },
  yearFindings: (year, today) => ustYearFindings(year, today),
  verfahren: 'ElsterErklaerung',
  datenart: 'USt',
  datenartVersion: (year) => `USt_${year}`,
};

/** Why a return for `year` cannot be filed on `today`, by the window above; none when it can. */
export function ustYearFindings(year: number, today: string): Finding[] {
  if (ustFacts.acceptedYears(today).includes(year)) return [];
  if (year >= Number(today.slice(0, 4))) {
    const first = `${year + 1}-01-01`;
    return [{ path: 'year', code: 'YEAR_NOT_ENDED', message: `has not ended: the return for ${year} can be filed from ${first}`, expected: first }];
  }
  return [{ path: 'year', code: 'YEAR_CLOSED', message: `can no longer be filed: its assessment period ended on ${year + 7}-12-31 at the latest` }];
}
