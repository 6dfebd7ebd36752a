import type { Kind } from '#shared/domain/ticket.ts';

/** Tax years whose forms (and ERiC Datenart versions) steuerbote knows. */
export const supportedYears: readonly number[] = [2024, 2025, 2026];

export const isSupportedYear = (year: number) => supportedYears.includes(year);

/** ERiC names a Datenart version by form and year, e.g. `UStVA_2026`. */
export const datenartVersion = (kind: Kind, year: number) => `${kind === 'ustva' ? 'UStVA' : 'ESt'}_${year}`;
