// Whether a filing may be made today, by the calendar: what ELSTER would take, and when.
import type { Finding } from '#shared/domain/ticket.ts';

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const firstDayOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** The first and last day of a UStVA period: a month "01"–"12" or a quarter "41"–"44". */
export function periodDays(year: number, period: string): { first: string; last: string } {
  const number = Number(period);
  const [from, to] = number > 40 ? [(number - 41) * 3 + 1, (number - 40) * 3] : [number, number];
  return { first: firstDayOf(year, from), last: lastDayOf(year, to) };
}

/**
 * A UStVA is filed for a period that has begun (the tax office could not take one for a period
 * ahead); one filed before its period has ended is allowed, but its figures may still change.
 */
export function ustvaPeriodFindings(year: number, period: string, today: string, path = 'period'): Finding[] {
  const { first, last } = periodDays(year, period);
  if (first > today) {
    return [{ path, code: 'PERIOD_NOT_BEGUN', message: 'has not begun: it can be filed once it has', expected: first }];
  }
  if (last >= today) {
    return [
      {
        path,
        code: 'PERIOD_NOT_ENDED',
        message: `ends on ${last}: figures filed before then may need a corrected return (Kz 10)`,
        severity: 'hint',
      },
    ];
  }
  return [];
}
