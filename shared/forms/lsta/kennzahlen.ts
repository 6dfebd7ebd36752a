// The Kennzahlen of the Lohnsteuer-Anmeldung of each supported year, in the order of the schema's
// Lohnsteueranmeldung element (shared/elster/schemas/LStA-{2021..2025}.xsd), with the label the
// protocol shows. A request keys each by its element's name in lower case (`kz42`, `kz42_vorjahr`).
// Where the form asks for a total and its parts by year (wage tax, solidarity surcharge, church
// taxes), the parts are `_vorjahr`, `_lfdjahr` and `_folgejahr` beside the total.

/** An amount in euros and cents; a whole number (a count of employees); or a key of digits. */
export type KennzahlKind = 'amount' | 'count' | 'key';

export interface KennzahlSpec {
  /** The element, e.g. `Kz42_lfdJahr`. */
  element: string;
  kind: KennzahlKind;
  label: string;
}

/** The flags of the form: request flag → Kennzahl. */
export const flagKennzahlen = { corrected: '10', liability_declaration: '21', supplementary: '23', direct_debit_revoked: '26', refund_offset: '29' } as const;
export type LstaFlag = keyof typeof flagKennzahlen;

/** The totals the form splits by the year the wages belong to. */
export const splitTotals = ['42', '49', '61', '62', '63', '64', '65', '66', '67', '68', '72', '73', '74', '78'] as const;
export const yearParts = [
  ['Vorjahr', 'Vorjahr'],
  ['lfdJahr', 'laufendes Jahr'],
  ['Folgejahr', 'Folgejahr'],
] as const;

const labels: Record<string, string> = {
  '33': 'Abzüglich Kürzungsbetrag für Besatzungsmitglieder von Handelsschiffen',
  '35': 'Abzüglich Energiepreispauschale',
  '41': 'Summe der pauschalen Lohnsteuer (ohne § 37b EStG)',
  '42': 'Summe der einzubehaltenden Lohnsteuer',
  '43': 'Abzüglich an Arbeitnehmer ausgezahltes Kindergeld',
  '44': 'Summe der pauschalen Lohnsteuer nach § 37b EStG',
  '45': 'Abzüglich Förderbetrag zur betrieblichen Altersversorgung (§ 100 EStG)',
  '47': 'Pauschale Kirchensteuer im vereinfachten Verfahren',
  '48': 'Verbleibende Lohnsteuer',
  '49': 'Solidaritätszuschlag',
  '61': 'Evangelische Kirchensteuer',
  '62': 'Römisch-katholische Kirchensteuer',
  '63': 'Alt-katholische Kirchensteuer',
  '64': 'Israelitische und jüdische Kultus- und Bekenntnissteuern',
  '65': 'Freireligiöse Gemeinde Mainz',
  '66': 'Freireligiöse Gemeinde Offenbach am Main',
  '67': 'Kirchensteuer der Freireligiösen Landesgemeinde Baden',
  '68': 'Freireligiöse Landesgemeinde Pfalz, in Bremen Beiträge zur Arbeitnehmerkammer',
  '70': 'Beiträge zur Arbeitskammer',
  '72': 'Freie Religionsgemeinschaft Alzey',
  '73': 'Kirchensteuer der Israelitischen Religionsgemeinschaft Württembergs',
  '74': 'Israelitische Kultussteuer der kultussteuerberechtigten Gemeinden',
  '78': 'Kirchensteuer der Israelitischen Religionsgemeinschaft Baden',
  '83': 'Gesamtbetrag',
  '86': 'Zahl der Arbeitnehmer',
  '90': 'Zahl der Arbeitnehmer mit BAV-Förderbetrag',
  '91': 'Familienkassenschlüssel',
};

const amount = (kz: string): KennzahlSpec[] => {
  const total: KennzahlSpec = { element: `Kz${kz}`, kind: 'amount', label: labels[kz]! };
  if (!(splitTotals as readonly string[]).includes(kz)) return [total];
  const parts = yearParts.map(([suffix, label]): KennzahlSpec => ({ element: `Kz${kz}_${suffix}`, kind: 'amount', label: `${labels[kz]!}: ${label}` }));
  return [...parts, total];
};

// The amounts of 2021 and 2023 in the schema's order; 2022 adds Kz35 (the energy price allowance
// paid out that year), 2024 drops Kz43 (child benefit paid out by employers) and Kz91.
const amounts2021 = ['33', '41', '42', '43', '44', '45', '47', '48', '49', '61', '62', '63', '64', '65', '66', '67', '68', '70', '72', '73', '74', '78', '83'];
const amountsOf = (year: number) =>
  year === 2022 ? amounts2021.flatMap((kz) => (kz === '33' ? [kz, '35'] : [kz])) : year >= 2024 ? amounts2021.filter((kz) => kz !== '43') : amounts2021;

/** The flags of `year`'s form: Kz21 (the liability declaration of § 19a Abs. 4a EStG) from 2024. */
export const lstaFlags = (year: number): LstaFlag[] =>
  (Object.keys(flagKennzahlen) as LstaFlag[]).filter((flag) => flag !== 'liability_declaration' || year >= 2024);

const forms = new Map<number, readonly KennzahlSpec[]>(
  [2021, 2022, 2023, 2024, 2025, 2026].map((year) => [
    year,
    [
      ...amountsOf(Math.min(year, 2025)).flatMap(amount),
      { element: 'Kz86', kind: 'count', label: labels['86']! },
      { element: 'Kz90', kind: 'count', label: labels['90']! },
      ...(year < 2024 ? [{ element: 'Kz91', kind: 'key', label: labels['91']! } as const] : []),
    ],
  ]),
);

/** The Kennzahlen of `year`'s form in the schema's order, flags aside; undefined for a year without a form. */
export const lstaKennzahlen = (year: number): readonly KennzahlSpec[] | undefined => forms.get(year);

/** The request key of an element: `Kz42_lfdJahr` is `kz42_lfdjahr`. */
export const keyOf = (element: string) => element.toLowerCase();

/** The spec of a request key in `year`'s form. */
export function kennzahlOf(year: number, key: string): KennzahlSpec | undefined {
  return forms.get(year)?.find((spec) => keyOf(spec.element) === key);
}
