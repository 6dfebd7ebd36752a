// The XSDs the Lohnsteuer-Anmeldung's structure files are generated from (StructureSources in shared/forms/form.ts).
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = {
  prefix: 'LStA',
  years: [2021, 2022, 2023, 2024, 2025],
  file: 'lsta',
  workbook: 'Jahresdokumentation_LStA',
  rulesForTestsOnly: true,
};
