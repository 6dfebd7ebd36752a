// The XSDs the annual VAT return's structure files are generated from, and the rule workbooks its
// rules files are (StructureSources in shared/forms/form.ts).
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = { prefix: 'E50', years: [2021, 2022, 2023, 2024, 2025], file: 'e50', workbook: 'Jahresdokumentation_USt_50' };
