import { describe, expect, it } from 'vitest';
import { formatEuros, germanEuros, hasAtMostTwoDecimals, isAmount, isWholeEuros, toCents } from '#shared/tax/money.ts';

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

// The module reads numbers and writes German amounts without Intl (for cold starts); Intl, which it
// used before, is the reference the hand-written forms must agree with.
const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

describe('numbers read as Intl reads them to fifteen digits', () => {
  const reference = new Intl.NumberFormat('en-US', { useGrouping: false, maximumSignificantDigits: 15 });
  const next = random(7);
  const numbers = [0.1 + 0.2, 1e-7, -1e-7, 1.5e-12, 123456789012.345, 9999999999999.99, 1e14 + 0.5, 1e15, 2.5e20, -0.005, 1.005];
  for (let i = 0; i < 4000; i++) numbers.push((next() - 0.5) * 10 ** Math.floor(next() * 34 - 12));

  it.each([
    ['amounts', isAmount],
    ['two decimals', hasAtMostTwoDecimals],
    ['whole euros', isWholeEuros],
  ] as const)('agree on %s for 4,000 numbers from 1e-12 to 1e21', (_name, predicate) => {
    for (const amount of numbers) expect(predicate(amount), String(amount)).toBe(predicate(reference.format(amount)));
  });

  it('agree on the cents', () => {
    for (const amount of numbers.filter((n) => isAmount(n))) expect(toCents(amount), String(amount)).toBe(toCents(reference.format(amount)));
  });
});

describe('germanEuros', () => {
  it.each([
    [120050, true, '1.200,50 €'],
    [1000000, false, '10.000 €'],
    [5, true, '0,05 €'],
    [-123456789, true, '-1.234.567,89 €'],
    [150, false, '2 €'],
    [-150, false, '-2 €'],
  ])('writes %i cents (cents shown: %s) as %s', (cents, showCents, text) => {
    expect(germanEuros(cents, showCents)).toBe(text);
  });

  it('writes as Intl writes German numbers', () => {
    const withCents = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
    const next = random(11);
    for (let i = 0; i < 2000; i++) {
      const cents = Math.round((next() - 0.5) * 10 ** Math.floor(next() * 15));
      if (cents === 0) continue;
      expect(germanEuros(cents, true)).toBe(`${withCents.format(cents / 100)} €`);
      expect(germanEuros(cents, false)).toBe(`${whole.format(cents / 100)} €`);
    }
  });
});
