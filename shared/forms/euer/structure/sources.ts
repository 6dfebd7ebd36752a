// The XSDs the Anlage EÜR's structure files are generated from (StructureSources in shared/forms/form.ts).
// No rule workbook of the EÜR is in the public copy of ERiC's documentation: its rules are the form's
// own (shared/forms/euer/totals.ts).
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = { prefix: 'E77', years: [2021, 2022, 2023, 2024], file: 'e77' };
