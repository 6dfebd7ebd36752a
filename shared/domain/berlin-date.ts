// ELSTER is a German authority and its deadlines run by the German calendar: a filing made at
// 00:30 in Berlin belongs to that day, not to the day before in UTC.
//
// German time is reckoned here rather than asked of Intl: the first Intl formatter of a process
// loads ICU's data and the time zone's, about 30 ms of a function's cold start (BENCHMARKS.md,
// "Cold starts"). The rule is the EU's since 1996 (Directive 2000/84/EC, in German law the
// Sommerzeitverordnung): Central European Time, UTC+1, and summer time, UTC+2, from 01:00 UTC on
// the last Sunday of March to 01:00 UTC on the last Sunday of October. Earlier instants are not
// asked for: the oldest a filing reaches is its tax year, 2021 at the earliest.

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** 01:00 UTC on the last Sunday of the month (0-based) of the year, when Germany's clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * dayMs + hourMs;
}

/** Whether Germany keeps summer time (MESZ) at the instant. */
export function isBerlinSummerTime(at: Date): boolean {
  const time = at.getTime();
  const year = at.getUTCFullYear();
  return time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9);
}

/** How far Berlin's clocks are ahead of UTC at the instant, in milliseconds. */
export const berlinOffsetMs = (at: Date): number => (isBerlinSummerTime(at) ? 2 : 1) * hourMs;

/** The instant as Berlin's clocks show it, in a Date's UTC fields: `.toISOString()` reads Berlin's wall time. */
export const berlinWallClock = (at: Date): Date => new Date(at.getTime() + berlinOffsetMs(at));

/** The Berlin calendar day of `at`, YYYY-MM-DD. */
export const berlinDate = (at: Date): string => berlinWallClock(at).toISOString().slice(0, 10);
