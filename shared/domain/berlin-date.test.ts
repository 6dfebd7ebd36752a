import { describe, expect, it } from 'vitest';
import { berlinDate, berlinOffsetMs, isBerlinSummerTime } from '#shared/domain/berlin-date.ts';

// German time is reckoned by the EU's rule; Intl's time zone data, which the module does without
// for cold starts, is the reference.
const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
const intlOffsetMs = (at: Date) => {
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(offset.format(at)) ?? ['', '+', '00', '00'];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
};

describe('Berlin time', () => {
  it('agrees with the time zone database every half hour around each change from 1996 to 2100', () => {
    for (let year = 1996; year <= 2100; year++) {
      for (const month of [2, 9]) {
        for (let t = Date.UTC(year, month, 24); t < Date.UTC(year, month + 1, 1, 2); t += 1_800_000) {
          const at = new Date(t);
          expect(berlinOffsetMs(at), at.toISOString()).toBe(intlOffsetMs(at));
        }
      }
    }
  });

  it('agrees on the calendar day at every hour of 2025 and 2026', () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const at = new Date(t);
      expect(berlinDate(at), at.toISOString()).toBe(day.format(at));
    }
  });

  it('changes the clocks at 01:00 UTC on the last Sundays of March and October', () => {
    expect(isBerlinSummerTime(new Date('2026-03-29T00:59:59Z'))).toBe(false);
    expect(isBerlinSummerTime(new Date('2026-03-29T01:00:00Z'))).toBe(true);
    expect(isBerlinSummerTime(new Date('2026-10-25T00:59:59Z'))).toBe(true);
    expect(isBerlinSummerTime(new Date('2026-10-25T01:00:00Z'))).toBe(false);
    expect(berlinDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
