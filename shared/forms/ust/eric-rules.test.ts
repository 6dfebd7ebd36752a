// ERiC's rules of the annual VAT return, every Fehler rule in force in each year's workbook by name:
// a table of two documents per rule (eric-rule-cases.json, found by scripts/structure/rule-cases.ts:
// `npm run generate:rule-cases -- ust`), one the rule refuses and one it accepts, each checked against
// the whole rule book of its year; and ELSTER's own samples, which no rule may refuse.
import { describe, expect, it } from 'vitest';
import { checkUst, e50Findings } from '#shared/forms/ust/check.ts';
import { ustRuleBook } from '#shared/forms/ust/eric-rules.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { sampleNutzdaten } from '#test/support/elster-samples.ts';
import { refusingRules, ruleCaseRows, rulesWithoutRow } from '#test/support/workbook-rule-cases.ts';
import cases from '#shared/forms/ust/eric-rule-cases.json' with { type: 'json' };

const years = [2021, 2022, 2023, 2024, 2025];
const table = ruleCaseRows(cases, years);
const refusedBy = (year: number, document: Record<string, string | null>) => refusingRules(ustRuleBook(year), ustSchemaStructure(year), year, document);

const e50 = (year: number, ust2a: string) =>
  `<E50 xmlns="http://finkonsens.de/elster/elstererklaerung/ust/e50/v${year}" version="${year}"><USt2A>${ust2a}</USt2A>` +
  `<Vorsatz><Unterfallart>50</Unterfallart><Vorgang>01</Vorgang><StNr>9198011310010</StNr><Zeitraum>${year}</Zeitraum><AbsName>A</AbsName><AbsStr>B</AbsStr><AbsOrt>C</AbsOrt><Copyright>D</Copyright><OrdNrArt>S</OrdNrArt><Rueckuebermittlung><Bescheid>2</Bescheid></Rueckuebermittlung></Vorsatz></E50>`;
/** The findings of the rules named, or of all. */
const findings = (xml: string, year = 2025, rules?: string[]) =>
  e50Findings(xml, year, (names) => names.join('/'))
    .findings.filter(({ rule }) => !rules || rules.includes(rule!))
    .map(({ path, rule, expected, severity }) => ({ path, rule, expected, severity }));

describe("ERiC's rules of the annual VAT return", () => {
  it('are read from each year’s workbook, 2026 taking 2025’s', () => {
    expect(ustRuleBook(2021).rules.length).toBeGreaterThan(150);
    expect(ustRuleBook(2026)).toBe(ustRuleBook(2025));
    expect(ustRuleBook(2025).rules.map(([name]) => name)).toContain('USt_30639');
  });

  it('check the tax of a base at 19 % within one euro, and the sum of the taxes', () => {
    const taxRules = ['USt_30639', 'USt_30314'];
    const sales = (tax: string, sum: string) =>
      `<Umsaetze><Tabelle><Ums_allg><E3003303>1000</E3003303><E3003304>${tax}</E3003304></Ums_allg><Ums_Sum><E3006001>${sum}</E3006001></Ums_Sum></Tabelle></Umsaetze>`;
    expect(findings(e50(2025, sales('190,99', '190,99')), 2025, taxRules)).toEqual([]);
    expect(findings(e50(2025, sales('191,01', '191,01')), 2025, taxRules)).toEqual([
      { path: 'USt2A/Umsaetze/Tabelle/Ums_allg/E3003304', rule: 'USt_30639', expected: '190.00', severity: undefined },
    ]);
    expect(findings(e50(2025, sales('190,00', '180,00')), 2025, taxRules)).toEqual([
      { path: 'USt2A/Umsaetze/Tabelle/Ums_Sum/E3006001', rule: 'USt_30314', expected: '190.00', severity: undefined },
    ]);
  });

  it('check the amount left after the prepayments, and that a base comes with its tax', () => {
    const rest = (remaining: string) =>
      `<Berech_USt><Tabelle><Verbl_USt><E3011101>100,00</E3011101><E3011301>80,00</E3011301></Verbl_USt><Zahl_Erstatt><E3011401>${remaining}</E3011401></Zahl_Erstatt></Tabelle></Berech_USt>`;
    expect(findings(e50(2025, rest('20,00')), 2025, ['USt_30638'])).toEqual([]);
    expect(findings(e50(2025, rest('-20,00')), 2025, ['USt_30638'])).toEqual([
      { path: 'USt2A/Berech_USt/Tabelle/Zahl_Erstatt/E3011401', rule: 'USt_30638', expected: '20.00', severity: undefined },
    ]);
    expect(findings(e50(2022, '<Umsaetze><Ums_erm><E3004401>1000</E3004401></Ums_erm></Umsaetze>'), 2022, ['USt_30652'])).toEqual([
      { path: 'USt2A/Umsaetze/Ums_erm/E3004401', rule: 'USt_30652', expected: undefined, severity: undefined },
    ]);
  });

  it.each(years)('%i: every Fehler rule of the workbook has its row', (year) => {
    expect(rulesWithoutRow(ustRuleBook(year), table, year)).toEqual([]);
    expect(ustRuleBook(year).rules.filter(([, kind]) => kind === 'Fehler').length).toBeGreaterThan(160);
  });

  it.each(table)('$year $rule refuses one document and accepts another', ({ year, rule, refused, accepted }) => {
    expect(refusedBy(year, refused)).toContain(rule);
    expect(refusedBy(year, accepted)).not.toContain(rule);
  });

  it('check a context that is not sent as an empty one: a return of a name and an address is refused', () => {
    const nameAndAddress =
      '<Allg><Unternehmen><E3000901>Muster GmbH</E3000901><Adr><E3001101>Hauptstr.</E3001101><E3001203>1</E3001203><E3001206>80331</E3001206><E3001207>München</E3001207></Adr></Unternehmen></Allg>';
    const refusing = (year: number) =>
      findings(e50(year, nameAndAddress), year)
        .filter(({ severity }) => severity !== 'hint')
        .map(({ path, rule }) => `${rule} ${path}`);
    for (const year of years) {
      expect(refusing(year)).toEqual(expect.arrayContaining([expect.stringMatching(/^USt_30093 /), expect.stringMatching(/^USt_30620 /)]));
    }
    expect(refusing(2025)).toEqual([
      'USt_30093 USt2A/Allg/Best_Art/E3002203',
      'USt_30070 USt2A/Berech_USt/Tabelle/Verbl_USt/E3011101',
      'USt_30915 USt2A/Berech_USt/Tabelle/Verbl_USt/E3011301',
      'USt_30620 USt2A/Berech_USt/Tabelle/Zahl_Erstatt/E3011401',
    ]);
    // ELSTER's Kleinunternehmer sample gives them as 0,00.
    const filled =
      `${nameAndAddress.replace('</Allg>', '<Best_Art><E3002203>1</E3002203></Best_Art></Allg>')}` +
      '<Berech_USt><Tabelle><Verbl_USt><E3011101>0,00</E3011101><E3011301>0,00</E3011301></Verbl_USt><Zahl_Erstatt><E3011401>0,00</E3011401></Zahl_Erstatt></Tabelle></Berech_USt>';
    expect(findings(e50(2025, filled), 2025).filter(({ severity }) => severity !== 'hint')).toEqual([]);
  });

  it('compare the days of the periods, the year of the change from the small business rule, and the adviser of a client number', () => {
    const periods = (first: string, second: string) =>
      `<Allg><Dauer_Unt_Eig><E3001401>${first}</E3001401><E3001501>${second}</E3001501></Dauer_Unt_Eig></Allg>`;
    expect(findings(e50(2025, periods('01.01-30.06', '01.06-31.12')), 2025, ['USt_30081'])).toEqual([
      { path: 'USt2A/Allg/Dauer_Unt_Eig/E3001501', rule: 'USt_30081', expected: undefined, severity: undefined },
    ]);
    expect(findings(e50(2025, periods('01.01-30.06', '01.07-31.12')), 2025, ['USt_30081'])).toEqual([]);
    const change = (date: string) => `<Allg><Kleinunternehmer><E3001601>${date}</E3001601></Kleinunternehmer></Allg>`;
    expect(findings(e50(2025, change('01.03.2024')), 2025, ['USt_2025_30006'])).toEqual([
      { path: 'USt2A/Allg/Kleinunternehmer/E3001601', rule: 'USt_2025_30006', expected: '2025', severity: undefined },
    ]);
    expect(findings(e50(2025, change('01.03.2025')), 2025, ['USt_2025_30006'])).toEqual([]);
    // A client number without the adviser's name and address, where the adviser's group is not sent at all.
    const client = '<Mitwirk><Kanzlei><E3002506>4711</E3002506></Kanzlei></Mitwirk>';
    expect(findings(e50(2025, client), 2025, ['USt_2021_30944'])).toEqual([
      { path: 'USt2A/Mitwirk/Bearb/E3002501', rule: 'USt_2021_30944', expected: undefined, severity: undefined },
    ]);
    const adviser =
      '<Mitwirk><Bearb><E3002501>Kanzlei Muster</E3002501></Bearb><Adr><E3002503>Hauptstr. 1</E3002503><E3002504>80331 München</E3002504></Adr><Kanzlei><E3002506>4711</E3002506></Kanzlei></Mitwirk>';
    expect(findings(e50(2025, adviser), 2025, ['USt_2021_30944'])).toEqual([]);
  });
});

describe('a Vorsatz whose Zeitraum is not the year', () => {
  it('is one refusal, naming the rule Vorsatzdaten_Zeitraum_VZ', async () => {
    const filled =
      '<Allg><Unternehmen><E3000901>Muster GmbH</E3000901><Adr><E3001101>Hauptstr.</E3001101><E3001203>1</E3001203><E3001206>80331</E3001206><E3001207>München</E3001207></Adr></Unternehmen><Best_Art><E3002203>1</E3002203></Best_Art></Allg>' +
      '<Berech_USt><Tabelle><Verbl_USt><E3011101>0,00</E3011101><E3011301>0,00</E3011301></Verbl_USt><Zahl_Erstatt><E3011401>0,00</E3011401></Zahl_Erstatt></Tabelle></Berech_USt>';
    const refusing = async (xml: string) =>
      (await checkUst({ test: true, year: 2025, tax_number: '9198011310010', xml }, { today: '2026-11-29', liveSubmissionsAllowed: false })).findings
        .filter(({ severity }) => severity !== 'hint')
        .map(({ path, code, rule }) => `${path} ${code} ${rule}`);
    expect(await refusing(e50(2025, filled))).toEqual([]);
    expect(await refusing(e50(2025, filled).replace('<Zeitraum>2025<', '<Zeitraum>2024<'))).toEqual([
      'xml.Vorsatz.Zeitraum XML_PERIOD Vorsatzdaten_Zeitraum_VZ',
    ]);
  });
});

describe.skipIf(elsterMissing('samples'))("ELSTER's E50 samples", needsElster, () => {
  const samples = [
    ['ust_2021_ok.xml', 2021],
    ['USt_2022.xml', 2022],
    ['USt_2023.xml', 2023],
    ['USt_2024.xml', 2024],
    ['USt_2025.xml', 2025],
  ] as const;
  it.each(samples)('%s: no rule of its year refuses it', (file, year) => {
    const refusing = e50Findings(sampleNutzdaten(file, 'E50'), year, (names) => names.join('/')).findings.filter(({ severity }) => severity !== 'hint');
    expect(refusing).toEqual([]);
  });
});
