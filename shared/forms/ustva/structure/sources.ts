// The XSDs the UStVA's structure files are generated from (StructureSources in shared/forms/form.ts).
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = {
  prefix: 'UStVA',
  years: [2021, 2022, 2023, 2024, 2025],
  file: 'ustva',
  workbook: 'Jahresdokumentation_UStVA',
  rulesForTestsOnly: true,
};
