// The lists of ERiC's rules of the Anmeldungssteuern forms are what the workbooks say, year by year,
// and docs/sources.md tells for every rule whether it is applied. The workbooks are ELSTER's and stay
// outside the repository: they are read from the rules of ELSTER's folder (test/support/elster.ts).
// Then every Fehler rule in force, walked by name: per year a document the workbook's condition
// refuses and one it accepts (the form's eric-rule-cases.json, found by scripts/structure/rule-cases.ts:
// `npm run generate:rule-cases -- ustva`, `-- lsta`), each laid over ELSTER's sample of its year and
// sent through the form's own check as a caller's XML, which must refuse the one naming the rule and
// accept the other; and ELSTER's samples, which no rule may refuse.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '#shared/domain/ticket.ts';
import { anmeldungssteuernRules } from '#test/support/anmeldungssteuern-rules.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import type { EricRuleEntry } from '#shared/forms/eric-rules.ts';
import * as lsta from '#shared/forms/lsta/eric-rules.ts';
import * as ustva from '#shared/forms/ustva/eric-rules.ts';
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { lstaSchemaStructure } from '#shared/forms/lsta/structure.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaSchemaStructure } from '#shared/forms/ustva/structure.ts';
import { ruleBook } from '#shared/forms/workbook-rules.ts';
import { sampleNutzdaten } from '#test/support/elster-samples.ts';
import { documentOfTree, laidOver } from '#test/support/anmeldungssteuern-cases.ts';
import { readXml } from '#shared/xml/xml.ts';
import { refusingRules, ruleCaseRows, rulesWithoutRow } from '#test/support/workbook-rule-cases.ts';
import lstaCases from '#shared/forms/lsta/eric-rule-cases.json' with { type: 'json' };
import ustvaCases from '#shared/forms/ustva/eric-rule-cases.json' with { type: 'json' };

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

const today = { today: '2026-11-29', liveSubmissionsAllowed: false };
/** ELSTER's sample Nutzdaten for a rule of `context` in `year`: LStA 2021, which has none, takes 2022's in 2021's namespace. */
const samples = {
  ustva: (year: number, context: string) => {
    const kind = context.includes('Dauerfristverlaengerung') ? '_Df' : context.includes('Umsatzsteuersondervorauszahlung') ? '_SoVZ' : '';
    return sampleNutzdaten(`UStVA${kind}_${year}.xml`, 'Anmeldungssteuern');
  },
  lsta: (year: number) =>
    year === 2021
      ? sampleNutzdaten('lsta_2022_ok.xml', 'Anmeldungssteuern')
          .replace('/v2022"', '/v2021"')
          .replace('version="2022"', 'version="2021"')
          .replace('<Jahr>2022<', '<Jahr>2021<')
      : sampleNutzdaten(`lsta_${year}_ok.xml`, 'Anmeldungssteuern'),
};
const filingType = (xml: string) =>
  xml.includes('<Dauerfristverlaengerung>')
    ? 'dauerfristverlaengerung'
    : xml.includes('<Umsatzsteuersondervorauszahlung>')
      ? 'sondervorauszahlung'
      : 'voranmeldung';
/** What refuses a caller's XML: each refusing finding's rule, else its code. */
const refusing = (findings: readonly Finding[]) => findings.filter(({ severity }) => severity !== 'hint').map(({ rule, code }) => rule ?? code);
const checks = {
  ustva: async (year: number, xml: string) =>
    refusing((await checkUstva({ test: true, year, tax_number: /<Steuernummer>(\d+)</.exec(xml)?.[1], type: filingType(xml), xml }, today)).findings),
  lsta: async (year: number, xml: string) =>
    refusing((await checkLsta({ test: true, year, tax_number: /<Steuernummer>(\d+)</.exec(xml)?.[1], xml }, today)).findings),
};

// The rules whose generated case the check is not yet shown on, by form, and why (docs/sources.md, "walked rule by rule").
const emptyParty =
  "the case sends a party's group empty (ELSTER's UStVA samples have no Berater), which the check reads as none and the workbook's evaluator as given";
const filings = 'the case sends two filings or none, which the reader refuses as UStVA_Df_oder_Svz before their own rules';
const notShown: Record<'ustva' | 'lsta', Record<string, string>> = {
  ustva: {
    Berater_Name: emptyParty,
    Berater_Adresse: emptyParty,
    UStVA_Laenge_Kz09: emptyParty,
    Df_Kz09_Laenge: filings,
    Svz_Kz09_Laenge: filings,
    UStVA_Df_oder_Svz: 'a Steuerfall with no filing is refused, but under another name (UStVA_Steuernummer_Pflichtfeld)',
  },
  lsta: { LStA_Kz35_zul_Zeitraum: "the case's Jahr is not the year's, which LStA_Jahr_gleich_VZ refuses first" },
};

/** Each form's workbook rules, cases, samples and check. */
const walks = [
  { form: 'UStVA', kind: 'ustva', file: 'ustva', cases: ustvaCases, structure: ustvaSchemaStructure, years },
  { form: 'LStA', kind: 'lsta', file: 'lsta', cases: lstaCases, structure: lstaSchemaStructure, years },
] as const;

describe.each(walks)("ERiC's $form rules, each Fehler rule in force walked by name", ({ kind, file, cases, structure, years: walked }) => {
  const book = (year: number) => ruleBook(new URL(`./${kind}/structure/${file}-${year}-rules.json`, import.meta.url));
  const table = ruleCaseRows(cases, walked);

  it.each(walked)('%i: every Fehler rule of the workbook has its row', (year) => {
    expect(rulesWithoutRow(book(year), table, year)).toEqual([]);
  });

  it.each(table)('$year $rule: the workbook refuses one document and accepts another', async ({ year, rule, refused, accepted }) => {
    expect(refusingRules(book(year), await structure(year), year, refused)).toContain(rule);
    expect(refusingRules(book(year), await structure(year), year, accepted)).not.toContain(rule);
  });

  it.each(Object.keys(notShown[kind]).filter((name) => table.some(({ rule }) => rule === name)))(
    'docs/sources.md tells why the walk does not show %s through the check',
    (name) => {
      expect(sources).toMatch(new RegExp(`^- \`${name}\`: `, 'm'));
    },
  );

  describe.skipIf(elsterMissing('samples'))('laid over ELSTER’s sample', needsElster, () => {
    it.each(
      walked.flatMap((year) =>
        (kind === 'ustva' ? ['', 'Dauerfristverlaengerung', 'Umsatzsteuersondervorauszahlung'] : ['']).map((filing) => ({ year, filing })),
      ),
    )('$year $filing: no rule of the workbook refuses ELSTER’s sample, nor does the check', async ({ year, filing }) => {
      const sample = samples[kind](year, filing);
      const read = readXml(sample);
      if (!read.ok) throw new Error(read.problem.message);
      expect(refusingRules(book(year), await structure(year), year, documentOfTree(read.tree))).toEqual([]);
      expect(await checks[kind](year, sample)).toEqual([]);
    });

    it.each(table.filter(({ rule }) => !(rule in notShown[kind])))(
      '$year $rule: the check refuses the one naming the rule, and accepts the other',
      async ({ year, rule, refused, accepted }) => {
        const found = book(year).rules.find(([name]) => name === rule)!;
        const lay = async (document: typeof refused) => laidOver(samples[kind](year, found[2]), document, found, book(year), await structure(year), year);
        expect(await checks[kind](year, await lay(refused))).toContain(rule);
        expect(await checks[kind](year, await lay(accepted))).not.toContain(rule);
      },
    );
  });
});
