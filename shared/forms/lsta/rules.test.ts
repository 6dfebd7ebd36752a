import { describe, expect, it } from 'vitest';
import { lstaWindowFindings } from '#shared/forms/lsta/check.ts';
import type { LstaFigures } from '#shared/forms/lsta/model.ts';
import { filingFrequency, lstaFindings } from '#shared/forms/lsta/rules.ts';

const month: LstaFigures = {
  year: 2025,
  period: '05',
  taxNumber: '9198011310010',
  kennzahlen: { kz86: 3, kz42_lfdjahr: '1000.00', kz42: '1000.00', kz48: '1000.00', kz49: '0.00', kz61_lfdjahr: '80.00', kz61: '80.00', kz83: '1080.00' },
};
const rules = (figures: LstaFigures) => lstaFindings(figures).map(({ path, code, rule, severity, expected }) => ({ path, code, rule, severity, expected }));
const with_ = (kennzahlen: Record<string, number | string>, more: Partial<LstaFigures> = {}) => ({
  ...month,
  ...more,
  kennzahlen: { ...month.kennzahlen, ...kennzahlen },
});

describe('lstaFindings', () => {
  it('accepts a month that adds up', () => expect(rules(month)).toEqual([]));

  it('names the totals that do not add up, with the expected amount and the rule', () => {
    expect(rules(with_({ kz48: '999.00', kz83: '1.00' }))).toEqual([
      { path: 'kennzahlen.kz48', code: 'KZ48_MISMATCH', rule: 'LStA_Kz48_Summenplausi', expected: '1000.00', severity: undefined },
      { path: 'kennzahlen.kz83', code: 'KZ83_MISMATCH', rule: 'LStA_Kz83_Summenplausi', expected: '1079.00', severity: undefined },
    ]);
  });

  it('holds a total and its parts by year together', () => {
    expect(rules(with_({ kz61: '90.00', kz83: '1090.00' }))).toEqual([
      expect.objectContaining({ path: 'kennzahlen.kz61', code: 'KZ_SUM_MISMATCH', rule: 'LStA_Kz61_Summenwert', expected: '80.00' }),
    ]);
    const { kz61: _kz61, ...withoutTotal } = month.kennzahlen;
    expect(rules({ ...month, kennzahlen: { ...withoutTotal, kz83: '1000.00' } })).toEqual([
      expect.objectContaining({ path: 'kennzahlen.kz61', code: 'REQUIRED', rule: 'LStA_Kz61_EinzelwertOhneSumme', expected: '80.00' }),
    ]);
  });

  it('requires wage tax, the solidarity surcharge, the total and the employees', () => {
    expect(rules({ ...month, kennzahlen: {} }).map(({ rule }) => rule)).toEqual([
      'LStA_LoSt_Pflichtfeld',
      'LStA_Kz49_Soli_Pflichtfeld',
      'LStA_Kz83_Gesamtbetrag_Pflichtfeld',
      'LStA_Kz86_AnzahlAN_Pflichtfeld',
    ]);
  });

  it('takes wages of the prior year in January to March or the year only', () => {
    expect(rules(with_({ kz42_vorjahr: '0.00', kz42_lfdjahr: '1000.00' }))).toEqual([
      expect.objectContaining({ path: 'kennzahlen.kz42_vorjahr', rule: 'LStA_Vorjahrangabe_unzulaessig' }),
    ]);
    expect(rules(with_({ kz42_vorjahr: '0.00' }, { period: '41' }))).toEqual([]);
  });

  it('refuses church taxes the Land does not collect', () => {
    expect(rules(with_({ kz65: '0.00' }))).toEqual([
      expect.objectContaining({ rule: 'LStA_Kz65_Nullwertangabe_Hinweis', severity: 'hint' }),
      expect.objectContaining({ path: 'kennzahlen.kz65', code: 'KZ_NOT_FOR_LAND', rule: 'LStA_LoKi_BY' }),
    ]);
  });

  it('knows the Kennzahlen of each year: kz43 and kz91 to 2023, Kz21 from 2024', () => {
    expect(rules(with_({ kz43: '0.00' }))).toEqual([expect.objectContaining({ path: 'kennzahlen.kz43', code: 'KZ_UNKNOWN' })]);
    expect(rules(with_({}, { year: 2023, flags: { liability_declaration: true } }))).toEqual([
      expect.objectContaining({ path: 'flags.liability_declaration', code: 'FIELD_NOT_FOR_YEAR' }),
    ]);
    expect(rules(with_({ kz91: 123456789 }, { year: 2023 }))).toEqual([
      expect.objectContaining({ path: 'kennzahlen.kz91', code: 'KZ_KEY' }),
      expect.objectContaining({ path: 'kennzahlen.kz43', code: 'KZ_PAIR_INCOMPLETE', rule: 'LStA_Kz91_BedingtesPflichtfeld' }),
    ]);
  });

  it('lets a refund be offset only with a refund or a correction (Kz 10)', () => {
    expect(rules(with_({}, { flags: { refund_offset: true } }))).toEqual([
      expect.objectContaining({ path: 'flags.refund_offset', rule: 'LStA_KZ29_bei_positiver_Kz83' }),
    ]);
    expect(rules(with_({}, { flags: { refund_offset: true, corrected: true } }))).toEqual([]);
  });

  it('hints at the period § 41a Abs. 2 EStG sets by the prior year’s wage tax', () => {
    expect(rules(with_({}, { priorYearWageTax: '4000' }))).toEqual([
      expect.objectContaining({ path: 'period', code: 'PERIOD_NOT_FILING_FREQUENCY', severity: 'hint', expected: 'quarter' }),
    ]);
    expect(rules(with_({}, { priorYearWageTax: '5000.01' }))).toEqual([]);
  });
});

describe('filingFrequency', () => {
  it.each([
    ['5000.01', 'month'],
    ['5000', 'quarter'],
    ['1080.01', 'quarter'],
    ['1080', 'year'],
    [0, 'year'],
  ])('%s euros the prior year: %s', (prior, kind) => expect(filingFrequency(prior)).toBe(kind));
});

describe('the filing window of a period', () => {
  it('is due on the tenth day after it, unless the return corrects one', () => {
    expect(lstaWindowFindings(month, '2025-06-10', 'period')).toEqual([]);
    expect(lstaWindowFindings(month, '2025-06-11', 'period')).toEqual([
      expect.objectContaining({ code: 'PERIOD_DUE_PASSED', expected: '2025-06-10', severity: 'hint' }),
    ]);
    expect(lstaWindowFindings({ ...month, flags: { corrected: true } }, '2025-06-11', 'period')).toEqual([]);
  });

  it('runs for the whole year with period 19', () => {
    expect(lstaWindowFindings({ ...month, period: '19' }, '2025-12-31', 'period')).toEqual([
      expect.objectContaining({ code: 'PERIOD_NOT_ENDED', rule: 'LStA_Zeitraum_nicht_beendet' }),
    ]);
    expect(lstaWindowFindings({ ...month, period: '19' }, '2026-01-11', 'period')).toEqual([expect.objectContaining({ code: 'PERIOD_DUE_PASSED' })]);
  });
});
