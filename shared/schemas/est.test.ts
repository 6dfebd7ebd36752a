import { describe, expect, it } from 'vitest';
import { HttpError } from '#shared/http/http-error.ts';
import { estSchema } from '#shared/schemas/est.ts';
import { parseOr422 } from '#shared/schemas/validate.ts';
import { estSample } from '#test/support/samples.ts';

const sample = estSample();
const { spouse: _, ...taxpayerOnly } = sample;

function failures(input: unknown) {
  try {
    parseOr422(estSchema, input);
  } catch (error) {
    if (error instanceof HttpError) return error.details.map(({ path, code }) => `${path}:${code}`);
    throw error;
  }
  throw new Error('expected the body to fail');
}

describe('estSchema', () => {
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
        children: [],
      }),
    ).toEqual([
      'year:INVALID_TYPE',
      'taxpayer.idnr:INVALID_FORMAT',
      'taxpayer.last_name:REQUIRED',
      'taxpayer.birth_date:INVALID_FORMAT',
      'taxpayer.nickname:UNKNOWN_FIELD',
      'employment.0.person:INVALID_VALUE',
      'employment.0.commute_km:OUT_OF_RANGE',
      'deductions.Health-Insurance:INVALID_VALUE',
      'children:UNKNOWN_FIELD',
    ]);
  });

  it('needs the taxpayer', () => {
    const { taxpayer: _t, ...rest } = sample;
    expect(failures(rest)).toEqual(['taxpayer:REQUIRED']);
  });

  it('needs a tax number, or a tax office for a first return', () => {
    const { tax_number: _n, ...rest } = sample;
    expect(failures(rest)).toEqual(['tax_number:INVALID_VALUE']);
    expect(parseOr422(estSchema, { ...rest, tax_office: '9198' }).tax_office).toBe('9198');
    expect(failures({ ...rest, tax_office: '91' })).toEqual(['tax_office:INVALID_FORMAT']);
  });

  it('needs the spouse for a joint assessment', () => {
    expect(failures({ ...sample, joint_assessment: true })).toEqual(['spouse:INVALID_VALUE']);
    expect(failures({ ...taxpayerOnly, joint_assessment: true })).toEqual(['spouse:INVALID_VALUE']);
    const spouse = { idnr: '12345678901', first_name: 'Max', last_name: 'Mustermann', birth_date: '1958-01-02' };
    expect(parseOr422(estSchema, { ...sample, joint_assessment: true, spouse }).spouse).toEqual(spouse);
  });

  it('refuses a malformed IBAN and an unknown account holder', () => {
    expect(failures({ ...sample, bank: { iban: 'de02 1203', account_holder: 'child' } })).toEqual([
      'bank.iban:INVALID_FORMAT',
      'bank.account_holder:INVALID_VALUE',
    ]);
  });
});
