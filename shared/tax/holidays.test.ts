import { describe, expect, it } from 'vitest';
import { easterSunday, isWorkingDay, nextWorkingDay, publicHolidays } from '#shared/tax/holidays.ts';

describe('public holidays per Land', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('gives Bavaria its twelve holidays of 2025', () => {
    expect(publicHolidays(2025, 'BY')).toEqual([
      '2025-01-01',
      '2025-01-06',
      '2025-04-18',
      '2025-04-21',
      '2025-05-01',
      '2025-05-29',
      '2025-06-09',
      '2025-06-19',
      '2025-10-03',
      '2025-11-01',
      '2025-12-25',
      '2025-12-26',
    ]);
  });

  it('knows the holidays of one Land or a few', () => {
    expect(publicHolidays(2024, 'SN')).toContain('2024-11-20');
    expect(publicHolidays(2024, 'BY')).not.toContain('2024-11-20');
    expect(publicHolidays(2024, 'BE')).toContain('2024-03-08');
    expect(publicHolidays(2022, 'MV')).not.toContain('2022-03-08');
    expect(publicHolidays(2023, 'MV')).toContain('2023-03-08');
    expect(publicHolidays(2025, 'BE')).toContain('2025-05-08');
    expect(publicHolidays(2024, 'TH')).toContain('2024-09-20');
    expect(publicHolidays(2017, 'BY')).toContain('2017-10-31');
    expect(publicHolidays(2018, 'BY')).not.toContain('2018-10-31');
    expect(publicHolidays(2018, 'HH')).toContain('2018-10-31');
    expect(publicHolidays(2024, 'SL')).toContain('2024-08-15');
    expect(publicHolidays(2024, 'NW')).toEqual(expect.arrayContaining(['2024-05-30', '2024-11-01']));
    expect(publicHolidays(2024, 'HH')).toHaveLength(10);
  });

  it('moves a deadline past weekends and holidays to the next working day', () => {
    expect(isWorkingDay('2025-06-19', 'BY')).toBe(false);
    expect(isWorkingDay('2025-06-19', 'HH')).toBe(true);
    expect(nextWorkingDay('2025-06-19', 'BY')).toBe('2025-06-20');
    expect(nextWorkingDay('2025-12-25', 'NI')).toBe('2025-12-29');
    expect(nextWorkingDay('2025-04-18', 'BE')).toBe('2025-04-22');
    expect(nextWorkingDay('2025-03-05', 'BE')).toBe('2025-03-05');
  });
});
