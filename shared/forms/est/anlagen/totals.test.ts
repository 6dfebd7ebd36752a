// The totals Anlage V, SO, G and FW define from their lines, through the real check, writer and reader:
// a total left out is written as it computes, one given otherwise is refused with TOTAL_MISMATCH
// naming what it computes to; and V's maintenance, allocations, administration costs and floor
// space are written valid against the year's XSD and read back (test/support/elster.ts).
import { describe, expect, it } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { readBackEst } from '#shared/forms/est/read-back.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { checkContext } from '#shared/wiring/check-context.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing } from '#test/support/elster.ts';

const schemasMissing = elsterMissing('schemas');
const options = { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') };
const person = { first_name: 'Erika', last_name: 'Mustermann', birth_date: '1960-05-17', religion: 'none' };
const address = { street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' };
const base = (year: number) => ({
  test: true,
  year,
  tax_number: '9198011310010',
  taxpayer: { idnr: '04452397687', ...person, address },
  employment: [],
  pensions: [],
});

const property = {
  street: 'Lindenweg 4',
  postal_code: '93047',
  city: 'Regensburg',
  living_space: 120,
  flats: [
    { unit: 'EG', area: '60.5', rent: '7200.00' },
    { unit: '1. OG', area: 59.5, rent: 8400 },
  ],
  allocations: 2400,
  allocations_settlement: -150,
  interest: [{ lender: 'Sparkasse', amount: '2310.40' }],
  maintenance_direct: [{ description: 'Fenster', issuer: 'Glaserei Huber', invoice_date: '2024-03-01', amount: '1000.10' }],
  maintenance_shared: [{ description: 'Dach', amount: '3000.00', share: '33.33' }],
  maintenance_spread: {
    expenses: [{ amount: 10001, description: 'Heizung' }],
    years: 3,
    from_year_before: 800,
  },
  administration: [{ description: 'Hausverwaltung', amount: '600.00' }],
};

async function checked(body: Record<string, unknown>) {
  const result = await checkEst(body, checkContext());
  return { findings: result.findings.map(({ path, code, expected }) => ({ path, code, expected })), body: result.filing?.body as EstReturn };
}

/** The Nutzdaten of a body the check takes without a finding, valid against the XSD of its year where the schemas are at hand. */
async function validXml(request: Record<string, unknown> & { year: number }) {
  const { findings, body } = await checked(request);
  expect(findings).toEqual([]);
  const xml = estNutzdaten(body, options);
  if (!schemasMissing) expect(validateNutzdaten('est', request.year, xml).errors).toEqual([]);
  return xml;
}

const elementOf = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('Anlage V', () => {
  it('computes the totals a body leaves out, writes the new parts valid against the XSD and reads them back', async () => {
    const xml = await validXml({ ...base(2024), rentals: [property] });
    // Income: 7200 + 8400 rent, 2400 allocations, −150 settled.
    expect(elementOf(xml, 'E0701401')).toBe('17850');
    // Expenses, each line as written: interest 2311, direct 1001, shared ⌈3000 × 33.33 %⌉ = 1000,
    // spread ⌈10001 / 3⌉ = 3334, from the year before 800, administration 600.
    expect(elementOf(xml, 'E0703911')).toBe('1001');
    expect(elementOf(xml, 'E0703838')).toBe('1000');
    expect(elementOf(xml, 'E0704703')).toBe('3334');
    expect(elementOf(xml, 'E0704708')).toBe('3334');
    expect(elementOf(xml, 'E0705701')).toBe('9046');
    expect(elementOf(xml, 'E0701601')).toBe('8804');
    expect(elementOf(xml, 'E0701801')).toBe('8804');
    const back = await readBackEst(xml);
    expect(back.unmapped).toEqual([]);
    expect(back.body.rentals).toMatchObject([
      {
        living_space: 120,
        flats: [{ area: '60.50' }, { area: '59.50' }],
        allocations: '2400',
        maintenance_spread: { this_year: '3334', deductible: '3334' },
        administration: [{ amount: '600' }],
        expenses_total: '9046',
        surplus: '8804',
      },
    ]);
  });

  it('refuses totals given otherwise than their lines, naming what they compute to', async () => {
    const { findings } = await checked({
      ...base(2024),
      rentals: [{ ...property, income_total: 17000, expenses_total: 9000, surplus: 9999, share_taxpayer: 5000, share_spouse: 1000 }],
    });
    expect(findings).toEqual([
      { path: 'rentals.0.income_total', code: 'TOTAL_MISMATCH', expected: '17850.00' },
      { path: 'rentals.0.expenses_total', code: 'TOTAL_MISMATCH', expected: '9046.00' },
      { path: 'rentals.0.surplus', code: 'TOTAL_MISMATCH', expected: '8804.00' },
      { path: 'rentals.0.share_taxpayer', code: 'TOTAL_MISMATCH', expected: '7804.00' },
    ]);
  });

  it('adds other rooms, the rent from relatives and the other income to the sum of income, valid against the XSD', async () => {
    const more = {
      other_rooms: [{ unit: 'Laden', area: '40.00', rent: '3000.60' }],
      relatives_unit: 'DG',
      relatives_area: 30,
      relatives_rent: 2400,
      rent_earlier_years: 100,
      other_lettings: 600,
      vat_received: 570,
      vat_refunded: 30,
    };
    const xml = await validXml({ ...base(2024), rentals: [{ ...property, ...more, holiday_flat: 'no', holiday_space: 0 }] });
    // 17,850 of the flats and charges, 3,000 of the rooms (rounded down), 2,400 + 100 + 600 + 570 + 30.
    expect(elementOf(xml, 'E0700406')).toBe('3000');
    expect(elementOf(xml, 'E0701401')).toBe('24550');
    const given = await checked({ ...base(2024), rentals: [{ ...property, ...more, income_total: 17850 }] });
    expect(given.findings).toEqual([{ path: 'rentals.0.income_total', code: 'TOTAL_MISMATCH', expected: '24550.00' }]);
  });

  it('holds a shared line, the part of this year and the shares to their lines', async () => {
    const { findings } = await checked({
      ...base(2024),
      rentals: [
        {
          ...property,
          maintenance_shared: [{ description: 'Dach', amount: '3000.00', share: '33.33', deductible: 1500 }],
          maintenance_spread: { ...property.maintenance_spread, this_year: 5000 },
        },
      ],
    });
    expect(findings).toEqual([
      { path: 'rentals.0.maintenance_shared.0.deductible', code: 'TOTAL_MISMATCH', expected: '1000.00' },
      { path: 'rentals.0.maintenance_spread.this_year', code: 'TOTAL_MISMATCH', expected: '3334.00' },
    ]);
  });

  it('takes totals that agree with their lines, an expense given with cents as it is written', async () => {
    const { findings } = await checked({ ...base(2024), rentals: [{ ...property, expenses_total: '9045.10', surplus: 8804, share_taxpayer: 8804 }] });
    expect(findings).toEqual([]);
  });

  it('spreads maintenance over two to five years only', async () => {
    const { findings } = await checked({ ...base(2024), rentals: [{ ...property, maintenance_spread: { ...property.maintenance_spread, years: 6 } }] });
    expect(findings.map(({ path, code }) => `${path} ${code}`)).toEqual(['rentals.0.maintenance_spread.years OUT_OF_RANGE']);
  });

  it("takes 2022's floor space, allocations and income sum in that year's shape, and none of the later parts", async () => {
    const { living_space, allocations, interest } = property;
    const flats = property.flats.map(({ unit: _unit, ...flat }) => flat);
    const xml = await validXml({ ...base(2022), rentals: [{ street: 'Lindenweg 4', living_space, flats, allocations, interest }] });
    expect(elementOf(xml, 'E0701401')).toBe('18000');
    expect(elementOf(xml, 'E0701601')).toBe('15689');
    const later = await checked({ ...base(2022), rentals: [{ street: 'Lindenweg 4', administration: property.administration }] });
    expect(later.findings).toEqual([{ path: 'rentals.0.administration', code: 'NOT_IN_YEAR', expected: undefined }]);
  });
});

describe('Anlage SO', () => {
  const sale = {
    property: 'Bauplatz',
    acquired_on: '2020-01-01',
    sold_on: '2024-06-01',
    price: 200000,
    cost: 150000,
    depreciation: 0,
    selling_costs: '2000.50',
  };

  it("computes a sale's gain from its lines where it is left out", async () => {
    const { findings, body } = await checked({ ...base(2024), other_income: { land_sales: [{ sales: [sale] }] } });
    expect(findings).toEqual([]);
    expect(elementOf(estNutzdaten(body, options), 'E0306801')).toBe('47999');
  });

  it('refuses a gain given otherwise', async () => {
    const { findings } = await checked({
      ...base(2024),
      other_income: {
        land_sales: [{ sales: [{ ...sale, gain: 50000 }] }],
        other_sales: [{ sales: [{ asset: 'Gemälde', price: 900, cost: 1000, gain: 100 }] }],
      },
    });
    expect(findings).toEqual([
      { path: 'other_income.land_sales.0.sales.0.gain', code: 'TOTAL_MISMATCH', expected: '47999.00' },
      { path: 'other_income.other_sales.0.sales.0.gain', code: 'TOTAL_MISMATCH', expected: '-100.00' },
    ]);
  });

  const services = {
    virtual_currency_income: [{ description: 'Staking', amount: '120.40' }],
    lines: [
      { description: 'Vermittlung', amount: 300 },
      { description: 'Nachhilfe', amount: '80.90' },
    ],
    expenses: 100,
  };
  const coins = { description: 'Bitcoin', price: 5000, cost: '3000.10', selling_costs: 20 };

  it("computes the services' sums and a virtual currency sale's gain, valid against the XSD", async () => {
    const xml = await validXml({
      ...base(2024),
      other_income: { services: [{ person: 'taxpayer', ...services }], virtual_currency_sales: [{ person: 'taxpayer', sales: [coins] }] },
    });
    // Each line as written in whole euros, rounded down as income: 120 + 300 + 80.
    expect(elementOf(xml, 'E0305101')).toBe('500');
    expect(elementOf(xml, 'E0305301')).toBe('400');
    expect(elementOf(xml, 'E0304703')).toBe('1979');
  });

  it("refuses the services' sums and a virtual currency gain given otherwise", async () => {
    const { findings } = await checked({
      ...base(2024),
      other_income: { services: [{ ...services, income_total: 501, net: 500 }], virtual_currency_sales: [{ sales: [{ ...coins, gain: 2000 }] }] },
    });
    expect(findings).toEqual([
      { path: 'other_income.services.0.income_total', code: 'TOTAL_MISMATCH', expected: '500.00' },
      { path: 'other_income.services.0.net', code: 'TOTAL_MISMATCH', expected: '400.00' },
      { path: 'other_income.virtual_currency_sales.0.sales.0.gain', code: 'TOTAL_MISMATCH', expected: '1979.00' },
    ]);
  });
});

describe('Anlage FW', () => {
  const section10e = { costs: { land: 40000, land_half: 20000, building: 150000 }, later_costs: { land_half: '500.20', building: 8000 } };

  it('computes the sums of the costs of § 10e EStG, valid against the XSD of 2022 and 2024, and reads them back', async () => {
    for (const year of [2022, 2024]) {
      const xml = await validXml({ ...base(year), home_ownership: [{ location: 'Regensburg', holiday_area: true, section_10e: section10e }] });
      expect([elementOf(xml, 'E0403801'), elementOf(xml, 'E0403802'), elementOf(xml, 'E0403803')]).toEqual(['20501', '158000', '178501']);
      const back = await readBackEst(xml);
      expect(back.unmapped).toEqual([]);
      expect(back.body.home_ownership).toMatchObject([{ location: 'Regensburg', holiday_area: true, section_10e: { costs_total: '178501' } }]);
    }
  });

  it('refuses a sum given otherwise', async () => {
    const { findings } = await checked({ ...base(2024), home_ownership: [{ section_10e: { ...section10e, building_total: 158001 } }] });
    expect(findings).toEqual([{ path: 'home_ownership.0.section_10e.building_total', code: 'TOTAL_MISMATCH', expected: '158000.00' }]);
  });
});

describe('Anlage G', () => {
  const line = { trade_income: 24500, allowance: 24500, base_amount: 430, rate: 400 };

  it('computes the trade tax due from the base amount and the rate, and the further businesses’ profit from their lines', async () => {
    const xml = await validXml({
      ...base(2024),
      trade: [
        {
          person: 'taxpayer',
          further_businesses: [
            { kind: 'Kiosk', profit: 1000 },
            { kind: 'Imbiss', profit: 2000 },
          ],
          trade_tax: { businesses: [line] },
        },
      ],
    });
    expect(elementOf(xml, 'E0801704')).toBe('1720');
    expect(elementOf(xml, 'E0800402')).toBe('3000');
  });

  it('takes the tax due of a base amount with cents, and refuses one that is not base × rate', async () => {
    const near = await checked({ ...base(2024), trade: [{ trade_tax: { businesses: [{ ...line, tax_due: 1722 }] } }] });
    expect(near.findings).toEqual([]);
    const { findings } = await checked({
      ...base(2024),
      trade: [{ further_businesses: [{ kind: 'Kiosk', profit: 1000 }], further_profit: 3000, trade_tax: { businesses: [{ ...line, tax_due: 2000 }] } }],
    });
    expect(findings).toEqual([
      { path: 'trade.0.further_profit', code: 'TOTAL_MISMATCH', expected: '1000.00' },
      { path: 'trade.0.trade_tax.businesses.0.tax_due', code: 'TOTAL_MISMATCH', expected: '1720.00' },
    ]);
  });

  it('checks the check digit of a W-IdNr in a caller’s E10 too', async () => {
    const { body } = await checked({
      ...base(2024),
      trade: [{ person: 'taxpayer', businesses: [{ kind: 'Kiosk', business_id: 'DE123456788-00001', profit: 1 }] }],
    });
    const xml = estNutzdaten(body, options);
    const nutzdaten = /<E10[\s\S]*<\/E10>/.exec(xml)![0];
    const declared = { test: true, year: 2024, tax_number: '9198011310010', idnr: '04452397687' };
    expect((await checked({ ...declared, xml: nutzdaten })).findings).toEqual([]);
    const { findings } = await checked({ ...declared, xml: nutzdaten.replace('DE123456788-00001', 'DE123456789-00001') });
    expect(findings).toEqual([{ path: 'xml.G.Gew.Einz_U.Betr_1_2.E0800405', code: 'WIDNR_CHECK_DIGIT', expected: undefined }]);
  });

  it('checks the check digit of a business’s W-IdNr from 2024', async () => {
    const { findings } = await checked({ ...base(2024), trade: [{ businesses: [{ kind: 'Kiosk', business_id: 'DE123456789-00001', profit: 1 }] }] });
    expect(findings.map(({ path, code }) => `${path} ${code}`)).toEqual(['trade.0.businesses.0.business_id WIDNR_CHECK_DIGIT']);
  });
});
