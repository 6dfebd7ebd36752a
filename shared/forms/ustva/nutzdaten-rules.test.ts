import { describe, expect, it } from 'vitest';
import { nutzdatenFindings } from '#shared/forms/ustva/nutzdaten-rules.ts';
import type { ReadFigures } from '#shared/forms/ustva/xml-reader.ts';

const supplier = { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München' };
const read = (changes: Partial<ReadFigures> = {}): ReadFigures =>
  ({
    type: 'voranmeldung',
    year: 2025,
    period: '03',
    kennzahlen: {},
    taxNumber: '9198011310010',
    herstellerId: '74931',
    created: '20250409',
    supplier,
    ...changes,
  }) as ReadFigures;
const rulesOf = (figures: ReadFigures) => nutzdatenFindings(figures).map(({ path, rule }) => `${path} ${rule}`);

describe("nutzdatenFindings: what a caller's Nutzdaten must carry", () => {
  it('accepts Nutzdaten with the creation date, the data supplier and Kz09', () => {
    expect(rulesOf(read())).toEqual([]);
  });

  it('Erstellungsdatum_Pflichtfeld', () => {
    expect(rulesOf(read({ created: undefined }))).toEqual(['xml.Erstellungsdatum Erstellungsdatum_Pflichtfeld']);
  });

  it('Name_, Strasse_, PLZ_ and Ort_Pflichtfeld of the data supplier', () => {
    expect(rulesOf(read({ supplier: undefined }))).toEqual([
      'xml.DatenLieferant.Name Name_Pflichtfeld',
      'xml.DatenLieferant.Strasse Strasse_Pflichtfeld',
      'xml.DatenLieferant.PLZ PLZ_Pflichtfeld',
      'xml.DatenLieferant.Ort Ort_Pflichtfeld',
    ]);
    expect(rulesOf(read({ supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331' } as never }))).toEqual([
      'xml.DatenLieferant.Ort Ort_Pflichtfeld',
    ]);
  });

  it.each([
    ['voranmeldung', 'UStVA_Kz09_Pflichtfeld', 'UStVA_Laenge_Kz09'],
    ['dauerfristverlaengerung', 'Df_Kz09_Pflichtfeld', 'Df_Kz09_Laenge'],
    ['sondervorauszahlung', 'Svz_Kz09_Pflichtfeld', 'Svz_Kz09_Laenge'],
  ] as const)('%s: Kz09 is required (%s), the Hersteller-ID alone when a party is named (%s)', (type, required, alone) => {
    expect(rulesOf(read({ type, herstellerId: undefined }))).toEqual([`xml.Kz09 ${required}`]);
    const withText = '74931*Muster*a*b*c*d';
    expect(rulesOf(read({ type, herstellerId: withText }))).toEqual([]);
    expect(rulesOf(read({ type, herstellerId: withText, business: { company_name: 'M' } }))).toEqual([`xml.Kz09 ${alone}`]);
    expect(rulesOf(read({ type, herstellerId: withText, advisor_client: { client_number: '1' } }))).toEqual([`xml.Kz09 ${alone}`]);
    expect(rulesOf(read({ type, business: { company_name: 'M' } }))).toEqual([]);
  });
});
