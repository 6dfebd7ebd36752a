import { describe, expect, it } from 'vitest';
import { formatEuros, hasAtMostTwoDecimals, isAmount, isWholeEuros, toCents } from '#shared/tax/money.ts';

describe('toCents', () => {
  it.each([
    [1200.5, 120050],
    ['1200.50', 120050],
    ['1200.5', 120050],
    [0, 0],
    ['-0', 0],
    [-0, 0],
    ['-12.05', -1205],
    [0.1 + 0.2, 30],
    [0.29, 29],
    [1.15, 115],
    [999999999999.99, 99999999999999],
    ['9999999999999.99', 999999999999999],
  ])('reads %j as %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([
    ['0.005', 1],
    ['0.004', 0],
    ['-0.005', -1],
    [1.005, 101],
    ['2.675', 268],
    ['1.2349', 123],
  ])('rounds the third decimal of %j half away from zero to %i', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([['12,50'], ['1e3'], [''], [' 1'], ['+1'], ['.5'], ['5.'], ['1 000'], [Number.NaN], [Number.POSITIVE_INFINITY], [1e13], ['10000000000000']])(
    'refuses %j',
    (amount) => {
      expect(isAmount(amount)).toBe(false);
      expect(() => toCents(amount)).toThrow(RangeError);
    },
  );
});

describe('hasAtMostTwoDecimals and isWholeEuros', () => {
  it.each([
    [100, true, true],
    ['100', true, true],
    ['100.00', true, true],
    ['100.10', true, false],
    ['1.500', true, false],
    [0.1 + 0.2, true, false],
    [0.1 * 3, true, false],
    [1e-7, false, false],
    ['100.001', false, false],
    [12.345, false, false],
    ['x', false, false],
  ])('%j: two decimals %s, whole euros %s', (amount, twoDecimals, whole) => {
    expect(hasAtMostTwoDecimals(amount)).toBe(twoDecimals);
    expect(isWholeEuros(amount)).toBe(whole);
  });
});

describe('formatEuros', () => {
  it.each([
    [73450, '734.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [-1205, '-12.05'],
    [-5, '-0.05'],
    [999999999999999, '9999999999999.99'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });

  it('round-trips with toCents', () => {
    for (const cents of [1, 99, 100, 101, -1, -100, 123456789]) expect(toCents(formatEuros(cents))).toBe(cents);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatEuros(1.5)).toThrow(RangeError);
  });
});
