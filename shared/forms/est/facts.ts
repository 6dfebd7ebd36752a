import type { Finding } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';

/**
 * The income tax return (E10) of the years a voluntary return may still be filed, and the year
 * after; for 2025 and 2026 no schema is published yet and the 2024 frame is taken (docs/sources.md).
 * A return is filed once its year has ended (§ 25 Abs. 1 EStG), and as a voluntary return until the
 * end of the fourth year after it (§ 46 Abs. 2 Nr. 8 EStG, § 169 Abs. 2 Satz 1 Nr. 2 AO).
 */
export const estFacts: FormFacts<'est'> = {
  kind: 'est',
  years: [2022, 2023, 2024, 2025, 2026],
  acceptedYears(today) {
    const current = Number(today.slice(0, 4));
    return estFacts.years.filter((year) => year < current && year >= current - 4);
  },
  yearFindings: (year, today) => estYearFindings(year, today),
  verfahren: 'ElsterErklaerung',
  datenart: 'ESt',
  datenartVersion: (year) => `ESt_${year}`,
};

/** Why a return for `year` cannot be filed on `today`, by the window above; none when it can. */
export function estYearFindings(year: number, today: string): Finding[] {
  if (estFacts.acceptedYears(today).includes(year)) return [];
  const current = Number(today.slice(0, 4));
  if (year >= current) {
    const first = `${year + 1}-01-01`;
    return [{ path: 'year', code: 'YEAR_NOT_ENDED', message: `has not ended: the return for ${year} can be filed once it has`, expected: first }];
  }
  return [
    {
      path: 'year',
      code: 'YEAR_CLOSED',
      message: `can no longer be filed as a voluntary return: that was possible until ${year + 4}-12-31`,
    },
  ];
}
