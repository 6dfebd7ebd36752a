import type { Kind } from '#shared/domain/ticket.ts';

/**
 * The years whose forms steuerbote knows, from ELSTER's schemas (docs/sources.md): the UStVA from
 * 2021, when ELSTER's current Anmeldungssteuern structure began; the income tax return (E10) of
 * the years a voluntary return may still be filed, and the year after. For 2026 no schema is
 * published yet; the UStVA takes the 2025 form and the return the 2024 frame.
 */
export const formYears: Readonly<Record<Kind, readonly number[]>> = {
  ustva: [2021, 2022, 2023, 2024, 2025, 2026],
  est: [2022, 2023, 2024, 2025, 2026],
};

export const isFormYear = (kind: Kind, year: number) => formYears[kind].includes(year);

/** ERiC names a Datenart version by form and year, e.g. `UStVA_2026`. */
export const datenartVersion = (kind: Kind, year: number) => `${kind === 'ustva' ? 'UStVA' : 'ESt'}_${year}`;

/**
 * The years a filing is accepted for on `today` (YYYY-MM-DD): a UStVA for any year begun; an
 * income tax return only once its year has ended (§ 25 Abs. 1 EStG), and as a voluntary return
 * until the end of the fourth year after it (§ 46 Abs. 2 Nr. 8 EStG, § 169 Abs. 2 Satz 1 Nr. 2 AO).
 */
export function acceptedYears(kind: Kind, today: string): number[] {
  const current = Number(today.slice(0, 4));
  return formYears[kind].filter((year) => (kind === 'ustva' ? year <= current : year < current && year >= current - 4));
}
