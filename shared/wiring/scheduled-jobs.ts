// The scheduled work, wired to its adapters once: the scheduled functions run it on their timers,
// and the local runtime runs it once more at start.

import { allowLiveSubmissions, redriveConfig, resendIsSafe, retentionConfig, stageMailboxCheckEveryHours } from '#shared/config.ts';
import { sweepOrphanedSubmissions, sweepSubmissions, type SweepCounts } from '#shared/retention/sweep.ts';
import { flushMetrics, metrics } from '#shared/metrics.ts';
import type { StopAt } from '#shared/time-budget.ts';
import { redrive } from '#shared/transmission/redrive.ts';
import {
  certificateStore,
  mailboxCheckStore,
  noticeStore,
  storedBodyNotes,
  filingStore,
  ticketStore,
  webhookAttemptStore,
  workQueue,
} from '#shared/wiring/adapters.ts';
import { mailboxUpkeep } from '#shared/notices/upkeep.ts';
import { runScheduledChecks } from '#shared/notices/schedule.ts';

/**
 * Decides from TAX_AUTHORITY alone whether resending is safe, so no tax authority's code is loaded.
 * Its figures are published as soon as they are known, before it sends anything.
 */
export const redriveOwedWork = (options: { leasesExpired?: boolean; stopAt?: StopAt } = {}) =>
  redrive(
    {
      tickets: ticketStore(),
      queue: workQueue(),
      resendIsSafe: resendIsSafe(),
      grace: redriveConfig(),
      metrics: metrics(),
      publishMetrics: flushMetrics,
      stopAt: options.stopAt,
    },
    { leasesExpired: options.leasesExpired },
  );

/**
 * Both passes of the sweep, in one budget of time: the second gets at least a page of its own
 * however long the first took. `now` lets a test look at the sweep's world from later.
 */
export async function sweepExpiredSubmissions(options: { now?: () => Date; stopAt?: StopAt } = {}): Promise<{ retention: SweepCounts; orphans: SweepCounts }> {
  const deps = { tickets: ticketStore(), filings: filingStore(), notes: storedBodyNotes(), ...options };
  const retention = await sweepSubmissions({ ...deps, attempts: webhookAttemptStore(), retention: retentionConfig() });
  const orphans = await sweepOrphanedSubmissions(deps);
  return { retention, orphans };
}

/**
 * Wakes lost mailbox checks and measures the oldest unconfirmed notice (with `all`, every open check:
 * the local runtime's start), then creates the scheduled checks now due.
 */
export async function keepMailboxesUp(options: { all?: boolean } = {}) {
  const upkeep = await mailboxUpkeep({ checks: mailboxCheckStore(), notices: noticeStore(), queue: workQueue(), metrics: metrics() }, options);
  const stageHours = stageMailboxCheckEveryHours();
  const scheduled = await runScheduledChecks({
    certificates: certificateStore(),
    checks: mailboxCheckStore(),
    queue: workQueue(),
    ...(stageHours !== undefined && { stage: { every_hours: stageHours, live: allowLiveSubmissions() } }),
  });
  return { ...upkeep, ...scheduled };
}
