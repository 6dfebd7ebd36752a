// ERiC's rules of the letters (the appeal, the message, the request for more time, the request to adjust
// prepayments), every Fehler rule of each letter's workbook by name: a table of two
// documents per rule (the letter's eric-rule-cases.json, found by scripts/structure/rule-cases.ts:
// `npm run generate:rule-cases -- <kind>`), one the rule refuses and one it accepts, each checked
// against the letter's whole rule book, so a rule that fires where it should not shows too. Then the
// attachments' rules, written by hand (shared/forms/attachments.ts), one row each.
import { describe, expect, it } from 'vitest';
import { documentOf, letterYear, type RuleCase } from '../../scripts/structure/rule-cases.ts';
import { attachmentFindings } from '#shared/forms/attachments.ts';
import { einspruchElement } from '#shared/forms/einspruch/structure.ts';
import type { LetterElement } from '#shared/forms/letter.ts';
import { nachrichtElement } from '#shared/forms/nachricht/structure.ts';
import { fristverlaengerungElement } from '#shared/forms/fristverlaengerung/structure.ts';
import { vorauszahlungElement } from '#shared/forms/anpassung_vorauszahlung/structure.ts';
import { workbookRuleFindings } from '#shared/forms/workbook-rules.ts';
import einspruchCases from '#shared/forms/einspruch/eric-rule-cases.json' with { type: 'json' };
import nachrichtCases from '#shared/forms/nachricht/eric-rule-cases.json' with { type: 'json' };
import fristverlaengerungCases from '#shared/forms/fristverlaengerung/eric-rule-cases.json' with { type: 'json' };
import vorauszahlungCases from '#shared/forms/anpassung_vorauszahlung/eric-rule-cases.json' with { type: 'json' };

const letters = (
  [
    ['einspruch', einspruchElement, einspruchCases],
    ['nachricht', nachrichtElement, nachrichtCases],
    ['fristverlaengerung', fristverlaengerungElement, fristverlaengerungCases],
    ['anpassung_vorauszahlung', vorauszahlungElement, vorauszahlungCases],
  ] as const
).map(([kind, element, cases]): { kind: string; element: LetterElement; cases: Record<string, RuleCase> } => ({
  kind,
  element,
  cases: cases.all as Record<string, RuleCase>,
}));

const table = letters.flatMap(({ kind, element, cases }) =>
  Object.entries(cases).map(([rule, { refused, accepted }]) => ({ kind, element, rule, refused, accepted })),
);

/** The Fehler rules of the letter's whole book that refuse `document`. */
const refusedBy = (element: LetterElement, document: RuleCase['refused']) =>
  workbookRuleFindings(element.rules(), documentOf(element.structure().root, document), letterYear, element.structure(), (names) => names.join('/'))
    .filter(({ severity }) => severity !== 'hint')
    .map(({ rule }) => rule);

describe("ERiC's rules of the letters", () => {
  it.each(letters)('$kind: every Fehler rule of the workbook has its row', ({ element, cases }) => {
    const fehler = new Set(
      element
        .rules()
        .rules.filter(([, kind]) => kind === 'Fehler')
        .map(([name]) => name),
    );
    const rows = new Set(Object.keys(cases).map((name) => name.split(' ')[0]!));
    expect([...fehler].filter((name) => !rows.has(name))).toEqual([]);
  });

  it.each(table)('$kind $rule refuses one document and accepts another', ({ element, rule, refused, accepted }) => {
    const name = rule.split(' ')[0]!;
    expect(refusedBy(element, refused)).toContain(name);
    expect(refusedBy(element, accepted)).not.toContain(name);
  });
});

const pdf = Buffer.from('%PDF-1.4\n').toString('base64');
const file = (name: string, type = 'application/pdf', content = pdf) =>
  `<Anhang><Dateibezeichnung>${name}</Dateibezeichnung><Dateityp>${type}</Dateityp>${content === '' ? '' : `<Dateiinhalt>${content}</Dateiinhalt>`}</Anhang>`;
const anhaenge = (inner: string, feedback = '<Rueckmeldung><RueckmeldungGewuenscht>true</RueckmeldungGewuenscht></Rueckmeldung>') =>
  `<Anhaenge xmlns="http://finkonsens.de/elster/anhaenge/simple/v3" version="3">${feedback}${inner}</Anhaenge>`;
const big = (bytes: number) => Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(bytes - 5)]).toString('base64');

describe("ERiC's rules of the attachments", () => {
  const rules = (xml: string) => attachmentFindings(xml, 'Einspruch', (names) => names.join('/')).findings.map(({ rule, code }) => rule ?? code);

  it.each([
    { rule: 'Dateitypbeschraenkung_Anh_Einspruch', refused: anhaenge(file('A', 'image/png')) },
    { rule: 'Anzahlbeschraenkung_Anh_Einspruch', refused: anhaenge(Array.from({ length: 21 }, (_, index) => file(`A${index}`)).join('')) },
    {
      rule: 'Rueckmeldung_ist_nicht_True',
      refused: anhaenge(file('A'), '<Rueckmeldung><RueckmeldungGewuenscht>false</RueckmeldungGewuenscht></Rueckmeldung>'),
    },
    { rule: 'Rueckmeldung_erforderlich', refused: anhaenge(file('A'), '') },
    { rule: 'Bezeichnung_eindeutig', refused: anhaenge(file('A') + file('A')) },
    { rule: 'Mindestens_ein_Anhang', refused: anhaenge('') },
    { rule: 'Dateieigenschaften_gemeinsam_eric', refused: anhaenge(file('A', 'application/pdf', '')) },
    { rule: 'Dateigroesse_einzelner_Anhang_ueberschritten', refused: anhaenge(file('A', 'application/pdf', big(10_485_761))) },
    {
      rule: 'Dateigroesse_Anhaenge_Gesamt_ueberschritten',
      refused: anhaenge([1, 2, 3, 4].map((index) => file(`A${index}`, 'application/pdf', big(9_700_000))).join('')),
    },
  ])('$rule refuses one document and accepts another', ({ rule, refused }) => {
    expect(rules(refused)).toContain(rule);
    expect(rules(anhaenge(file('A') + file('B')))).toEqual([]);
  });
});
