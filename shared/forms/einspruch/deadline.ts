// The appeal's deadline (Einspruchsfrist): one month after the notice is made known (§ 355 Abs. 1 AO),
// or one year where the notice came without instructions on the remedy or with wrong ones (§ 356
// Abs. 2 AO). A notice sent by post or made available for download is deemed made known on the third
// day after it was posted, for notices dated from 2025-01-01 on the fourth (§ 122 Abs. 2 Nr. 1, § 122a
// Abs. 4 AO as amended by the Postrechtsmodernisierungsgesetz); that day, where it is no working day,
// and the end of the deadline move to the next working day in the Land of the tax office (§ 108
// Abs. 3 AO; BFH IX R 68/98 for the deemed day). A month ends on the day of the same number, or the
// month's last day where it has none (§ 108 Abs. 1 AO, § 188 Abs. 2 and 3 BGB).
import type { Land } from '#shared/tax/lands.ts';
import { nextWorkingDay } from '#shared/tax/holidays.ts';

/** `date` (YYYY-MM-DD) moved by `months` whole months, to the month's last day where it has no such day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

export interface AppealDeadline {
  /** The day the notice is deemed made known. */
  known: string;
  /** The last day of the appeal. */
  deadline: string;
  /** Whether the year of § 356 Abs. 2 AO applies. */
  year: boolean;
}

/** The deadline of an appeal against the notice of `noticeDate`, in the Land of its tax office. */
export function appealDeadline(noticeDate: string, land: Land, instructionsMissing = false): AppealDeadline {
  const days = noticeDate >= '2025-01-01' ? 4 : 3;
  const posted = new Date(`${noticeDate}T00:00:00Z`);
  posted.setUTCDate(posted.getUTCDate() + days);
  const known = nextWorkingDay(posted.toISOString().slice(0, 10), land);
  return { known, deadline: nextWorkingDay(addMonths(known, instructionsMissing ? 12 : 1), land), year: instructionsMissing };
}
