// The list of ERiC's LStA rules is what the workbooks say, year by year, and docs/sources.md tells
// for every rule whether it is applied. The workbooks are ELSTER's and stay outside the repository:
// they are read from the rules of ELSTER's folder (test/support/elster.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anmeldungssteuernRules } from '#test/support/anmeldungssteuern-rules.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { ericFinding, ericRules, isEricRuleOf } from '#shared/forms/lsta/eric-rules.ts';
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { lstaContractExample } from '#shared/forms/lsta/openapi.ts';

const root = join(import.meta.dirname, '../../..');
const years = [2021, 2022, 2023, 2024, 2025];
const missing = elsterMissing('rules');

describe.skipIf(missing)("ERiC's LStA rules against the workbooks", needsElster, () => {
  it.each(years)('lists every rule of %i, and no other, in the workbook of its year', (year) => {
    const listed = ericRules.filter(([, name]) => isEricRuleOf(name, year)).map(([context, name, kind]) => `${context} ${name} ${kind}`);
    expect(listed.sort()).toEqual(anmeldungssteuernRules('LStA', year).sort());
  });

  it("keeps the 2023 workbook's order, which holds every rule", () => {
    expect(ericRules.map(([context, name, kind]) => `${context} ${name} ${kind}`)).toEqual(anmeldungssteuernRules('LStA', 2023));
  });
});

describe('ericFinding', () => {
  it('names the rule, and makes a Hinweis a hint', () => {
    expect(ericFinding('LStA_Kz49_Soli_Pflichtfeld', 2025, { path: 'p', code: 'C', message: 'm' })).toEqual([
      { path: 'p', code: 'C', message: 'm', rule: 'LStA_Kz49_Soli_Pflichtfeld' },
    ]);
    expect(ericFinding('LStA_Kz33_Nullwertangabe_Hinweis', 2025, { path: 'p', code: 'C', message: 'm' })).toEqual([
      { path: 'p', code: 'C', message: 'm', rule: 'LStA_Kz33_Nullwertangabe_Hinweis', severity: 'hint' },
    ]);
  });

  it("reports nothing for a year whose workbook lacks the rule, before or after it, and takes 2025's workbook for 2026", () => {
    expect(ericFinding('LStA_KZ29_bei_positiver_Kz83', 2021, { path: 'p', code: 'C', message: 'm' })).toEqual([]);
    expect(isEricRuleOf('LStA_Kz35_Vielfaches_von_300', 2022)).toBe(true);
    expect(isEricRuleOf('LStA_Kz35_Vielfaches_von_300', 2024)).toBe(false);
    expect(isEricRuleOf('LStA_Kz91_BedingtesPflichtfeld', 2026)).toBe(false);
    expect(isEricRuleOf('LStA_KZ29_bei_positiver_Kz83', 2026)).toBe(true);
  });

  it('throws for a name that is no rule, a fault of the code', () => {
    expect(() => isEricRuleOf('LStA_Kz81_Nullwertangabe_Hinweis' as never, 2025)).toThrow(RangeError);
  });
});

describe('docs/sources.md', () => {
  const sources = readFileSync(join(root, 'docs/sources.md'), 'utf8');
  it.each(ericRules.map(([context, name]) => [context, name]))('tells how the rule %s %s is applied, or why not', (_context, name) => {
    expect(sources).toMatch(new RegExp(`^- \`${name}\` — `, 'm'));
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
