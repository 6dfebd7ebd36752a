// The list of ERiC's UStVA rules is what the workbooks say, year by year, and docs/sources.md tells
// for every rule whether it is applied. The workbooks are ELSTER's and stay outside the repository:
// they are read from the rules of ELSTER's folder (test/support/elster.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { ericFinding, ericRules, isEricRuleOf } from '#shared/forms/ustva/eric-rules.ts';

const root = join(import.meta.dirname, '../../..');
const workbooks = join(elsterDir, 'rules');
const years = [2021, 2022, 2023, 2024, 2025];
const missing = elsterMissing('rules');

/** Context (its last step, the root for none), name and kind of every rule on the rules sheet of `year`'s workbook. */
function workbookRules(year: number): string[] {
  const workbook = readFileSync(join(workbooks, `Jahresdokumentation_UStVA_${year}.xml`), 'utf8');
  const start = workbook.indexOf('ss:Name="Anmeldungssteuern - Regeln"');
  const sheet = workbook.slice(start, workbook.indexOf('</Worksheet>', start));
  const rows = [...sheet.matchAll(/<Row[^>]*>([\s\S]*?)<\/Row>/g)].slice(1);
  return rows.flatMap(([, row]) => {
    const cells = [...row!.matchAll(/<Cell\b[^>]*?(?:\/>|>([\s\S]*?)<\/Cell>)/g)].map(
      ([, cell]) => /<ss:Data[^>]*>([\s\S]*?)<\/ss:Data>/.exec(cell ?? '')?.[1] ?? '',
    );
    const [context = '', name = ''] = cells;
    if (name.endsWith('(alt)')) return [];
    return [`${context.split('/').at(-1) || 'Anmeldungssteuern'} ${name} ${cells[10]}`];
  });
}

describe.skipIf(missing)("ERiC's UStVA rules against the workbooks", needsElster, () => {
  it.each(years)('lists every rule of %i, and no other, in the workbook of its year', (year) => {
    const listed = ericRules.filter(([, name]) => isEricRuleOf(name, year)).map(([context, name, kind]) => `${context} ${name} ${kind}`);
    expect(listed.sort()).toEqual(workbookRules(year).sort());
  });

  it("keeps the newest workbook's order", () => {
    expect(ericRules.map(([context, name, kind]) => `${context} ${name} ${kind}`)).toEqual(workbookRules(2025));
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
    expect(sources).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });
});
