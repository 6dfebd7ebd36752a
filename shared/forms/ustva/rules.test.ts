import { describe, expect, it } from 'vitest';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';
import { expectedKz83, ustvaFindings } from '#shared/forms/ustva/rules.ts';
import { rulePairs } from '#test/support/ustva-rule-kennzahlen.ts';

const figures = (kennzahlen: UstvaFigures['kennzahlen'], extra: Partial<UstvaFigures> = {}): UstvaFigures => ({
  year: 2026,
  period: '03',
  kennzahlen,
  ...extra,
});
const codes = (input: UstvaFigures) => ustvaFindings(input).map(({ path, code }) => `${path}:${code}`);

describe('ustvaFindings', () => {
  it("accepts the contract's sample", () => {
    expect(ustvaFindings(figures({ kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' }))).toEqual([]);
  });

  it.each(['01', '12', '41', '44'])('accepts the period %s', (period) => {
    expect(codes(figures({ kz83: 0 }, { period }))).toEqual([]);
  });

  it.each(['00', '13', '40', '45', '3', ''])('refuses the period %j', (period) => {
    expect(codes(figures({ kz83: 0 }, { period }))).toEqual(['period:PERIOD_INVALID']);
  });

  it('refuses a year without a form, and checks nothing else', () => {
    expect(codes(figures({ kz52: 1 }, { year: 2020, period: '99' }))).toEqual(['year:YEAR_NOT_SUPPORTED']);
  });

  describe('Kennzahlen of the form', () => {
    it.each(['kz52', 'kz53', 'kz78', 'kz79', 'kz99', 'revenue', 'kz8'])('refuses %s, naming the year', (key) => {
      const [finding] = ustvaFindings(figures({ [key]: 1, kz83: 0 }, { year: 2025 }));
      expect(finding).toMatchObject({ path: `kennzahlen.${key}`, code: 'KZ_UNKNOWN' });
      expect(finding?.message).toContain('2025');
    });

    it.each(['kz09', 'kz10', 'kz22', 'kz26', 'kz29'])('refuses %s and points to the flags', (key) => {
      const [finding] = ustvaFindings(figures({ [key]: 1, kz83: 0 }));
      expect(finding).toMatchObject({ path: `kennzahlen.${key}`, code: 'KZ_UNKNOWN' });
      expect(finding?.message).toContain('flags');
    });

    it('knows Kz 70 only from 2025 on', () => {
      expect(codes(figures({ kz70: '2024-10-01', kz83: 0 }, { year: 2024 }))).toEqual(['kennzahlen.kz70:KZ_UNKNOWN']);
      expect(codes(figures({ kz70: '2025-10-01', kz83: 0 }, { year: 2025 }))).toEqual([]);
    });

    it.each([['2026-02-29'], ['2026-13-01'], ['2025-12-31'], ['01.10.2026'], [20261001]])('refuses the Kz 70 date %j', (date) => {
      expect(codes(figures({ kz70: date, kz83: 0 }))).toEqual(['kennzahlen.kz70:KZ_DATE']);
    });

    it("names ERiC's rule UStVA_Kz70_falsches_Jahr for a real date of another year only", () => {
      expect(ustvaFindings(figures({ kz70: '2025-12-31', kz83: 0 }))).toEqual([expect.objectContaining({ code: 'KZ_DATE', rule: 'UStVA_Kz70_falsches_Jahr' })]);
      expect(ustvaFindings(figures({ kz70: '2026-02-29', kz83: 0 }))[0]).not.toHaveProperty('rule');
    });
  });

  describe('amounts', () => {
    it('takes bases in whole euros only', () => {
      expect(codes(figures({ kz81: '100.50', kz83: '19.10' }))).toEqual(['kennzahlen.kz81:KZ_WHOLE_EUROS']);
      expect(codes(figures({ kz81: '100.00', kz41: 100.0, kz83: '19.00' }))).toEqual([]);
    });

    it('takes tax amounts with at most two decimals', () => {
      expect(codes(figures({ kz66: '10.123', kz83: '-10.12' }))).toEqual(['kennzahlen.kz66:KZ_CENTS']);
      expect(codes(figures({ kz66: 0.1 + 0.2, kz83: -0.3 }))).toEqual([]);
    });

    it('refuses what is not an amount, without a second finding on Kz 83', () => {
      expect(codes(figures({ kz81: '10,50', kz83: '999' }))).toEqual(['kennzahlen.kz81:KZ_AMOUNT']);
    });

    it('allows negative bases, tax amounts and Kz 83 (credit notes, corrections, refunds)', () => {
      expect(codes(figures({ kz81: -1000, kz35: -100, kz36: '-9.00', kz64: '-5.00', kz83: '-194.00' }))).toEqual([]);
    });

    it('refuses a negative Kz 39, in any period', () => {
      expect(codes(figures({ kz39: '-100.00', kz83: '100.00' }, { period: '12' }))).toEqual(['kennzahlen.kz39:KZ_NEGATIVE']);
    });

    it('accepts Kz 39 outside December: the form deducts it only "as a rule" in the last return', () => {
      expect(codes(figures({ kz81: 1000, kz39: '100.00', kz83: '90.00' }, { period: '06' }))).toEqual([]);
    });
  });

  describe('pairs', () => {
    it.each(rulePairs(2026))('wants Kz %s and Kz %s together, naming the missing one', (base, tax) => {
      expect(codes(figures({ [`kz${base}`]: 1000, kz83: 0 }))).toContain(`kennzahlen.kz${tax}:KZ_PAIR_INCOMPLETE`);
      expect(codes(figures({ [`kz${tax}`]: '100.00', kz83: 0 }))).toContain(`kennzahlen.kz${base}:KZ_PAIR_INCOMPLETE`);
      const [finding] = ustvaFindings(figures({ [`kz${base}`]: 1000, kz83: 0 }));
      expect(finding).toMatchObject({ code: 'KZ_PAIR_INCOMPLETE', rule: `UStVA_Kz${base}_${tax}_Gemeinsam` });
    });

    it('is content with a complete pair', () => {
      expect(codes(figures({ kz35: 1000, kz36: '55.00', kz83: '55.00' }))).toEqual([]);
    });
  });

  describe('Kz 83', () => {
    it('is required, and the finding says what it would be', () => {
      expect(ustvaFindings(figures({ kz81: 1000 }))).toEqual([
        expect.objectContaining({ path: 'kennzahlen.kz83', code: 'KZ83_REQUIRED', expected: '190.00', rule: 'UStVA_Kz83_Gesamtsaldo_Pflichtfeld' }),
      ]);
    });

    it.each([
      ['18.01', []],
      ['19.99', []],
      [19, []],
      ['18.00', ['kennzahlen.kz83:KZ83_MISMATCH']],
      ['20.00', ['kennzahlen.kz83:KZ83_MISMATCH']],
      [-19, ['kennzahlen.kz83:KZ83_MISMATCH']],
    ])('with Kz 81 = 100 accepts less than one euro of difference: %j', (kz83, expected) => {
      expect(codes(figures({ kz81: 100, kz83 }))).toEqual(expected);
    });

    it('names the computed value once, in `expected`, and the value given in the message', () => {
      const [finding] = ustvaFindings(figures({ kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '1934.50' }));
      expect(finding).toMatchObject({ path: 'kennzahlen.kz83', code: 'KZ83_MISMATCH', expected: '734.50' });
      expect(finding?.message).not.toContain('734.50');
      expect(finding?.message).toContain('1934.50');
    });

    it('reports every finding at once', () => {
      expect(codes(figures({ kz81: '1.5', kz35: 10, kz52: 1, kz83: '1000' }, { period: '13' }))).toEqual([
        'period:PERIOD_INVALID',
        'kennzahlen.kz81:KZ_WHOLE_EUROS',
        'kennzahlen.kz52:KZ_UNKNOWN',
        'kennzahlen.kz36:KZ_PAIR_INCOMPLETE',
        'kennzahlen.kz83:KZ83_MISMATCH',
      ]);
    });
  });
});

describe('expectedKz83', () => {
  it('is 0 for an empty return', () => {
    expect(expectedKz83(2026, {})).toBe(0);
  });

  it.each([
    ['81', 1, 19],
    ['86', 7, 49],
    ['89', 1, 19],
    ['93', 3, 21],
    ['86', 1, 7],
    ['81', -1, -19],
    ['81', 999999999999, 18999999999981],
    ['86', 9999999999999, 69999999999993],
  ])('takes the tax of Kz %s = %j as %i cents', (kz, base, cents) => {
    expect(expectedKz83(2026, { [`kz${kz}`]: base })).toBe(cents);
  });

  it.each([
    ['81', '0.50', 10],
    ['81', '-0.50', -10],
    ['86', '0.50', 4],
    ['86', '0.07', 0],
    ['81', '1000.99', 19019],
  ])('rounds the tax of a base with cents (Kz %s = %s) half away from zero to %i cents', (kz, base, cents) => {
    expect(expectedKz83(2026, { [`kz${kz}`]: base })).toBe(cents);
  });

  it.each(['36', '80', '98', '96', '47', '74', '85', '65', '69'])('adds Kz %s', (kz) => {
    expect(expectedKz83(2026, { [`kz${kz}`]: '12.34' })).toBe(1234);
  });

  it.each(['66', '61', '62', '67', '63', '59', '64', '39'])('deducts Kz %s', (kz) => {
    expect(expectedKz83(2026, { [`kz${kz}`]: '12.34' })).toBe(-1234);
  });

  it.each(['87', '35', '77', '76', '41', '44', '49', '43', '48', '91', '90', '95', '94', '46', '73', '84', '42', '60', '21', '45', '50', '37', '83'])(
    'leaves Kz %s out of the sum',
    (kz) => {
      expect(expectedKz83(2026, { [`kz${kz}`]: 1000 })).toBe(0);
    },
  );

  it('sums a full return exactly, in cents', () => {
    const kennzahlen = { kz81: 12345, kz86: 678, kz89: 1000, kz93: 100, kz36: '1.11', kz66: '0.10', kz61: 0.2, kz65: '0.01', kz39: '100.00' };
    // 2345.55 + 47.46 + 190 + 7 + 1.11 − 0.10 − 0.20 + 0.01 − 100
    expect(expectedKz83(2026, kennzahlen)).toBe(249083);
  });
});

describe("ustvaFindings applies ERiC's rules of the flags and the parties, and the hints on the Kennzahlen", () => {
  it('with their rule names', () => {
    const findings = ustvaFindings(
      figures(
        { kz41: 0, kz83: '0.00' },
        { flags: { refund_offset: true }, business: { company_name: 'M', street: 'Hauptstr.', house_number_suffix: 'a', city: 'X' } },
      ),
    );
    expect(findings.map(({ rule }) => rule)).toEqual([
      'UStVA_KZ29_bei_positiver_Kz83',
      'Unternehmer_PLZ',
      'Unternehmer_Hausnummerzusatz',
      'Unternehmer_Str_Hausnummer',
      'UStVA_Kz41_Nullwertangabe_Hinweis',
    ]);
  });
});
