import { describe, expect, it } from 'vitest';
import { runTimeStructureFiles } from '#shared/forms/structure-files.ts';
import { sources as ust } from '#shared/forms/ust/structure/sources.ts';
import { sources as ustva } from '#shared/forms/ustva/structure/sources.ts';
import { sources as lsta } from '#shared/forms/lsta/structure/sources.ts';
import { sources as einspruch } from '#shared/forms/einspruch/structure/sources.ts';
import { sources as zm } from '#shared/forms/zm/structure/sources.ts';

describe('runTimeStructureFiles', () => {
  it("leaves out the workbook's rules where only the tests read them", () => {
    expect(runTimeStructureFiles(ustva)).toEqual(['ustva-2021.json', 'ustva-2022.json', 'ustva-2023.json', 'ustva-2024.json', 'ustva-2025.json']);
    expect(runTimeStructureFiles(lsta).every((file) => !file.endsWith('-rules.json'))).toBe(true);
  });

  it("keeps the rules a form's check applies, beside each schema's structure", () => {
    expect(runTimeStructureFiles(ust).slice(0, 2)).toEqual(['e50-2021.json', 'e50-2021-rules.json']);
    expect(runTimeStructureFiles(einspruch)).toEqual(['einspruch.json', 'einspruch-rules.json']);
    expect(runTimeStructureFiles(zm)).toEqual(['zm.json']);
  });
});
