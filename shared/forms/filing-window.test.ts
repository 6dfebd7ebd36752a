import { describe, expect, it } from 'vitest';
import { periodDays, periodFindings } from '#shared/forms/filing-window.ts';

describe('periodDays', () => {
  it.each([
    [2026, '01', '2026-01-01', '2026-01-31'],
    [2024, '02', '2024-02-01', '2024-02-29'],
    [2026, '12', '2026-12-01', '2026-12-31'],
    [2026, '41', '2026-01-01', '2026-03-31'],
    [2026, '44', '2026-10-01', '2026-12-31'],
  ])('%i, %s runs from %s to %s', (year, period, first, last) => {
    expect(periodDays(year, period)).toEqual({ first, last });
  });
});

describe('a UStVA period', () => {
  it('that has ended is open', () => expect(periodFindings(2026, '10', '2026-11-24')).toEqual([]));

  it('that has begun and not ended is a hint, up to and including its last day', () => {
    for (const today of ['2026-11-01', '2026-11-24', '2026-11-30']) {
      expect(periodFindings(2026, '11', today)).toEqual([expect.objectContaining({ path: 'period', code: 'PERIOD_NOT_ENDED', severity: 'hint' })]);
    }
    expect(periodFindings(2026, '11', '2026-12-01')).toEqual([]);
  });

  it('that has not begun is refused, naming the day it can be filed from', () => {
    expect(periodFindings(2026, '12', '2026-11-30', 'xml.Zeitraum')).toEqual([
      { path: 'xml.Zeitraum', code: 'PERIOD_NOT_BEGUN', message: 'has not begun: it can be filed once it has', expected: '2026-12-01' },
    ]);
    expect(periodFindings(2027, '41', '2026-12-31')).toEqual([expect.objectContaining({ code: 'PERIOD_NOT_BEGUN', expected: '2027-01-01' })]);
  });
});
