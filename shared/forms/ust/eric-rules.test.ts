import { describe, expect, it } from 'vitest';
import { e50Findings } from '#shared/forms/ust/check.ts';
import { ustRuleBook } from '#shared/forms/ust/eric-rules.ts';

const e50 = (year: number, ust2a: string) =>
  `<E50 xmlns="http://finkonsens.de/elster/elstererklaerung/ust/e50/v${year}" version="${year}"><USt2A>${ust2a}</USt2A>` +
  `<Vorsatz><Unterfallart>50</Unterfallart><Vorgang>01</Vorgang><StNr>9198011310010</StNr><Zeitraum>${year}</Zeitraum><AbsName>A</AbsName><AbsStr>B</AbsStr><AbsOrt>C</AbsOrt><Copyright>D</Copyright><OrdNrArt>S</OrdNrArt></Vorsatz></E50>`;
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
    // A rule is checked where its context is: the pair rule of Ums_erm, not the sums of the absent Ums_Sum.
    expect(findings(e50(2022, '<Umsaetze><Ums_erm><E3004401>1000</E3004401></Ums_erm></Umsaetze>'), 2022)).toEqual([
      { path: 'USt2A/Umsaetze/Ums_erm/E3004401', rule: 'USt_30652', expected: undefined, severity: undefined },
    ]);
  });
});
