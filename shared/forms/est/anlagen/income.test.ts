// The income Anlagen's further parts through the real check, writer and reader: Anlage V and
// Unterhalt in 2022's shape from the same request fields as later years, V's depreciation, G's
// § 35 EStG lines, KAP's and KAP-BET's foreign parts and Anlage Corona-Hilfen. Each year's fixture
// is valid against its year's XSD (its stand-in for 2025), read back with nothing unmapped and
// written again the same; ELSTER's schemas are read from their folder (test/support/elster.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { protocolRows } from '#test/support/est-protocol.ts';
import { readBackEst } from '#shared/forms/est/read-back.ts';
import { mappedFindings } from '#shared/forms/est/anlagen/mapped.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { parseXml, type XmlElement } from '#shared/xml/xml.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing } from '#test/support/elster.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const schemasMissing = elsterMissing('schemas');
const options = { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') };
const fixture = (year: number) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', `valid-${year}-income-anlagen.json`), 'utf8')).body as Record<string, unknown> & {
    year: number;
  };

async function written(body: Record<string, unknown>): Promise<{ body: EstReturn; xml: string }> {
  const checked = await checkEst(body, checkContext());
  expect(checked.findings).toEqual([]);
  if (checked.filing?.kind !== 'est') throw new Error('the fixture is refused');
  const filed = checked.filing.body as EstReturn;
  return { body: filed, xml: estNutzdaten(filed, options) };
}

const e10 = (xml: string): XmlElement => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.element;
};

describe('the income Anlagen in every year', () => {
  it.each([2022, 2023, 2024, 2025])('%i: written valid against the XSD, read back with nothing unmapped, written again the same', async (year) => {
    const { body, xml } = await written(fixture(year));
    if (!schemasMissing) expect(validateNutzdaten('est', year, xml).errors).toEqual([]);
    const back = await readBackEst(xml);
    expect(back.unmapped).toEqual([]);
    expect(Object.keys(back.body)).toEqual(
      expect.arrayContaining(['rentals', 'maintenance', 'trade', 'capital_income', 'capital_income_partnerships', 'corona_aid']),
    );
    expect(estNutzdaten({ ...body, ...back.body } as EstReturn, options)).toBe(xml);
  });

  it("2022: one Anlage V holds every property, Unterhalt's support periods stand apart from its payments", async () => {
    const root = e10((await written(fixture(2022))).xml);
    const v = root.V as XmlElement;
    expect(Array.isArray(v)).toBe(false);
    const properties = v.Ek_b_Gst as XmlElement[];
    expect(properties).toHaveLength(2);
    expect(Object.keys(properties[0]!)).toEqual(['Allg', 'Einn', 'Erm_Zuord_Ek', 'Wk']);
    expect((properties[0]!.Wk as XmlElement).AfA_Geb).toEqual({
      Einz: { E0703501: 'X', E0703503: '2,00', E0703504: 'X', E0703510: '4200' },
      Sum: { E0703511: '4200' },
    });
    const maintenance = root.ESt1A_U as XmlElement;
    expect(maintenance.AW_U).toEqual({
      U_Ztr: [{ E0120109: '01.01-30.06' }, { E0120109: '01.07-31.12' }],
      U_Zlg: [
        { E0120103: '3000', E0120104: '01.01-30.06' },
        { E0120103: '3600', E0120104: '01.07-31.12' },
      ],
    });
    expect((maintenance.Ang_Unt_Pers as XmlElement).Unterstuetzte_Person).toBe('Person1');
  });

  it('from 2023: one Anlage V per property, the depreciation by codes', async () => {
    const root = e10((await written(fixture(2023))).xml);
    const v = root.V as XmlElement[];
    expect(v).toHaveLength(2);
    expect((v[1]!.Wk as XmlElement).AfA_Geb).toEqual({
      Direkt: { E0703302: '2', E0703303: '5,00', E0703304: '2', E0703305: 'Neubau 2023', E0703306: '3000' },
      Sum: { E0703511: '3000' },
    });
  });
});

describe('the rules of the income Anlagen', () => {
  const findings = (body: Record<string, unknown>) =>
    mappedFindings({ year: 2024, test: true, joint_assessment: false, employment: [], pensions: [], ...body } as unknown as EstReturn).map(
      ({ path, code }) => `${path} ${code}`,
    );

  it("refuses what 2022's form cannot hold", () => {
    expect(findings({ year: 2022, rentals: [{ flats: [{ unit: 'EG', rent: 100 }] }] })).toEqual(['rentals.0.flats.0.unit NOT_IN_YEAR']);
    const payments = ['01.01-31.03', '01.04-30.06', '01.07-31.12'].map((span) => ({ supported: span, amount: 100 }));
    expect(findings({ year: 2022, maintenance: [{ payments }] })).toEqual(['maintenance.0.payments NOT_IN_YEAR']);
    expect(findings({ year: 2023, maintenance: [{ payments }] })).toEqual([]);
    expect(findings({ year: 2022, maintenance: [{ persons: [{ in_my_household: 'yes' }] }] })).toEqual(['maintenance.0.persons.0.in_my_household NOT_IN_YEAR']);
  });

  it('credits trade tax only with its base amount (§ 35 Abs. 1 EStG)', () => {
    expect(findings({ trade: [{ person: 'taxpayer', trade_tax: { further: [{ rate: 400, tax_due: 800 }] } }] })).toEqual([
      'trade.0.trade_tax.further.0.base_amount TRADE_TAX_BASE_MISSING',
    ]);
    expect(findings({ trade: [{ person: 'taxpayer', trade_tax: { businesses: [{ base_amount: 200, tax_due: 800 }] } }] })).toEqual([]);
  });

  it('says "no" to Corona aid only where the form can (2022)', () => {
    const corona_aid = { persons: [{ person: 'taxpayer', received: 'no' }] };
    expect(findings({ year: 2022, corona_aid })).toEqual([]);
    expect(findings({ year: 2023, corona_aid })).toEqual(['corona_aid.persons.0.received NOT_IN_YEAR']);
  });
});

describe('the protocol of the income Anlagen', () => {
  it.each([2022, 2024])('%i: shows depreciation, trade tax, foreign taxes and Corona aid under their Anlagen', async (year) => {
    expect(await protocolRows((await written(fixture(year))).xml, year)).toEqual(
      expect.arrayContaining([
        'Anlage V: ',
        '  AfA für Gebäude: 7.200,00 €',
        '  AfA für bewegliche Wirtschaftsgüter: 650,00 €',
        'Anlage G: ',
        '  Gewerbesteuer-Messbetrag: 1.062,00 €',
        '  Zu zahlende Gewerbesteuer: 4.228,00 €',
        '  Höchstbetrag § 35 EStG (mittelbare Beteiligungen): 250,00 €',
        'Anlage KAP: ',
        '  Anrechenbare ausländische Steuern: 30,00 €',
        '  Fiktive ausländische Quellensteuer: 15,00 €',
        'Anlage KAP-BET: ',
        '  Fiktive ausländische Quellensteuern (Person B): 5,00 €',
        'Anlage Unterhalt: ',
        '  Unterhaltszahlungen: 6.600,00 €',
        'Anlage Corona-Hilfen: ',
        '  Corona-Hilfen: 5.000,00 €',
      ]),
    );
  });
});
