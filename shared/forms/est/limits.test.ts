import { describe, expect, it } from 'vitest';
import { estLimitFindings, houseNumberParts } from '#shared/forms/est/limits.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { estReturnSample, estSample } from '#test/support/samples.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const found = (findings: { path: string; code: string; expected?: string }[]) => findings.map(({ path, code, expected }) => `${path} ${code} ${expected}`);

describe('the limits of each year’s E10 schema', () => {
  it('takes a city of 20 characters in 2022 and 2023, of 25 from 2024', () => {
    const city = 'Garmisch-Partenkirchen'; // 22
    const withCity = (year: number) =>
      estReturnSample({ year, taxpayer: { ...estReturnSample().taxpayer, address: { street: 'Am Hang', postal_code: '82467', city } } });
    expect(found(estLimitFindings(withCity(2023)))).toEqual(['taxpayer.address.city OUT_OF_RANGE at most 20 characters']);
    expect(estLimitFindings(withCity(2024))).toEqual([]);
    expect(estLimitFindings(withCity(2025))).toEqual([]);
  });

  it('splits a house number into at most 4 digits and a suffix of at most 6 characters', () => {
    expect(houseNumberParts('12 b')).toEqual({ number: '12', suffix: 'b' });
    expect(houseNumberParts('A')).toEqual({ rest: 'A' });
    const withNumber = (house_number: string) =>
      estLimitFindings(
        estReturnSample({ taxpayer: { ...estReturnSample().taxpayer, address: { street: 'Am Hang', house_number, postal_code: '82467', city: 'Bad Tölz' } } }),
      );
    expect(withNumber('1234abcdef')).toEqual([]);
    expect(found(withNumber('12345'))).toEqual(['taxpayer.address.house_number OUT_OF_RANGE at most 4 digits and a suffix of at most 6 characters']);
    expect(found(withNumber('12 Hinterhaus'))).toEqual(['taxpayer.address.house_number OUT_OF_RANGE at most 4 digits and a suffix of at most 6 characters']);
    // Without leading digits it is written with the street, which then counts it.
    expect(found(withNumber('Hinterhaus links oben'))).toEqual(['taxpayer.address.street OUT_OF_RANGE at most 25 characters']);
  });

  it('sums a person’s wages as the form does, and caps health insurance at five digits', () => {
    const job = { person: 'taxpayer' as const, tax_class: 1, gross_wage: '600000000000.00' };
    const body = estReturnSample({ employment: [job, job], deductions: { health_insurance: '99999.01' } });
    expect(found(estLimitFindings(body))).toEqual([
      'employment.0.gross_wage OUT_OF_RANGE at most 12 digits before the decimal point',
      'deductions.health_insurance OUT_OF_RANGE at most 5 digits before the decimal point',
    ]);
  });

  it('counts work equipment on the wage tax statements in whole euros rounded up, as it is written', () => {
    const job = (work_equipment: string) => ({ person: 'taxpayer' as const, tax_class: 1, gross_wage: '1000.00', work_equipment });
    expect(estLimitFindings(estReturnSample({ employment: [job('999999999999.00')] }))).toEqual([]);
    expect(found(estLimitFindings(estReturnSample({ employment: [job('999999999999.01')] })))).toEqual([
      'employment.0.work_equipment OUT_OF_RANGE at most 12 digits before the decimal point',
    ]);
  });

  it('takes 15 statutory pensions a person until 2023, 99 from 2024', () => {
    const pensions = Array.from({ length: 16 }, () => ({ person: 'taxpayer' as const, annual_amount: 100, start_year: 2000 }));
    expect(found(estLimitFindings(estReturnSample({ year: 2023, pensions })))).toEqual(['pensions.15 OUT_OF_RANGE at most 15 pensions per person']);
    expect(estLimitFindings(estReturnSample({ year: 2024, pensions }))).toEqual([]);
  });

  it('refuses a year before the supported forms as closed, one after them as not ended', async () => {
    expect(found((await checkEst({ ...estSample(), year: 2021 }, checkContext())).findings)).toEqual(['year YEAR_CLOSED undefined']);
    expect(found((await checkEst({ ...estSample(), year: 2027 }, checkContext())).findings)).toEqual(['year YEAR_NOT_ENDED 2028-01-01']);
  });
});
