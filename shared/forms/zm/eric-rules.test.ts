// ERiC's rules of the ZM, every Fehler rule of the workbook (shared/elster/rules/Jahresdokumentation_ZMDO.xml,
// read from ELSTER's folder: test/support/elster.ts) walked by name: for each, a request or a caller's
// XML the check refuses naming the rule in `rule`, and one it accepts; or the reason no report of
// the years the service takes can break it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../../scripts/workbook/read-workbook.ts';
import { checkZm } from '#shared/forms/zm/check.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';

const today = '2026-11-29';
const base = {
  test: true,
  year: 2025,
  vat_id: 'DE136695976',
  period: '03',
  business: { company_name: 'Muster GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' },
  lines: [{ customer_vat_id: 'ATU12345678', amount: 1000, kind: 'goods' }],
};
type Body = Record<string, unknown>;
const withBusiness = (change: Body) => ({ ...base, business: { ...base.business, ...change } });
const withLine = (change: Body) => ({ ...base, lines: [{ ...base.lines[0], ...change }] });
const without = (body: Body, key: string) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));
const lineWithout = (key: string) => ({ ...base, lines: [without(base.lines[0]!, key)] });

/** A caller's ZM, `edit` applied to its text. */
const xml = (edit: (text: string) => string = (text) => text) => ({
  test: true,
  year: 2025,
  vat_id: 'DE136695976',
  xml: edit(
    '<zm version="000005"><unternehmer><knri>DE136695976</knri><zulassNr><zulnr1>N</zulnr1><zulnr2>1111111</zulnr2></zulassNr>' +
      '<anschrift><name>Muster GmbH</name><strasse>Hauptstr.</strasse><plz>80331</plz><ort>München</ort><staat>DE</staat></anschrift>' +
      '<zm-zeilen waehrung="1" meldeart="10"><anzeige>false</anzeige><widerruf>false</widerruf><mzr><quart>23</quart><jahr>2025</jahr></mzr>' +
      '<zeile umsatzart="L"><knre>ATU12345678</knre><betrag>1000</betrag></zeile></zm-zeilen></unternehmer></zm>',
  ),
});
const cut = (element: string) => xml((text) => text.replace(new RegExp(`<${element}>[^<]*</${element}>`), ''));

/** Per rule: what it refuses, and what it accepts (one change apart where one is). */
const cases: Record<string, { refused: Body; accepted: Body; today?: string }> = {
  zulnr2_Teilnehmernummer_Inhalt: { refused: xml((text) => text.replace('<zulnr2>1111111<', '<zulnr2>0000001<')), accepted: xml() },
  UStIdNr_Inland_Pflicht: { refused: without(base, 'vat_id'), accepted: base },
  UStIdNr_Inland_Format: { refused: { ...base, vat_id: 'ATU12345678' }, accepted: base },
  waehrung_Pflicht: { refused: xml((text) => text.replace(' waehrung="1"', '')), accepted: xml() },
  meldeart_Pflicht: { refused: xml((text) => text.replace(' meldeart="10"', '')), accepted: xml() },
  anzeige_Pflicht: { refused: cut('anzeige'), accepted: xml() },
  anzeige_keine_Monatsmeldung: { refused: { ...base, period: '41', flags: { monthly_notice: true } }, accepted: { ...base, flags: { monthly_notice: true } } },
  anzeige_widerruf_doppelt: {
    refused: { ...base, flags: { monthly_notice: true, monthly_revoked: true } },
    accepted: { ...base, flags: { monthly_revoked: true } },
  },
  widerruf_Pflicht: { refused: cut('widerruf'), accepted: xml() },
  widerruf_ungueltig: { refused: { ...base, period: '02', flags: { monthly_revoked: true } }, accepted: { ...base, flags: { monthly_revoked: true } } },
  quart_Pflicht: { refused: without(base, 'period'), accepted: base },
  jahr_Pflicht: { refused: without(base, 'year'), accepted: base },
  jahr_Inhalt: { refused: { ...base, year: 2015 }, accepted: base },
  meldezeitraum_begonnen: { refused: { ...base, year: 2026, period: '10-11' }, accepted: { ...base, year: 2026, period: '07-08' }, today: '2026-10-20' },
  meldezeitraum_Zukunft: { refused: { ...base, year: 2026, period: '12' }, accepted: { ...base, year: 2026, period: '11' } },
  zulnr1_Teilnehmernummer_Pflicht: { refused: cut('zulnr1'), accepted: xml() },
  zulnr1_Teilnehmernummer_Inhalt: { refused: xml((text) => text.replace('<zulnr1>N<', '<zulnr1>X<')), accepted: xml() },
  zulnr2_Teilnehmernummer_Pflicht: { refused: cut('zulnr2'), accepted: xml() },
  Name_Unternehmen_Pflicht: { refused: { ...base, business: without(base.business, 'company_name') }, accepted: base },
  Strasse_Pflicht: { refused: { ...base, business: without(base.business, 'street') }, accepted: base },
  Ort_Pflicht: { refused: { ...base, business: without(base.business, 'city') }, accepted: base },
  Staat_Pflicht: { refused: cut('staat'), accepted: xml() },
  PLZ_Pflicht: { refused: withBusiness({ postal_code: '8033' }), accepted: base },
  PLZ_Bereich: { refused: withBusiness({ postal_code: '00999' }), accepted: base },
  brexit_erfolgt_verbiete_staat_gb: { refused: withBusiness({ country: 'GB' }), accepted: withBusiness({ country: 'AT' }) },
  Meldezeile_Pflicht: { refused: { ...base, lines: [] }, accepted: base },
  Meldezeile_Nullmeldung_bei_Erstmeldung: { refused: withLine({ amount: 0 }), accepted: { ...withLine({ amount: 0 }), flags: { corrected: true } } },
  Meldezeile_Wiederholung_Dreiecksgeschaeft: {
    refused: { ...base, lines: [0, 1].map(() => ({ ...base.lines[0], kind: 'triangular_trade' })) },
    accepted: { ...base, lines: [{ ...base.lines[0], kind: 'triangular_trade' }, base.lines[0]] },
  },
  Meldezeile_Wiederholung_Lieferung: { refused: { ...base, lines: [base.lines[0], base.lines[0]] }, accepted: base },
  Meldezeile_Wiederholung_SonstigeLeistung: {
    refused: { ...base, lines: [0, 1].map(() => ({ ...base.lines[0], kind: 'services' })) },
    accepted: { ...base, lines: [{ ...base.lines[0], kind: 'services' }] },
  },
  betrag_Pflicht: { refused: lineWithout('amount'), accepted: base },
  UStIdNr_Erwerber_Pflicht: { refused: lineWithout('customer_vat_id'), accepted: base },
  umsatzart_Pflicht: { refused: lineWithout('kind'), accepted: base },
  knre1_Laenderkennzeichen_DE: { refused: withLine({ customer_vat_id: 'DE136695976' }), accepted: base },
  knre1_Laenderkennzeichen: { refused: withLine({ customer_vat_id: 'QQ123456789' }), accepted: base },
  knre_UstIdNr_GB_nur_bis_brexit: { refused: withLine({ customer_vat_id: 'GB123456789' }), accepted: withLine({ customer_vat_id: 'XI123456789' }) },
  nordirische_ustid_nicht_fuer_sonstige_leistung: {
    refused: withLine({ customer_vat_id: 'XI123456789', kind: 'services' }),
    accepted: withLine({ customer_vat_id: 'XI123456789' }),
  },
};

/** The rules of the caller's XML, each with the same rule in the structured request where it has one. */
const xmlCases: Record<string, { refused: Body; accepted: Body }> = {
  Strasse_Pflicht: { refused: cut('strasse'), accepted: xml() },
  UStIdNr_Erwerber_Pflicht: { refused: cut('knre'), accepted: xml() },
  betrag_Pflicht: { refused: cut('betrag'), accepted: xml() },
  umsatzart_Pflicht: { refused: xml((text) => text.replace(' umsatzart="L"', '')), accepted: xml() },
  UStIdNr_Inland_Format: { refused: xml((text) => text.replace('<knri>DE136695976<', '<knri>AT136695976<')), accepted: xml() },
};

/** Rules no report of the years the service takes (2021 on, facts.ts) can break, and why. */
const cannotBreak: Record<string, string> = {
  anzeige_vor_Gueltigkeit: 'periods before 2010',
  widerruf_vor_Gueltigkeit: 'periods before 2010',
  meldezeitraum_Vergangenheit: 'periods of 2010',
  Staat_SS: 'periods before 2011',
  knre1_Laenderkennzeichen_ab_7_2013: 'periods before July 2013',
  umsatzart_vor2010: 'periods before 2010',
  erlaube_nordirische_ustids_2021: 'periods before 2021',
  brexit_nicht_erfolgt_verbiete_staat_xu: 'a Brexit not yet happened',
  brexit_nicht_erfolgt_verbiete_staat_xi: 'a Brexit not yet happened',
  brexit_nicht_erfolgt_verbiete_xi_ustid: 'a Brexit not yet happened',
  // The transfer header's recipient, which the service writes itself (facts.ts, recipient).
  EmpfaengerTyp_Pflicht: 'the service writes the recipient',
  EmpfaengerName_Pflicht: 'the service writes the recipient',
};

const rulesOf = async (body: Body, day = today) => (await checkZm(body, { today: day, liveSubmissionsAllowed: false })).findings.map(({ rule }) => rule);

describe("ERiC's rules of the ZM, each by name", () => {
  it.each(Object.entries(cases))('%s refuses one report and accepts another', async (rule, { refused, accepted, today: day }) => {
    expect(await rulesOf(refused, day)).toContain(rule);
    expect(await rulesOf(accepted, day)).not.toContain(rule);
  });

  it.each(Object.entries(xmlCases))('%s in a caller’s XML too', async (rule, { refused, accepted }) => {
    expect(await rulesOf(refused)).toContain(rule);
    expect(await rulesOf(accepted)).not.toContain(rule);
  });

  it.skipIf(elsterMissing('rules'))('cover every Fehler rule of the workbook', needsElster, () => {
    const [header, ...rows] = readWorkbook(readFileSync(join(elsterDir, 'rules', 'Jahresdokumentation_ZMDO.xml'), 'utf8')).get('ZMDO - Regeln')!;
    const [name, kind] = ['Name', 'Regelart'].map((title) => header!.findIndex((cell) => cell.trim() === title));
    const fehler = rows.filter((row) => row[kind!]?.trim() === 'Fehler').map((row) => row[name!]!.trim());
    expect(fehler.filter((rule) => !(rule in cases) && !(rule in cannotBreak))).toEqual([]);
    expect(Object.keys({ ...cases, ...cannotBreak }).filter((rule) => !fehler.includes(rule))).toEqual([]);
  });
});
