// What the mailbox upkeep does on its schedule: wakes the checks whose wake-up was lost (or whose run
// died), and measures how long the oldest notice has been owed its confirmation, for the alarm that
// fires long before ELSTER's 24 hours are up.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { MailboxCheckStore } from '#shared/ports/mailbox-check-store.ts';
import type { NoticeStore } from '#shared/ports/notice-store.ts';
import type { WorkQueue } from '#shared/ports/work-queue.ts';

export interface UpkeepDeps {
  checks: Pick<MailboxCheckStore, 'stale'>;
  notices: Pick<NoticeStore, 'unconfirmed'>;
  queue: Pick<WorkQueue, 'wakeMailboxCheck'>;
  metrics?: MetricSink;
  now?: () => Date;
}

/**
 * A check untouched this long has lost its wake-up, or its run has died: longer than a run may take
 * (the check function's timeout, shared/manifest.ts), so a check still running is never woken twice.
 */
export const staleCheckSeconds = 16 * 60;

/** Wakes the stale checks (every open one with `all`, as the local runtime does at its start); returns how many. */
export async function mailboxUpkeep(deps: UpkeepDeps, options: { all?: boolean } = {}): Promise<{ woken: number; oldestUnconfirmedSeconds: number }> {
  const now = (deps.now ?? (() => new Date()))();
  const before = options.all ? now : new Date(now.getTime() - staleCheckSeconds * 1000);
  const stale = await deps.checks.stale(before.toISOString());
  for (const { check_id } of stale) await deps.queue.wakeMailboxCheck(check_id);
  const oldest = (await deps.notices.unconfirmed())[0];
  const oldestUnconfirmedSeconds = oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest.created_at).getTime()) / 1000)) : 0;
  deps.metrics?.addMetric(metricNames.oldestUnconfirmedNoticeAge, MetricUnit.Seconds, oldestUnconfirmedSeconds);
  return { woken: stale.length, oldestUnconfirmedSeconds };
}
