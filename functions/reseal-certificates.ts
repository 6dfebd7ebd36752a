import { resealAll } from '#shared/certificates/reseal.ts';
import { traced } from '#shared/tracing.ts';
import { flushMetrics, metrics } from '#shared/metrics.ts';
import { certificateStore, keyWrapper } from '#shared/wiring/adapters.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it is time.
export const handler = traced(async () => {
  try {
    await resealAll({ store: certificateStore(), wrapper: keyWrapper(), metrics: metrics() });
  } finally {
    flushMetrics();
  }
});
