// The XSDs the corporate income tax return's structure files are generated from (StructureSources in shared/forms/form.ts).
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = { prefix: 'E30', years: [2021, 2022, 2023, 2024], file: 'e30' };
