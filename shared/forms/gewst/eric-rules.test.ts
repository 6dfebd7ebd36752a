// ERiC's rules of the trade tax return, every Fehler rule of each year's workbook by name: a table
// of two documents per rule (eric-rule-cases.json, found by scripts/structure/rule-cases.ts: `npm
// run generate:rule-cases -- gewst`), one the rule refuses and one it accepts, each checked against
// the whole rule book of its year, so a rule that fires where it should not shows too.
import { describe, expect, it } from 'vitest';
import { e20Findings } from '#shared/forms/gewst/check.ts';
import { gewstRuleBook } from '#shared/forms/gewst/eric-rules.ts';
import { gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';
import { refusingRules, ruleCaseRows, rulesWithoutRow } from '#test/support/workbook-rule-cases.ts';
import cases from '#shared/forms/gewst/eric-rule-cases.json' with { type: 'json' };

const years = [2021, 2022, 2023, 2024];

/** Fehler rules no document of their year's schema meets, and why. */
const neverFires: Record<string, string> = {
  '2023 GewSt_2022_40531': 'asks for a year before 2023',
  '2024 GewSt_2022_40531': 'asks for a year before 2023',
  '2023 BEG_40986': 'asks for E4050701 "4", which the 2023 schema does not list',
  '2023 BEG_2019_40756': 'asks for E4050701 "4", which the 2023 schema does not list',
};

const table = ruleCaseRows(cases, years);
const refusedBy = (year: number, document: Record<string, string | null>) => refusingRules(gewstRuleBook(year), gewstSchemaStructure(year), year, document);

describe("ERiC's rules of the trade tax return", () => {
  it.each(years)('%i: every Fehler rule of the workbook has its row, or is one no document of the year meets', (year) => {
    expect(rulesWithoutRow(gewstRuleBook(year), table, year)).toEqual(
      Object.keys(neverFires)
        .filter((key) => key.startsWith(`${year} `))
        .map((key) => key.slice(5))
        .sort(),
    );
    expect(gewstRuleBook(year).rules.filter(([, kind]) => kind === 'Fehler').length).toBeGreaterThan(400);
  });

  it.each(table)('$year $rule refuses one document and accepts another', ({ year, rule, refused, accepted }) => {
    expect(refusedBy(year, refused)).toContain(rule);
    expect(refusedBy(year, accepted)).not.toContain(rule);
  });

  it('2025 takes the rules of 2024, the newest workbook', () => {
    expect(gewstRuleBook(2025)).toBe(gewstRuleBook(2024));
  });

  it('name the field a sum or a share is wrong at, with the value it arrives at, in the body or the XML', () => {
    const e20 = (kuerz: string) =>
      `<E20 xmlns="http://finkonsens.de/elster/elstererklaerung/gewst/e20/v2024" version="2024"><GewSt1A><Allgemein><E4000101>A</E4000101><E4000201>B</E4000201></Allgemein><Rechtsform><E4001203>1</E4001203><E4001201>1</E4001201></Rechtsform><Gewinn><E4001703>100</E4001703></Gewinn><Kuerz><Ehw>${kuerz}</Ehw></Kuerz></GewSt1A>` +
      `<Vorsatz><Unterfallart>20</Unterfallart><Vorgang>01</Vorgang><StNr>9198011310010</StNr><Zeitraum>2024</Zeitraum><AbsName>A</AbsName><AbsStr>B</AbsStr><AbsOrt>C</AbsOrt><Copyright>D</Copyright><OrdNrArt>S</OrdNrArt><Rueckuebermittlung><Bescheid>2</Bescheid></Rueckuebermittlung></Vorsatz></E20>`;
    const line = (value: string, share: string) =>
      `<Einz><E4002801>${value}</E4002801><E4002808>91980123456780001</E4002808><E4002809>5</E4002809><E4008601>${share}</E4008601></Einz>`;
    const findings = (xml: string) =>
      e20Findings(xml, 2024, (names) => names.join('/')).findings.map(({ path, rule, expected, severity }) => ({ path, rule, expected, severity }));
    expect(findings(e20(`${line('1000', '1400')}${line('10', '14')}<Sum><E4002807>1414</E4002807></Sum>`))).toEqual([]);
    expect(findings(e20(`${line('1000', '1400')}${line('10', '14')}<Sum><E4002807>1400</E4002807></Sum>`))).toEqual([
      { path: 'GewSt1A/Kuerz/Ehw/Sum/E4002807', rule: 'GewSt_40046', expected: '1414.00', severity: undefined },
    ]);
    // Each repetition is checked on its own, and named by its index.
    expect(findings(e20(`${line('1000', '1400')}${line('10', '10')}<Sum><E4002807>1410</E4002807></Sum>`))).toEqual([
      { path: 'GewSt1A/Kuerz/Ehw/Einz/1/E4008601', rule: 'GewSt_40045', expected: undefined, severity: undefined },
    ]);
  });
});
