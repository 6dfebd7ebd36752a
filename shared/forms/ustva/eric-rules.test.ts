// What ERiC's UStVA rules find: a rule only in the years whose workbook has it, and a field the
// request schema requires under the name of the rule that requires it. The list against the
// workbooks, and docs/sources.md on each rule, are checked for every such form (../eric-rules.test.ts).

import { describe, expect, it } from 'vitest';
import { ericFinding, isEricRuleOf } from '#shared/forms/ustva/eric-rules.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaContractExample } from '#shared/forms/ustva/openapi.ts';

describe('ericFinding', () => {
  it('reports nothing for a year whose workbook lacks the rule, and takes the 2025 workbook for 2026', () => {
    expect(ericFinding('Svz_Kz29_ohne_Kz10', 2021, { path: 'p', code: 'C', message: 'm' })).toEqual([]);
    expect(isEricRuleOf('UStVA_Kz70_falsches_Jahr', 2024)).toBe(false);
    expect(isEricRuleOf('UStVA_Kz70_falsches_Jahr', 2026)).toBe(true);
  });
});

describe('a field the request schema requires names the rule of the workbook that requires it', () => {
  const rulesOf = async (body: Record<string, unknown>) =>
    (await checkUstva(body, { today: '2026-01-20', liveSubmissionsAllowed: false })).findings.map(({ path, rule }) => `${path} ${rule}`);
  const { kennzahlen: _, period: __, flags: ____, ...frame } = ustvaContractExample;
  it('in a Sondervorauszahlung, Kz 38 and the tax number', async () => {
    const svz = { ...frame, year: 2026, type: 'sondervorauszahlung' };
    expect(await rulesOf({ ...svz, kennzahlen: { kz38: 100 } })).toEqual([]);
    expect(await rulesOf(svz)).toEqual(['kennzahlen.kz38 Svz_Kz38_Pflichtfeld']);
    const { tax_number: ___, ...untaxed } = svz;
    expect(await rulesOf({ ...untaxed, kennzahlen: { kz38: 100 } })).toEqual(['tax_number Steuernummer_Pflichtfeld']);
  });

  it('in a Voranmeldung, the period, the tax number and the data supplier', async () => {
    const { tax_number: _tax, supplier: _supplier, ...rest } = ustvaContractExample;
    expect((await rulesOf({ ...rest, period: undefined, supplier: { name: 'Muster GmbH' } })).sort()).toEqual([
      'period UStVA_Zeitraum_Pflichtfeld',
      'supplier.city Ort_Pflichtfeld',
      'supplier.postal_code PLZ_Pflichtfeld',
      'supplier.street Strasse_Pflichtfeld',
      'tax_number UStVA_Steuernummer_Pflichtfeld',
    ]);
  });
});
