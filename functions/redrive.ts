import { traced } from '#shared/tracing.ts';
import { flushMetrics } from '#shared/metrics.ts';
import { redriveOwedWork } from '#shared/wiring/scheduled-jobs.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it is time.
export const handler = traced(async () => {
  try {
    await redriveOwedWork();
  } finally {
    flushMetrics();
  }
});
