import type { Context } from 'aws-lambda';
import { traced } from '#shared/tracing.ts';
import { stopBefore } from '#shared/time-budget.ts';
import { sweepExpiredSubmissions } from '#shared/wiring/scheduled-jobs.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it
// is time. It takes on no work in the last 30 s before its timeout, time enough for the looks under
// way; the next run, half an hour on, goes on from there.
export const handler = traced((_event: unknown, context: Context) =>
  sweepExpiredSubmissions({ stopAt: stopBefore(context.getRemainingTimeInMillis(), 30_000) }),
);
