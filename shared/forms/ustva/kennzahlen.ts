// The amount and date Kennzahlen of the UStVA form (USt 1 A) of each supported year. The flags
// (Kz10, 22, 26, 29) and the Hersteller-ID (Kz09) are not here: a caller sends them as `flags`,
// and the service sets Kz09.
//
// No amount Kennzahl was added or removed between 2023 and 2026 [NS, OCA]; 2025 added Kz 70 and
// widened Kz 48 to § 19 small-business sales (BMF 09.12.2024). Labels follow the form's wording;
// the form's lead-ins ("Steuerpflichtige Umsätze", "Innergemeinschaftliche Erwerbe") are folded
// into the line they introduce, so each label stands on its own.

import type { Problem } from '#shared/tax/problem.ts';

export type KennzahlKind = 'base' | 'tax' | 'date';

export interface KennzahlSpec {
  kind: KennzahlKind;
  label: string;
  /** The tax rate of a base whose tax the form computes (81: 0.19, 86: 0.07, 89: 0.19, 93: 0.07) */
  rate?: number;
  /** Memo figures (50, 37) that do not enter Kz83 */
  memo?: boolean;
}

const base = (label: string, extra: Pick<KennzahlSpec, 'rate' | 'memo'> = {}): KennzahlSpec => ({ kind: 'base', label, ...extra });
const tax = (label: string, extra: Pick<KennzahlSpec, 'memo'> = {}): KennzahlSpec => ({ kind: 'tax', label, ...extra });

const form2024: readonly (readonly [string, KennzahlSpec])[] = [
  ['81', base('Steuerpflichtige Umsätze zum Steuersatz von 19 %', { rate: 0.19 })],
  ['86', base('Steuerpflichtige Umsätze zum Steuersatz von 7 %', { rate: 0.07 })],
  ['87', base('Steuerpflichtige Umsätze zum Steuersatz von 0 %')],
  ['35', base('Steuerpflichtige Umsätze zu anderen Steuersätzen (Bemessungsgrundlage)')],
  ['36', tax('Steuer zu anderen Steuersätzen')],
  ['77', base('Lieferungen land- und forstwirtschaftlicher Betriebe nach § 24 UStG an Abnehmer mit USt-IdNr.')],
  ['76', base('Umsätze, für die eine Steuer nach § 24 UStG zu entrichten ist (Bemessungsgrundlage)')],
  ['80', tax('Steuer nach § 24 UStG')],
  ['41', base('Innergemeinschaftliche Lieferungen (§ 4 Nr. 1 Buchst. b UStG) an Abnehmer mit USt-IdNr.')],
  ['44', base('Innergemeinschaftliche Lieferungen neuer Fahrzeuge an Abnehmer ohne USt-IdNr.')],
  ['49', base('Innergemeinschaftliche Lieferungen neuer Fahrzeuge außerhalb eines Unternehmens (§ 2a UStG)')],
  ['43', base('Weitere steuerfreie Umsätze mit Vorsteuerabzug (z. B. Ausfuhrlieferungen, Umsätze nach § 4 Nr. 2 bis 7 UStG)')],
  ['48', base('Steuerfreie Umsätze ohne Vorsteuerabzug: Umsätze nach § 4 Nr. 8 bis 29 UStG')],
  ['91', base('Steuerfreie innergemeinschaftliche Erwerbe (§§ 4b und 25c UStG)')],
  ['89', base('Steuerpflichtige innergemeinschaftliche Erwerbe zum Steuersatz von 19 %', { rate: 0.19 })],
  ['93', base('Steuerpflichtige innergemeinschaftliche Erwerbe zum Steuersatz von 7 %', { rate: 0.07 })],
  ['90', base('Steuerpflichtige innergemeinschaftliche Erwerbe zum Steuersatz von 0 %')],
  ['95', base('Steuerpflichtige innergemeinschaftliche Erwerbe zu anderen Steuersätzen (Bemessungsgrundlage)')],
  ['98', tax('Steuer auf innergemeinschaftliche Erwerbe zu anderen Steuersätzen')],
  ['94', base('Innergemeinschaftliche Erwerbe neuer Fahrzeuge (§ 1b Abs. 2 und 3 UStG) von Lieferern ohne USt-IdNr. (Bemessungsgrundlage)')],
  ['96', tax('Steuer auf innergemeinschaftliche Erwerbe neuer Fahrzeuge von Lieferern ohne USt-IdNr.')],
  [
    '46',
    base('Sonstige Leistungen nach § 3a Abs. 2 UStG eines im übrigen Gemeinschaftsgebiet ansässigen Unternehmers (§ 13b Abs. 1 UStG) (Bemessungsgrundlage)'),
  ],
  ['47', tax('Steuer auf sonstige Leistungen eines im übrigen Gemeinschaftsgebiet ansässigen Unternehmers (§ 13b Abs. 1 UStG)')],
  ['73', base('Umsätze, die unter das GrEStG fallen (§ 13b Abs. 2 Nr. 3 UStG) (Bemessungsgrundlage)')],
  ['74', tax('Steuer auf Umsätze, die unter das GrEStG fallen (§ 13b Abs. 2 Nr. 3 UStG)')],
  ['84', base('Andere Leistungen (§ 13b Abs. 2 Nr. 1, 2, 4 bis 12 UStG) (Bemessungsgrundlage)')],
  ['85', tax('Steuer auf andere Leistungen (§ 13b Abs. 2 Nr. 1, 2, 4 bis 12 UStG)')],
  ['42', base('Lieferungen des ersten Abnehmers bei innergemeinschaftlichen Dreiecksgeschäften (§ 25b Abs. 2 UStG)')],
  ['60', base('Steuerpflichtige Umsätze, für die der Leistungsempfänger die Steuer nach § 13b Abs. 5 UStG schuldet')],
  ['21', base('Nicht steuerbare sonstige Leistungen gem. § 18b Satz 1 Nr. 2 UStG')],
  ['45', base('Übrige nicht steuerbare Umsätze (Leistungsort nicht im Inland)')],
  [
    '66',
    tax(
      'Vorsteuerbeträge aus Rechnungen von anderen Unternehmern (§ 15 Abs. 1 Satz 1 Nr. 1 UStG) und aus innergemeinschaftlichen Dreiecksgeschäften (§ 25b Abs. 5 UStG)',
    ),
  ],
  ['61', tax('Vorsteuerbeträge aus dem innergemeinschaftlichen Erwerb von Gegenständen (§ 15 Abs. 1 Satz 1 Nr. 3 UStG)')],
  ['62', tax('Entstandene Einfuhrumsatzsteuer (§ 15 Abs. 1 Satz 1 Nr. 2 UStG)')],
  ['67', tax('Vorsteuerbeträge aus Leistungen im Sinne des § 13b UStG (§ 15 Abs. 1 Satz 1 Nr. 4 UStG)')],
  ['63', tax('Vorsteuerbeträge, die nach allgemeinen Durchschnittssätzen berechnet sind (§ 23a UStG)')],
  [
    '59',
    tax(
      'Vorsteuerabzug für innergemeinschaftliche Lieferungen neuer Fahrzeuge außerhalb eines Unternehmens (§ 2a UStG) sowie von Kleinunternehmern im Sinne des § 19 Abs. 1 UStG (§ 15 Abs. 4a UStG)',
    ),
  ],
  ['64', tax('Berichtigung des Vorsteuerabzugs (§ 15a UStG)')],
  ['65', tax('Steuer infolge Wechsels der Besteuerungsform sowie Nachsteuer auf versteuerte Anzahlungen u. ä. wegen Steuersatzänderung')],
  [
    '69',
    tax(
      'In Rechnungen unrichtig oder unberechtigt ausgewiesene Steuerbeträge (§ 14c UStG) sowie Steuerbeträge, die nach § 6a Abs. 4 Satz 2, § 17 Abs. 1 Satz 7, § 25b Abs. 2 UStG geschuldet werden',
    ),
  ],
  ['39', tax('Abzug der festgesetzten Sondervorauszahlung für Dauerfristverlängerung')],
  ['83', tax('Verbleibende Umsatzsteuer-Vorauszahlung / Verbleibender Überschuss')],
  ['50', base('Minderung der Bemessungsgrundlage (in den Bemessungsgrundlagen der steuerpflichtigen Umsätze enthalten)', { memo: true })],
  ['37', tax('Minderung der abziehbaren Vorsteuerbeträge (in den Vorsteuerbeträgen enthalten)', { memo: true })],
];

const form2025: readonly (readonly [string, KennzahlSpec])[] = [
  ...form2024.map(([kz, spec]): readonly [string, KennzahlSpec] =>
    kz === '48' ? [kz, base('Steuerfreie Umsätze ohne Vorsteuerabzug: Umsätze nach § 4 Nr. 8 bis 29 UStG und § 19 Abs. 1 UStG')] : [kz, spec],
  ),
  ['70', { kind: 'date', label: 'Tag, an dem der Gesamtumsatz die Grenze von 100 000 € überschritten hat (§ 19 Abs. 1 UStG)' }],
];

// The 0 % rate of § 12 Abs. 3 UStG began in 2023: the forms of 2021 and 2022 have no Kz 87 and 90
// (UStVA-2021.xsd, UStVA-2022.xsd; structure.ts); 2023 has the Kennzahlen of 2024.
const form2021 = form2024.filter(([kz]) => kz !== '87' && kz !== '90');

const forms = new Map<number, ReadonlyMap<string, KennzahlSpec>>([
  [2021, new Map(form2021)],
  [2022, new Map(form2021)],
  [2023, new Map(form2024)],
  [2024, new Map(form2024)],
  [2025, new Map(form2025)],
  [2026, new Map(form2025)],
]);

/** Keys are Kennzahl numbers without the `kz` a request puts in front: '81', '86', … */
export const ustvaForm = (year: number): ReadonlyMap<string, KennzahlSpec> | undefined => forms.get(year);

/** Bases whose tax the caller states beside them; one without the other is incomplete [NS][OCA]. */
export const ustvaPairs: readonly (readonly [base: string, tax: string])[] = [
  ['35', '36'],
  ['76', '80'],
  ['95', '98'],
  ['94', '96'],
  ['46', '47'],
  ['73', '74'],
  ['84', '85'],
];

/** Keys a caller may mean as Kennzahlen but sends otherwise: the flags (Kz10, 22, 26, 29) and the Hersteller-ID (Kz09). */
const elsewhere = /^kz(09|10|22|26|29)$/i;

/**
 * Why a `kennzahlen` key is none of `known` (Kennzahl numbers), with the one it most likely meant:
 * the same digits written otherwise (`Kz86`, `kz_86`), else the only Kennzahl one digit off
 * (`kz811`: 81). Where several are one digit off, none is guessed.
 */
export function unknownKennzahl(key: string, year: number, known: readonly string[]): Problem {
  if (elsewhere.test(key))
    return {
      code: 'KZ_UNKNOWN',
      message: `is not an amount of the ${year} UStVA form: Kz10, 22, 26 and 29 are set through "flags", Kz09 by the service`,
    };
  const meant = meantKennzahl(key, known);
  const unknown = `is not a Kennzahl of the ${year} UStVA form`;
  return meant ? { code: 'KZ_UNKNOWN', message: `${unknown}; did you mean kz${meant}?`, expected: `kz${meant}` } : { code: 'KZ_UNKNOWN', message: unknown };
}

function meantKennzahl(key: string, known: readonly string[]): string | undefined {
  const digits = key.replace(/\D/g, '');
  if (digits === '') return undefined;
  if (known.includes(digits)) return digits;
  const near = known.filter((kz) => oneDigitOff(digits, kz));
  return near.length === 1 ? near[0] : undefined;
}

/** One digit changed, added, left out, or two neighbours swapped. */
function oneDigitOff(typed: string, kz: string): boolean {
  if (typed.length === kz.length) {
    const differ = [...typed].flatMap((digit, index) => (digit === kz[index] ? [] : [index]));
    if (differ.length === 1) return true;
    const [first, second] = differ;
    return differ.length === 2 && second === first! + 1 && typed[first!] === kz[second] && typed[second] === kz[first!];
  }
  const [longer, shorter] = typed.length > kz.length ? [typed, kz] : [kz, typed];
  return longer.length === shorter.length + 1 && [...longer].some((_, index) => longer.slice(0, index) + longer.slice(index + 1) === shorter);
}
