// ERiC's plausibility rules of the UStVA as its rule workbooks list them: the context a rule
// checks, its name (what ERiC reports as `FehlerRegelpruefung/RegelName` and findings carry as
// `rule`), its kind (Fehler refuses, Hinweis informs) and the first workbook it appears in. Facts
// from shared/elster/rules/Jahresdokumentation_UStVA_{2021..2025}.xml (ERiC 41.6.2.0
// documentation, Plausipruefungen/Anmeldungssteuern/UStVA/), sheet "Anmeldungssteuern - Regeln",
// in its order; the "(alt)" rows, the previous version of a changed rule, are left out. No rule
// was dropped between 2021 and 2025. ../eric-rules.test.ts checks the list against the workbooks,
// and docs/sources.md tells for each rule how it is applied, or why not.

import { ericRuleBook, frameRules, partyRules } from '#shared/forms/eric-rules.ts';

type Context =
  | 'Anmeldungssteuern'
  | 'DatenLieferant'
  | 'Steuerfall'
  | 'Berater'
  | 'Unternehmer'
  | 'Umsatzsteuervoranmeldung'
  | 'Dauerfristverlaengerung'
  | 'Umsatzsteuersondervorauszahlung';
type Entry = readonly [context: Context, name: string, kind: 'Fehler' | 'Hinweis', since?: number];

export const ericRules = [
  ...frameRules,
  ['Steuerfall', 'UStVA_Laenge_Kz09', 'Fehler'],
  ['Steuerfall', 'UStVA_Df_oder_Svz', 'Fehler'],
  ['Steuerfall', 'Df_Kz09_Laenge', 'Fehler'],
  ['Steuerfall', 'Svz_Kz09_Laenge', 'Fehler'],
  ...partyRules,
  ['Umsatzsteuervoranmeldung', 'UStVA_Zeitraum_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Jahr_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Jahr_gleich_VZ', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Steuernummer_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz09_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz23_Begr_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz35_36_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz46_47_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz73_74_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz76_80_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz83_Gesamtsaldo_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz84_85_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz95_98_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz94_96_Gemeinsam', 'Fehler'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Zeitraum_Zukunft', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Zeitraum_nicht_beendet', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz23_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz41_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz44_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz49_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz43_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz48_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz86_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz35_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz77_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz76_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz91_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz89_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz93_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz95_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz94_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz42_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz60_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz21_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz45_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz46_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz73_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz84_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz61_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz62_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz67_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz63_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz64_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz59_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz65_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz69_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz39_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz50_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz37_Nullwertangabe_Hinweis', 'Hinweis'],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz35_und_36_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz46_und_47_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz73_und_74_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz76_und_80_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz84_und_85_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz94_und_96_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz95_und_98_Verhaeltnis_Hinweis', 'Hinweis', 2022],
  ['Umsatzsteuervoranmeldung', 'UStVA_KZ29_bei_positiver_Kz83', 'Fehler', 2022],
  ['Umsatzsteuervoranmeldung', 'UstVA_Kz61_ohne_Kz89_Kz93_Kz95', 'Hinweis', 2023],
  ['Umsatzsteuervoranmeldung', 'UStVA_Kz70_falsches_Jahr', 'Fehler', 2025],
  ['Dauerfristverlaengerung', 'Steuernummer_Pflichtfeld', 'Fehler'],
  ['Dauerfristverlaengerung', 'Df_Kz09_Pflichtfeld', 'Fehler'],
  ['Dauerfristverlaengerung', 'Df_Jahr_gleich_VZ', 'Fehler'],
  ['Dauerfristverlaengerung', 'Df_Jahr_Pflichtfeld', 'Fehler'],
  ['Dauerfristverlaengerung', 'Df_Kz23_Begr_Gemeinsam', 'Fehler'],
  ['Dauerfristverlaengerung', 'Df_Kz23_Hinweis', 'Hinweis'],
  ['Umsatzsteuersondervorauszahlung', 'Steuernummer_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Kz09_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Kz38_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Jahr_gleich_VZ', 'Fehler'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Jahr_Pflichtfeld', 'Fehler'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Kz23_Begr_Gemeinsam', 'Fehler'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Kz23_Hinweis', 'Hinweis'],
  ['Umsatzsteuersondervorauszahlung', 'Svz_Kz29_ohne_Kz10', 'Fehler', 2022],
] as const satisfies readonly Entry[];

export type EricRuleName = (typeof ericRules)[number][1];

/** The newest workbook is 2025's; a later year takes it until its own is published. */
export const { isEricRuleOf, ericFinding } = ericRuleBook<EricRuleName>(ericRules, 2021, 2025);
