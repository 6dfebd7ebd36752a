import { describe, expect, it } from 'vitest';
import type { Address, Employment, EstReturn, Person } from '#shared/forms/est/model.ts';
import { estFindings } from '#shared/forms/est/rules.ts';
import { estReturnSample } from '#test/support/samples.ts';

const today = new Date('2026-03-01T12:00:00Z');

const erika: Person = estReturnSample().taxpayer;
const max: Person = { ...erika, idnr: '02476291358', first_name: 'Max', birth_date: '1958-01-02', religion: 'rk' };

const valid = estReturnSample;
const marriedSince = '1985-08-30';
const workplace: Address = { street: 'Boltzmannstr.', house_number: '3', postal_code: '85748', city: 'Garching' };
/** An employment in tax class 1, with `changes`. */
const job = (changes: Partial<Employment> = {}): Employment => ({ person: 'taxpayer', tax_class: 1, gross_wage: 40000, ...changes });

const findings = (body: EstReturn) => estFindings(body, today);
const codes = (body: EstReturn) => findings(body).map((finding) => `${finding.path} ${finding.code}`);

describe('estFindings', () => {
  it('finds nothing in the contract example', () => {
    expect(findings(valid())).toEqual([]);
  });

  it('needs a taxpayer with names', () => {
    expect(codes(valid({ taxpayer: undefined as unknown as Person }))).toEqual(['taxpayer TAXPAYER_REQUIRED']);
    expect(codes(valid({ taxpayer: { ...erika, first_name: '  ' } }))).toEqual(['taxpayer.first_name NAME_REQUIRED']);
  });

  describe('birth date', () => {
    it.each([
      ['1899-12-31', 'BIRTH_DATE_TOO_EARLY'],
      ['2026-01-01', 'BIRTH_DATE_AFTER_TAX_YEAR'],
      ['', 'BIRTH_DATE_REQUIRED'],
    ])('refuses %s', (birthDate, code) => {
      expect(codes(valid({ taxpayer: { ...erika, birth_date: birthDate } }))).toEqual([`taxpayer.birth_date ${code}`]);
    });

    it('refuses a date after today in the current year', () => {
      expect(codes(valid({ year: 2026, taxpayer: { ...erika, birth_date: '2026-03-02' } }))).toEqual(['taxpayer.birth_date BIRTH_DATE_IN_FUTURE']);
    });

    it('accepts a child born in the tax year: an adult is not required', () => {
      expect(findings(valid({ taxpayer: { ...erika, birth_date: '2025-12-31' } }))).toEqual([]);
      expect(findings(valid({ taxpayer: { ...erika, birth_date: '1900-01-01' } }))).toEqual([]);
    });

    it("checks the spouse's too", () => {
      expect(codes(valid({ spouse: { ...max, birth_date: '1850-01-01' }, married_since: marriedSince }))).toEqual(['spouse.birth_date BIRTH_DATE_TOO_EARLY']);
    });
  });

  it('hints at what ELSTER will miss, and refuses a religion it has no key for', () => {
    const { religion: _religion, address: _address, ...bare } = erika;
    expect(findings(valid({ taxpayer: bare }))).toEqual([
      expect.objectContaining({ path: 'taxpayer.religion', code: 'RELIGION_MISSING', severity: 'hint' }),
      expect.objectContaining({ path: 'taxpayer.address', code: 'ADDRESS_MISSING', severity: 'hint' }),
    ]);
    expect(codes(valid({ taxpayer: { ...erika, religion: 'catholic' } }))).toEqual(['taxpayer.religion RELIGION_UNKNOWN']);
    expect(codes(valid({ taxpayer: { ...erika, religion: 'toString' } }))).toEqual(['taxpayer.religion RELIGION_UNKNOWN']);
  });

  describe('spouse', () => {
    it('is required for joint assessment', () => {
      expect(codes(valid({ joint_assessment: true, married_since: marriedSince }))).toEqual(['spouse SPOUSE_REQUIRED']);
      expect(findings(valid({ joint_assessment: true, spouse: max, married_since: marriedSince }))).toEqual([]);
    });

    it('may leave out the IdNrs, as ELSTER’s schema and samples do: a hint for each, not the same for both', () => {
      const { idnr: _taxpayer, ...withoutTaxpayerIdnr } = erika;
      const { idnr: _spouse, ...withoutSpouseIdnr } = max;
      expect(findings(valid({ joint_assessment: true, taxpayer: withoutTaxpayerIdnr, spouse: withoutSpouseIdnr, married_since: marriedSince }))).toEqual([
        expect.objectContaining({ path: 'taxpayer.idnr', code: 'IDNR_MISSING', severity: 'hint' }),
        expect.objectContaining({ path: 'spouse.idnr', code: 'IDNR_MISSING', severity: 'hint' }),
      ]);
    });

    it('must have an IdNr of their own', () => {
      expect(codes(valid({ spouse: { ...max, idnr: erika.idnr }, married_since: marriedSince }))).toEqual(['spouse.idnr IDNR_SAME_AS_TAXPAYER']);
    });

    it('must exist where employment, pensions or the bank account name them', () => {
      const body = valid({
        employment: [job({ person: 'spouse', gross_wage: 1000 })],
        pensions: [{ person: 'spouse', annual_amount: 1000, start_year: 2020 }],
        bank: { iban: 'DE02120300000000202051', account_holder: 'spouse' },
      });
      expect(codes(body)).toEqual(['employment.0.person SPOUSE_MISSING', 'pensions.0.person SPOUSE_MISSING', 'bank.account_holder SPOUSE_MISSING']);
    });

    it("with separate assessment may hold the account, but the spouse's income belongs in the spouse's own return", () => {
      const body = valid({
        spouse: max,
        married_since: marriedSince,
        employment: [job({ person: 'spouse', gross_wage: 1000 })],
        pensions: [{ person: 'spouse', annual_amount: 1000, start_year: 2020 }],
        bank: { iban: 'DE02120300000000202051', account_holder: 'spouse' },
      });
      expect(codes(body)).toEqual(['employment.0.person SPOUSE_INCOME_SEPARATE', 'pensions.0.person SPOUSE_INCOME_SEPARATE']);
      expect(findings({ ...body, joint_assessment: true })).toEqual([]);
    });
  });

  describe('amounts', () => {
    it.each([
      ['-1.00', 'AMOUNT_NEGATIVE'],
      [-0.01, 'AMOUNT_NEGATIVE'],
      ['1.005', 'AMOUNT_DECIMALS'],
      [10.123, 'AMOUNT_DECIMALS'],
      ['1e3', 'AMOUNT_INVALID'],
    ])('refuses %j', (amount, code) => {
      expect(codes(valid({ deductions: { donations: amount } }))).toEqual([`deductions.donations ${code}`]);
      expect(codes(valid({ pensions: [{ person: 'taxpayer', annual_amount: amount, start_year: 2020 }] }))).toEqual([`pensions.0.annual_amount ${code}`]);
    });

    it('accepts trailing zeros and numbers', () => {
      expect(findings(valid({ deductions: { donations: '200.500', medical_costs: 12.5 } }))).toEqual([]);
    });

    it('refuses income tax above the wage', () => {
      const finding = findings(valid({ employment: [job({ gross_wage: '1000.00', income_tax_withheld: '1000.01' })] }));
      expect(finding).toEqual([
        expect.objectContaining({ path: 'employment.0.income_tax_withheld', code: 'WITHHELD_EXCEEDS_WAGE', message: expect.stringContaining('1000.00') }),
      ]);
      expect(findings(valid({ employment: [job({ gross_wage: '1000.00', income_tax_withheld: '1000.00' })] }))).toEqual([]);
    });

    it('hints when a surcharge is larger than the income tax it is a share of', () => {
      const finding = findings(valid({ employment: [job({ gross_wage: 30000, income_tax_withheld: 100, church_tax_withheld: 150 })] }));
      expect(finding).toEqual([expect.objectContaining({ path: 'employment.0.church_tax_withheld', code: 'SURCHARGE_EXCEEDS_INCOME_TAX', severity: 'hint' })]);
    });
  });

  describe('commuting', () => {
    const commute = (commute_km: number | undefined, office_days: number | undefined, year = 2025) =>
      valid({ year, employment: [job({ workplace, ...(commute_km !== undefined && { commute_km }), ...(office_days !== undefined && { office_days }) })] });

    it('needs distance and days together', () => {
      expect(codes(commute(10, undefined))).toEqual(['employment.0.office_days COMMUTE_DAYS_MISSING']);
      expect(codes(commute(10, 0))).toEqual(['employment.0.office_days COMMUTE_DAYS_MISSING']);
      expect(codes(commute(0, 100))).toEqual(['employment.0.commute_km COMMUTE_KM_MISSING']);
      expect(findings(commute(0, 0))).toEqual([]);
    });

    it('refuses more office days than the year has, counting leap years', () => {
      expect(codes(commute(10, 366, 2025))).toEqual(['employment.0.office_days OFFICE_DAYS_EXCEED_YEAR']);
      expect(codes(commute(10, 366, 2024))).toEqual(['employment.0.office_days OFFICE_DAYS_ABOVE_FIVE_DAY_WEEK']);
    });

    it('hints above the usual 230 days and above a five-day week', () => {
      expect(findings(commute(10, 230))).toEqual([]);
      expect(findings(commute(10, 231))).toEqual([expect.objectContaining({ code: 'OFFICE_DAYS_HIGH', severity: 'hint' })]);
      expect(findings(commute(10, 260))).toEqual([expect.objectContaining({ code: 'OFFICE_DAYS_HIGH', severity: 'hint' })]);
      expect(findings(commute(10, 261))).toEqual([expect.objectContaining({ code: 'OFFICE_DAYS_ABOVE_FIVE_DAY_WEEK', severity: 'hint' })]);
    });

    it("hints when one person's employments add up to more days than the year", () => {
      const body = valid({
        employment: [
          job({ gross_wage: 20000, commute_km: 2, office_days: 200, workplace }),
          job({ gross_wage: 20000, commute_km: 2, office_days: 200, workplace }),
        ],
      });
      expect(findings(body)).toEqual([expect.objectContaining({ path: 'employment.0.office_days', code: 'OFFICE_DAYS_TOTAL_HIGH', severity: 'hint' })]);
    });

    // 2025: 20 km × 0.30 + 60 km × 0.38 = 28.80 € a day; 157 days = 4521.60 €, 156 days = 4492.80 €.
    // 2026: 0.38 € from the first km, so 80 km = 30.40 € a day; 148 days = 4499.20 €, 149 days = 4529.60 €.
    it.each([
      [2025, 80, 156, undefined],
      [2025, 80, 157, '4521.60'],
      [2026, 80, 148, undefined],
      [2026, 80, 149, '4529.60'],
    ])('in %i, %i km on %i days: the 4,500 € cap hint shows %s', (year, km, days, total) => {
      const cap = findings(commute(km, days, year)).filter((finding) => finding.code === 'COMMUTE_CAP');
      if (total === undefined) expect(cap).toEqual([]);
      else
        expect(cap).toEqual([
          expect.objectContaining({ path: 'employment.0.commute_km', severity: 'hint', expected: '4500.00', message: expect.stringContaining(total) }),
        ]);
    });
  });

  describe('first place of work', () => {
    it('is asked for with the commuting allowance, and only with it', () => {
      const { workplace: _, ...withoutWorkplace } = estReturnSample().employment[0]!;
      expect(findings(valid({ employment: [withoutWorkplace] }))).toEqual([
        expect.objectContaining({ path: 'employment.0.workplace', code: 'WORKPLACE_MISSING', severity: 'hint' }),
      ]);
      expect(codes(valid({ employment: [job({ office_days: 100 })] }))).toEqual([
        'employment.0.commute_km COMMUTE_KM_MISSING',
        'employment.0.workplace WORKPLACE_MISSING',
      ]);
      expect(findings(valid({ employment: [job()] }))).toEqual([]);
      expect(findings(valid({ employment: [job({ workplace })] }))).toEqual([]);
    });
  });

  describe('tax class', () => {
    it('is asked for when left out, without refusing the return', () => {
      const { tax_class: _, ...withoutTaxClass } = job();
      expect(findings(valid({ employment: [withoutTaxClass] }))).toEqual([
        expect.objectContaining({ path: 'employment.0.tax_class', code: 'TAX_CLASS_MISSING', severity: 'hint' }),
      ]);
    });

    const single = (tax_class: Employment['tax_class']) => valid({ employment: [job({ tax_class })] });

    it('refuses 4 and 5 for a person who is not married (§ 38b Abs. 1 Satz 2 Nr. 4, 5 EStG)', () => {
      expect(codes(single(4))).toEqual(['employment.0.tax_class TAX_CLASS_NEEDS_MARRIAGE']);
      expect(findings(single(5))).toEqual([
        expect.objectContaining({ path: 'employment.0.tax_class', code: 'TAX_CLASS_NEEDS_MARRIAGE', message: expect.stringContaining('Nr. 5') }),
      ]);
    });

    it('takes 4 and 5 from a married person, filing jointly, separately or alone', () => {
      expect(findings(valid({ employment: [job({ tax_class: 5 })], married_since: marriedSince }))).toEqual([]);
      expect(findings(valid({ employment: [job({ tax_class: 4 })], spouse: max, married_since: marriedSince }))).toEqual([]);
      expect(
        findings(
          valid({
            employment: [job({ tax_class: 5 }), job({ person: 'spouse', tax_class: 3 })],
            spouse: max,
            joint_assessment: true,
            married_since: marriedSince,
          }),
        ),
      ).toEqual([]);
    });

    it('hints at 3 without a marriage: the widowed keep it for the year after the death', () => {
      expect(findings(single(3))).toEqual([expect.objectContaining({ path: 'employment.0.tax_class', code: 'TAX_CLASS_3_UNMARRIED', severity: 'hint' })]);
      expect(findings(valid({ employment: [job({ tax_class: 3 })], married_since: marriedSince }))).toEqual([]);
    });

    it('hints at 2, the single parents’ class, beside a spouse or without a child, but not for a parent living apart', () => {
      const children = [{ first_name: 'Tobias', birth_date: '2014-08-20' }];
      expect(findings(valid({ employment: [job({ tax_class: 2 })], spouse: max, married_since: marriedSince, children }))).toEqual([
        expect.objectContaining({ path: 'employment.0.tax_class', code: 'TAX_CLASS_2_WITH_SPOUSE', severity: 'hint' }),
      ]);
      expect(findings(single(2))).toEqual([expect.objectContaining({ path: 'employment.0.tax_class', code: 'TAX_CLASS_II_WITHOUT_CHILD', severity: 'hint' })]);
      expect(findings({ ...single(2), children })).toEqual([]);
      expect(findings(valid({ employment: [job({ tax_class: 2 })], married_since: marriedSince, children }))).toEqual([]);
    });

    it('takes 1 and 6 from anyone', () => {
      expect(findings(single(1))).toEqual([]);
      expect(findings(single(6))).toEqual([]);
    });

    it("hints where a person's classes 1 to 5 differ, since Anlage N carries the last one", () => {
      const body = valid({
        spouse: max,
        joint_assessment: true,
        married_since: marriedSince,
        employment: [job({ tax_class: 1 }), job({ tax_class: 6 }), job({ person: 'spouse', tax_class: 5 }), job({ tax_class: 4 })],
      });
      expect(findings(body)).toEqual([
        expect.objectContaining({
          path: 'employment.0.tax_class',
          code: 'TAX_CLASSES_DIFFER',
          severity: 'hint',
          message: expect.stringContaining('tax class 4 of employment.3'),
        }),
      ]);
    });
  });

  describe('marriage date', () => {
    const joint = (married_since: string | undefined, year = 2025) =>
      valid({ year, spouse: max, joint_assessment: true, ...(married_since !== undefined && { married_since }) });

    it('is required for a joint assessment and asked for with a separate one', () => {
      expect(codes(joint(undefined))).toEqual(['married_since MARRIED_SINCE_REQUIRED']);
      expect(findings(valid({ spouse: max }))).toEqual([expect.objectContaining({ path: 'married_since', code: 'MARRIED_SINCE_MISSING', severity: 'hint' })]);
      expect(findings(valid())).toEqual([]);
    });

    it('must fall on or before the end of the tax year (§ 26 Abs. 1 EStG)', () => {
      expect(findings(joint('2025-12-31'))).toEqual([]);
      expect(codes(joint('2026-01-01'))).toEqual(['married_since MARRIED_SINCE_AFTER_TAX_YEAR']);
      expect(codes(valid({ married_since: '2026-01-01' }))).toEqual(['married_since MARRIED_SINCE_AFTER_TAX_YEAR']);
    });

    it('must not be in the future, nor before either birth', () => {
      expect(codes(joint('2026-03-02', 2026))).toEqual(['married_since MARRIED_SINCE_IN_FUTURE']);
      expect(findings(joint('2026-03-01', 2026))).toEqual([]);
      expect(codes(joint('1959-01-01'))).toEqual(['married_since MARRIED_SINCE_BEFORE_BIRTH']);
      expect(findings(joint('1957-12-31'))).toEqual([
        expect.objectContaining({ code: 'MARRIED_SINCE_BEFORE_BIRTH', message: expect.stringContaining("taxpayer's") }),
        expect.objectContaining({ code: 'MARRIED_SINCE_BEFORE_BIRTH', message: expect.stringContaining("spouse's") }),
      ]);
    });

    it('must be a date as YYYY-MM-DD', () => {
      expect(codes(joint('30.08.1985'))).toEqual(['married_since MARRIED_SINCE_FORMAT']);
    });
  });

  describe('pensions', () => {
    const pension = (start_year: number | undefined) =>
      valid({ pensions: [{ person: 'taxpayer', annual_amount: '12000.00', ...(start_year !== undefined && { start_year }) }] });

    it('must not start after the tax year or before birth', () => {
      expect(findings(pension(2025))).toEqual([]);
      expect(codes(pension(2026))).toEqual(['pensions.0.start_year PENSION_START_AFTER_YEAR']);
      expect(codes(pension(1959))).toEqual(['pensions.0.start_year PENSION_START_BEFORE_BIRTH']);
    });

    it('hints when the start year is missing', () => {
      expect(findings(pension(undefined))).toEqual([
        expect.objectContaining({ path: 'pensions.0.start_year', code: 'PENSION_START_MISSING', severity: 'hint' }),
      ]);
    });
  });

  it('refuses deductions it does not know', () => {
    expect(codes(valid({ deductions: { donations: 10, alimony: 100 } }))).toEqual(['deductions.alimony DEDUCTION_UNKNOWN']);
  });

  it('reports every finding at once', () => {
    const body = valid({
      joint_assessment: true,
      employment: [job({ person: 'spouse', tax_class: 5, gross_wage: -1, commute_km: 5 })],
      deductions: { other: 1 },
    });
    expect(codes(body)).toEqual([
      'spouse SPOUSE_REQUIRED',
      'married_since MARRIED_SINCE_REQUIRED',
      'employment.0.person SPOUSE_MISSING',
      'employment.0.tax_class TAX_CLASS_NEEDS_MARRIAGE',
      'employment.0.gross_wage AMOUNT_NEGATIVE',
      'employment.0.office_days COMMUTE_DAYS_MISSING',
      'employment.0.workplace WORKPLACE_MISSING',
      'deductions.other DEDUCTION_UNKNOWN',
    ]);
  });

  it('writes messages for a bookkeeper', () => {
    for (const finding of findings(valid({ joint_assessment: true, deductions: { x: 1 } }))) {
      expect(finding.message).toMatch(/^[a-z]/);
      expect(finding.code).toMatch(/^[A-Z_]+$/);
    }
  });
});
