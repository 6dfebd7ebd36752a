import { describe, expect, it } from 'vitest';
import { estSchema } from '#shared/forms/est/schema.ts';
import { maxRecordKeys } from '#shared/forms/fields.ts';
import { failuresOf, parseOr422 } from '#test/support/parse-or-422.ts';
import { estSample } from '#test/support/samples.ts';

const sample = estSample();

const failures = (input: unknown) => failuresOf(estSchema, input);

describe('estSchema', () => {
  it(`reads no more than ${maxRecordKeys} deductions: more are one finding, their keys unread`, () => {
    const deductions = Object.fromEntries(Array.from({ length: maxRecordKeys + 1 }, (_, index) => [`K${index}`, 'x']));
    expect(failures({ ...sample, deductions })).toEqual(['deductions:OUT_OF_RANGE']);
  });

  it("accepts the contract's sample body as it is", () => {
    expect(parseOr422(estSchema, sample)).toEqual(sample);
  });

  it('fills the defaults of a minimal first return', () => {
    const minimal = {
      year: 2026,
      tax_office: '9198',
      taxpayer: { idnr: '04452397687', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1960-05-17' },
    };
    expect(parseOr422(estSchema, minimal)).toEqual({ ...minimal, test: true, joint_assessment: false, employment: [], pensions: [] });
  });

  it('lists every failing field at once, nested ones with their path', () => {
    expect(
      failures({
        ...sample,
        year: 2025.5,
        taxpayer: { idnr: '123', first_name: 'Erika', birth_date: '17.05.1960', nickname: 'E' },
        employment: [{ person: 'boss', gross_wage: 1, commute_km: -1 }],
        deductions: { 'Health-Insurance': 1 },
        pets: [],
      }),
    ).toEqual([
      'year:INVALID_TYPE',
      'taxpayer.idnr:IDNR_FORMAT',
      'taxpayer.last_name:REQUIRED',
      'taxpayer.birth_date:INVALID_FORMAT',
      'taxpayer.nickname:UNKNOWN_FIELD',
      'employment.0.person:INVALID_VALUE',
      'employment.0.commute_km:OUT_OF_RANGE',
      'deductions.Health-Insurance:INVALID_VALUE',
      'pets:UNKNOWN_FIELD',
    ]);
  });

  it("holds names and addresses to ELSTER's character set, and keeps German ones", () => {
    const taxpayer = sample.taxpayer;
    const workplace = { street: 'ul. Długa', house_number: '1\u202d', postal_code: '85748', city: 'Garching – Forschungszentrum' };
    const employment = [{ ...sample.employment[0], workplace }];
    expect(
      failures({
        ...sample,
        taxpayer: { ...taxpayer, last_name: 'Wałęsa', religion: 'rk\u200b', address: { ...taxpayer.address, city: 'Köln\ufeff' } },
        employment,
      }),
    ).toEqual([
      'taxpayer.last_name:TEXT_CHARSET',
      'taxpayer.religion:TEXT_CHARSET',
      'taxpayer.address.city:TEXT_CHARSET',
      'employment.0.workplace.street:TEXT_CHARSET',
      'employment.0.workplace.house_number:TEXT_CHARSET',
      'employment.0.workplace.city:TEXT_CHARSET',
    ]);
    const german = { ...taxpayer, first_name: 'Jürgen-Ä.', last_name: 'Größe-Çelik', address: { ...taxpayer.address, street: 'Straße des 17. Juni' } };
    expect(parseOr422(estSchema, { ...sample, taxpayer: german }).taxpayer).toEqual(german);
  });

  it('needs the taxpayer', () => {
    const { taxpayer: _t, ...rest } = sample;
    expect(failures(rest)).toEqual(['taxpayer:REQUIRED']);
  });

  it('needs a tax number, or a tax office for a first return', () => {
    const { tax_number: _n, ...rest } = sample;
    expect(failures(rest)).toEqual(['tax_number:REQUIRED']);
    expect(parseOr422(estSchema, { ...rest, tax_office: '9198' }).tax_office).toBe('9198');
    expect(failures({ ...rest, tax_office: '91' })).toEqual(['tax_office:TAX_OFFICE_UNKNOWN']);
  });

  it("converts a tax number in the Land's notation to ELSTER's 13 digits", () => {
    expect(parseOr422(estSchema, { ...sample, tax_number: { state: 'BY', number: '181/815/08155' } }).tax_number).toBe('9181081508155');
    expect(failures({ ...sample, tax_number: { state: 'BY', number: '133/8150/8159' } })).toEqual(['tax_number:TAX_NUMBER_STATE_FORMAT']);
  });

  it('normalizes an IBAN written with spaces, and refuses a wrong one and an unknown account holder', () => {
    expect(parseOr422(estSchema, { ...sample, bank: { iban: 'de02 1203 0000 0000 2020 51', account_holder: 'taxpayer' } }).bank?.iban).toBe(
      'DE02120300000000202051',
    );
    expect(failures({ ...sample, bank: { iban: 'de02 1203', account_holder: 'child' } })).toEqual([
      'bank.iban:IBAN_COUNTRY_LENGTH',
      'bank.account_holder:INVALID_VALUE',
    ]);
  });

  it("takes the caller's own XML instead of the structured fields, never beside them", () => {
    const { taxpayer: _t, spouse: _s, bank: _b, employment: _e, pensions: _p, deductions: _d, ...common } = sample;
    expect(parseOr422(estSchema, { ...common, xml: '<E10/>' }).xml).toBe('<E10/>');
    expect(failures({ ...sample, married_since: '1985-08-30', xml: '<E10/>' })).toEqual([
      'taxpayer:XML_WITH_FIELDS',
      'married_since:XML_WITH_FIELDS',
      'bank:XML_WITH_FIELDS',
      'employment:XML_WITH_FIELDS',
      'deductions:XML_WITH_FIELDS',
    ]);
  });

  it('takes the IdNrs the XML names beside it, checked as IdNrs, and only there', () => {
    const { taxpayer: _t, spouse: _s, bank: _b, employment: _e, pensions: _p, deductions: _d, ...common } = sample;
    expect(parseOr422(estSchema, { ...common, idnr: '04452397687', spouse_idnr: '02476291358', xml: '<E10/>' })).toMatchObject({ idnr: '04452397687' });
    expect(failures({ ...common, idnr: '04452397688', xml: '<E10/>' })).toEqual(['idnr:IDNR_CHECK_DIGIT']);
    expect(failures({ ...sample, idnr: '04452397687', spouse_idnr: '02476291358' })).toEqual(['idnr:FIELD_ONLY_WITH_XML', 'spouse_idnr:FIELD_ONLY_WITH_XML']);
  });

  describe('tax class', () => {
    const withTaxClass = (tax_class: unknown) => ({ ...sample, employment: [{ ...sample.employment[0]!, tax_class }] });

    it.each([1, 6])('takes %i', (taxClass) => {
      expect(parseOr422(estSchema, withTaxClass(taxClass)).employment[0]!.tax_class).toBe(taxClass);
    });

    it.each([
      [0, 'OUT_OF_RANGE'],
      [7, 'OUT_OF_RANGE'],
      [2.5, 'INVALID_TYPE'],
      ['3', 'INVALID_TYPE'],
    ])('refuses %j with %s, saying what it must be', (taxClass, code) => {
      expect(failures(withTaxClass(taxClass))).toEqual([`employment.0.tax_class:${code}`]);
      expect(() => parseOr422(estSchema, withTaxClass(taxClass))).toThrow(
        expect.objectContaining({
          // A type error shows an example besides.
          details: [
            expect.objectContaining({
              message: expect.stringMatching(/^must be the tax class of the wage tax statement: a whole number from 1 to 6(, e\.g\. [1-6])?$/),
            }),
          ],
        }),
      );
    });

    it("may be left out, as in the contract's sample (the tax rules hint at it)", () => {
      expect(parseOr422(estSchema, sample).employment[0]!.tax_class).toBeUndefined();
    });
  });

  it('takes the first place of work as an address, the house number optional', () => {
    const workplace = { street: 'Boltzmannstr.', postal_code: '85748', city: 'Garching' };
    const body = { ...sample, employment: [{ ...sample.employment[0]!, workplace }] };
    expect(parseOr422(estSchema, body).employment[0]!.workplace).toEqual(workplace);
    const { city: _, ...withoutCity } = workplace;
    expect(failures({ ...sample, employment: [{ ...sample.employment[0]!, workplace: { ...withoutCity, floor: 3 } }] })).toEqual([
      'employment.0.workplace.city:REQUIRED',
      'employment.0.workplace.floor:UNKNOWN_FIELD',
    ]);
  });

  it('takes the marriage date as YYYY-MM-DD', () => {
    expect(parseOr422(estSchema, { ...sample, married_since: '1985-08-30' }).married_since).toBe('1985-08-30');
    expect(failures({ ...sample, married_since: '30.08.1985' })).toEqual(['married_since:INVALID_FORMAT']);
    expect(failures({ ...sample, married_since: '1985-02-30' })).toEqual(['married_since:INVALID_FORMAT']);
  });
});
