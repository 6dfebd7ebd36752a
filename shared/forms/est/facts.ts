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
  window: {
    opens: 'year-ended',
    closes: {
      after: 4,
      why: 'a voluntary return may be filed until the end of the fourth year after its year (§ 46 Abs. 2 Nr. 8 EStG, § 169 Abs. 2 Satz 1 Nr. 2 AO)',
    },
    offered: 'the E10 schemas at hand begin with 2022, and 2025 and 2026 are checked against the 2024 one',
  },
  verfahren: 'ElsterErklaerung',
  datenart: 'ESt',
  datenartVersion: (year) => `ESt_${year}`,
};
