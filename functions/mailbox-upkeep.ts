import { publishingMetrics } from '#shared/metrics.ts';
import { traced } from '#shared/tracing.ts';
import { keepMailboxesUp } from '#shared/wiring/scheduled-jobs.ts';

// Run by the manifest's schedule: wakes mailbox checks whose wake-up was lost and records the age of
// the oldest notice still owed its confirmation (the alarm's metric).
export const handler = traced(
  publishingMetrics(async () => {
    await keepMailboxesUp();
  }),
);
