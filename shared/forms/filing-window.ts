// Whether a filing may be made today, by the calendar: what ELSTER would take, and when.
import type { Finding } from '#shared/domain/ticket.ts';

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const firstDayOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** ELSTER's Zeitraum of an Anmeldungssteuern filing: a month "01"–"12", a quarter "41"–"44", or "19" the whole year (the LStA's). */
export type PeriodKind = 'month' | 'quarter' | 'year';

export function periodKind(period: string): PeriodKind {
  return period === '19' ? 'year' : Number(period) > 40 ? 'quarter' : 'month';
}

const months = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** A Zeitraum in words, as a protocol names it: "März", "1. Kalendervierteljahr", "Kalenderjahr". */
export function periodName(period: string): string {
  const code = Number(period);
  if (period === '19') return 'Kalenderjahr';
  if (/^\d{2}$/.test(period) && code >= 1 && code <= 12) return months[code - 1] ?? period;
  if (/^4[1-4]$/.test(period)) return `${code - 40}. Kalendervierteljahr`;
  return period;
}

/** The first and last day of a Zeitraum. */
export function periodDays(year: number, period: string): { first: string; last: string } {
  const number = Number(period);
  const kind = periodKind(period);
  const [from, to] = kind === 'year' ? [1, 12] : kind === 'quarter' ? [(number - 41) * 3 + 1, (number - 40) * 3] : [number, number];
  return { first: firstDayOf(year, from), last: lastDayOf(year, to) };
}

/** The day a return for the period is due: the tenth day after it ends (§ 18 Abs. 1 UStG, § 41a Abs. 1 EStG). */
export function periodDue(year: number, period: string): string {
  const { last } = periodDays(year, period);
  const next = new Date(`${last}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 10);
  return next.toISOString().slice(0, 10);
}

/**
 * A return is filed for a period that has begun (the tax office could not take one for a period
 * ahead); one filed before its period has ended is allowed, but its figures may still change.
 */
export function periodFindings(year: number, period: string, today: string, path = 'period'): Finding[] {
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
