import type { FormFacts } from '#shared/forms/form-facts.ts';

/**
 * The Lohnsteuer-Anmeldung from 2021, as far back as the UStVA; for 2026 no schema is published
 * yet and the 2025 form is taken (docs/sources.md). Accepted for any year begun; whether its period
 * is open is its rules' part (shared/forms/filing-window.ts).
 */
export const lstaFacts: FormFacts<'lsta'> = {
  kind: 'lsta',
  years: [2021, 2022, 2023, 2024, 2025, 2026],
  window: {
    opens: 'year-begun',
    offered:
      "ELSTER's current Anmeldungssteuern structure begins with 2021 (ERiC carries the years before it in the older one), and 2026 is checked against the 2025 schema",
  },
  verfahren: 'ElsterAnmeldung',
  datenart: 'LStA',
  datenartVersion: (year) => `LStA_${year}`,
};
