import type { Context } from 'aws-lambda';
import { traced } from '#shared/tracing.ts';
import { publishingMetrics } from '#shared/metrics.ts';
import { stopBefore } from '#shared/time-budget.ts';
import { redriveOwedWork } from '#shared/wiring/scheduled-jobs.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it
// is time. It stops sending 10 s before its timeout; the next run, five minutes on, sends the rest.
export const handler = traced(
  publishingMetrics(async (_event: unknown, context: Context) => {
    await redriveOwedWork({ stopAt: stopBefore(context.getRemainingTimeInMillis(), 10_000) });
  }),
);
