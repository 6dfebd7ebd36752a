import { resealAll } from '#shared/certificates/reseal.ts';
import { traced } from '#shared/tracing.ts';
import { metrics, publishingMetrics } from '#shared/metrics.ts';
import { certificateStore, keyWrapper } from '#shared/wiring/adapters.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it is time.
export const handler = traced(
  publishingMetrics(async () => {
    await resealAll({ store: certificateStore(), wrapper: keyWrapper(), metrics: metrics() });
  }),
);
