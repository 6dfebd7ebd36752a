// What ERiC's LStA rules find: a rule only in the years whose workbook has it, and a field the
// request schema requires under the name of the rule that requires it. The list against the
// workbooks, and docs/sources.md on each rule, are checked for every such form (../eric-rules.test.ts).

import { describe, expect, it } from 'vitest';
import { ericFinding, isEricRuleOf } from '#shared/forms/lsta/eric-rules.ts';
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { lstaContractExample } from '#shared/forms/lsta/openapi.ts';

describe('ericFinding', () => {
  it("reports nothing for a year whose workbook lacks the rule, before or after it, and takes 2025's workbook for 2026", () => {
    expect(ericFinding('LStA_KZ29_bei_positiver_Kz83', 2021, { path: 'p', code: 'C', message: 'm' })).toEqual([]);
    expect(isEricRuleOf('LStA_Kz35_Vielfaches_von_300', 2022)).toBe(true);
    expect(isEricRuleOf('LStA_Kz35_Vielfaches_von_300', 2024)).toBe(false);
    expect(isEricRuleOf('LStA_Kz91_BedingtesPflichtfeld', 2026)).toBe(false);
    expect(isEricRuleOf('LStA_KZ29_bei_positiver_Kz83', 2026)).toBe(true);
  });
});

describe('a field the request schema requires names the rule of the workbook that requires it', () => {
  it('the period, the tax number and the data supplier', async () => {
    const { tax_number: _tax, period: _period, ...rest } = lstaContractExample;
    const checked = await checkLsta({ ...rest, supplier: { name: 'Muster GmbH' } }, { today: '2026-11-29', liveSubmissionsAllowed: false });
    expect(checked.findings.map(({ path, rule }) => `${path} ${rule}`).sort()).toEqual([
      'period LStA_Zeitraum_Pflichtfeld',
      'supplier.city Ort_Pflichtfeld',
      'supplier.postal_code PLZ_Pflichtfeld',
      'supplier.street Strasse_Pflichtfeld',
      'tax_number LStA_Steuernummer_Pflichtfeld',
    ]);
  });
});
