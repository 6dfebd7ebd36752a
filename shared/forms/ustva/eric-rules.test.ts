// The list of ERiC's UStVA rules is what the workbooks say, year by year, and docs/sources.md tells
// for every rule whether it is applied. The workbooks are ELSTER's and stay outside the repository:
// they are read from the rules of ELSTER's folder (test/support/elster.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anmeldungssteuernRules } from '#test/support/anmeldungssteuern-rules.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { ericFinding, ericRules, isEricRuleOf } from '#shared/forms/ustva/eric-rules.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaContractExample } from '#shared/forms/ustva/openapi.ts';

const root = join(import.meta.dirname, '../../..');
const years = [2021, 2022, 2023, 2024, 2025];
const missing = elsterMissing('rules');

describe.skipIf(missing)("ERiC's UStVA rules against the workbooks", needsElster, () => {
  it.each(years)('lists every rule of %i, and no other, in the workbook of its year', (year) => {
    const listed = ericRules.filter(([, name]) => isEricRuleOf(name, year)).map(([context, name, kind]) => `${context} ${name} ${kind}`);
    expect(listed.sort()).toEqual(anmeldungssteuernRules('UStVA', year).sort());
  });

  it("keeps the newest workbook's order", () => {
    expect(ericRules.map(([context, name, kind]) => `${context} ${name} ${kind}`)).toEqual(anmeldungssteuernRules('UStVA', 2025));
  });
});

describe('ericFinding', () => {
  it('names the rule, and makes a Hinweis a hint', () => {
    expect(ericFinding('Svz_Kz29_ohne_Kz10', 2025, { path: 'p', code: 'C', message: 'm' })).toEqual([
      { path: 'p', code: 'C', message: 'm', rule: 'Svz_Kz29_ohne_Kz10' },
    ]);
    expect(ericFinding('UStVA_Kz41_Nullwertangabe_Hinweis', 2025, { path: 'p', code: 'C', message: 'm' })).toEqual([
      { path: 'p', code: 'C', message: 'm', rule: 'UStVA_Kz41_Nullwertangabe_Hinweis', severity: 'hint' },
    ]);
  });

  it('reports nothing for a year whose workbook lacks the rule, and takes the 2025 workbook for 2026', () => {
    expect(ericFinding('Svz_Kz29_ohne_Kz10', 2021, { path: 'p', code: 'C', message: 'm' })).toEqual([]);
    expect(isEricRuleOf('UStVA_Kz70_falsches_Jahr', 2024)).toBe(false);
    expect(isEricRuleOf('UStVA_Kz70_falsches_Jahr', 2026)).toBe(true);
  });

  it('throws for a name that is no rule, a fault of the code', () => {
    expect(() => isEricRuleOf('UStVA_Kz81_Nullwertangabe_Hinweis' as never, 2025)).toThrow(RangeError);
  });
});

describe('docs/sources.md', () => {
  const sources = readFileSync(join(root, 'docs/sources.md'), 'utf8');
  it.each(ericRules.map(([context, name]) => [context, name]))('tells how the rule %s %s is applied, or why not', (_context, name) => {
    expect(sources).toMatch(new RegExp(`^- \`${name}\` — `, 'm'));
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
