// The lists of ERiC's rules of the Anmeldungssteuern forms are what the workbooks say, year by year,
// and docs/sources.md tells for every rule whether it is applied. The workbooks are ELSTER's and stay
// outside the repository: they are read from the rules of ELSTER's folder (test/support/elster.ts).
// What a form's rules find in its requests is that form's test (lsta/, ustva/eric-rules.test.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '#shared/domain/ticket.ts';
import { anmeldungssteuernRules } from '#test/support/anmeldungssteuern-rules.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import type { EricRuleEntry } from '#shared/forms/eric-rules.ts';
import * as lsta from '#shared/forms/lsta/eric-rules.ts';
import * as ustva from '#shared/forms/ustva/eric-rules.ts';

const root = join(import.meta.dirname, '../..');
const years = [2021, 2022, 2023, 2024, 2025];
const missing = elsterMissing('rules');
const sources = readFileSync(join(root, 'docs/sources.md'), 'utf8');

/** What is checked of a form's rules: its list, and the rule book made of it. */
interface RuleList {
  ericRules: readonly EricRuleEntry[];
  isEricRuleOf(name: string, year: number): boolean;
  ericFinding(name: string, year: number, finding: Omit<Finding, 'rule' | 'severity'>): Finding[];
}

/** Each form's list, the workbook whose order it keeps, and a Fehler and a Hinweis rule of it. */
const forms = [
  {
    form: 'LStA',
    rules: lsta as RuleList,
    order: "the 2023 workbook's order, which holds every rule",
    of: 2023,
    fehler: 'LStA_Kz49_Soli_Pflichtfeld',
    hinweis: 'LStA_Kz33_Nullwertangabe_Hinweis',
  },
  {
    form: 'UStVA',
    rules: ustva as RuleList,
    order: "the newest workbook's order",
    of: 2025,
    fehler: 'Svz_Kz29_ohne_Kz10',
    hinweis: 'UStVA_Kz41_Nullwertangabe_Hinweis',
  },
] as const;

describe.each(forms)("ERiC's $form rules", ({ form, rules: { ericRules, ericFinding, isEricRuleOf }, order, of, fehler, hinweis }) => {
  const line = ([context, name, kind]: EricRuleEntry) => `${context} ${name} ${kind}`;

  describe.skipIf(missing)('against the workbooks', needsElster, () => {
    it.each(years)('lists every rule of %i, and no other, in the workbook of its year', (year) => {
      expect(
        ericRules
          .filter(([, name]) => isEricRuleOf(name, year))
          .map(line)
          .sort(),
      ).toEqual(anmeldungssteuernRules(form, year).sort());
    });

    it(`keeps ${order}`, () => {
      expect(ericRules.map(line)).toEqual(anmeldungssteuernRules(form, of));
    });
  });

  describe('ericFinding', () => {
    it('names the rule, and makes a Hinweis a hint', () => {
      const finding = { path: 'p', code: 'C', message: 'm' };
      expect(ericFinding(fehler, 2025, finding)).toEqual([{ ...finding, rule: fehler }]);
      expect(ericFinding(hinweis, 2025, finding)).toEqual([{ ...finding, rule: hinweis, severity: 'hint' }]);
    });

    it('throws for a name that is no rule, a fault of the code', () => {
      expect(() => isEricRuleOf(`${form}_Kz81_Nullwertangabe_Hinweis`, 2025)).toThrow(RangeError);
    });
  });

  describe('docs/sources.md', () => {
    it.each(ericRules.map(([context, name]) => [context, name]))('tells how the rule %s %s is applied, or why not', (_context, name) => {
      expect(sources).toMatch(new RegExp(`^- \`${name}\` — `, 'm'));
    });
  });
});
