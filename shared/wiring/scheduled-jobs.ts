// The scheduled work, wired to its adapters once: the scheduled functions run it on their timers,
// and the local runtime runs it once more at start.

import { redriveConfig, resendIsSafe, retentionConfig } from '#shared/config.ts';
import { sweepOrphanedSubmissions, sweepSubmissions } from '#shared/retention/sweep.ts';
import { metrics } from '#shared/metrics.ts';
import { redrive } from '#shared/transmission/redrive.ts';
import { storedBodyNotes, submissionStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

/** Decides from TAX_AUTHORITY alone whether resending is safe, so no tax authority's code is loaded. */
export const redriveOwedWork = (options: { leasesExpired?: boolean } = {}) =>
  redrive({ tickets: ticketStore(), queue: workQueue(), resendIsSafe: resendIsSafe(), grace: redriveConfig(), metrics: metrics() }, options);

/** `now` lets a test look at the sweep's world from later. */
export async function sweepExpiredSubmissions(now?: () => Date): Promise<void> {
  const deps = { tickets: ticketStore(), submissions: submissionStore(), notes: storedBodyNotes(), now };
  await sweepSubmissions({ ...deps, retention: retentionConfig() });
  await sweepOrphanedSubmissions(deps);
}
