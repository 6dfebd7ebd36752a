// The XSDs the trade tax return's structure files are generated from, and the rule workbooks its
// rules files are (StructureSources in shared/forms/form.ts).
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = { prefix: 'E20', years: [2021, 2022, 2023, 2024], file: 'e20', workbook: 'Jahresdokumentation_GewSt_20' };
