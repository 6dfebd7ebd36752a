// The public holidays of each Land, for deadlines that end on a working day (§ 108 Abs. 3 AO: a
// deadline ending on a Saturday, Sunday or public holiday ends on the next working day). Only
// holidays of a whole Land count: those of some municipalities (Mariä Himmelfahrt in Bavaria,
// Fronleichnam in parts of Saxony and Thuringia, the Augsburg peace festival) do not. Sources: the
// holiday laws of the Länder (Sonn- und Feiertagsgesetze) and the Einigungsvertrag (3 October).
import { type Land, lands } from '#shared/tax/lands.ts';

/** Easter Sunday of `year` (Gregorian calendar), by the anonymous Gregorian computus, as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(Date.UTC(year, month - 1, day));
}

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** `date` (YYYY-MM-DD) moved by `days`. */
export const addDays = (date: string, days: number) => isoDay(timeOf(date) + days * dayMs);

const everywhere = lands;

/** The public holidays of `land` in `year`, as YYYY-MM-DD, in the order of the year. */
export function publicHolidays(year: number, land: Land): string[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // Buß- und Bettag: the Wednesday before 23 November.
  const november22 = fixed(11, 22);
  const repentance = addDays(november22, -((new Date(timeOf(november22)).getUTCDay() + 4) % 7));
  const holidays: [date: string, lands: readonly Land[]][] = [
    [fixed(1, 1), everywhere],
    [fixed(1, 6), ['BW', 'BY', 'ST']],
    [fixed(3, 8), year >= 2023 ? ['BE', 'MV'] : year >= 2019 ? ['BE'] : []],
    [addDays(easter, -2), everywhere],
    [addDays(easter, 1), everywhere],
    [fixed(5, 1), everywhere],
    // The 75th and 80th anniversaries of the end of the war, once each in Berlin.
    [fixed(5, 8), year === 2020 || year === 2025 ? ['BE'] : []],
    [addDays(easter, 39), everywhere],
    [addDays(easter, 50), everywhere],
    [addDays(easter, 60), ['BW', 'BY', 'HE', 'NW', 'RP', 'SL']],
    [fixed(8, 15), ['SL']],
    [fixed(9, 20), year >= 2019 ? ['TH'] : []],
    [fixed(10, 3), everywhere],
    // Reformation Day: in the eastern Länder, everywhere in 2017 (its 500th year), in the four northern ones from 2018.
    [fixed(10, 31), year === 2017 ? everywhere : year >= 2018 ? ['BB', 'MV', 'SN', 'ST', 'TH', 'HB', 'HH', 'NI', 'SH'] : ['BB', 'MV', 'SN', 'ST', 'TH']],
    [fixed(11, 1), ['BW', 'BY', 'NW', 'RP', 'SL']],
    [repentance, ['SN']],
    [fixed(12, 25), everywhere],
    [fixed(12, 26), everywhere],
  ];
  return holidays
    .filter(([, where]) => where.includes(land))
    .map(([date]) => date)
    .sort();
}

/** Whether `date` is a working day in `land`: neither a Saturday, a Sunday nor a public holiday there. */
export function isWorkingDay(date: string, land: Land): boolean {
  const weekday = new Date(timeOf(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(Number(date.slice(0, 4)), land).includes(date);
}

/** `date` itself where it is a working day in `land`, else the next that is (§ 108 Abs. 3 AO). */
export function nextWorkingDay(date: string, land: Land): string {
  let day = date;
  while (!isWorkingDay(day, land)) day = addDays(day, 1);
  return day;
}
