import { reportExpiringCertificates } from '#shared/certificates/expiry.ts';
import { traced } from '#shared/tracing.ts';
import { metrics, publishingMetrics } from '#shared/metrics.ts';
import { certificateStore, eventStore } from '#shared/wiring/adapters.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it is time.
export const handler = traced(
  publishingMetrics(async () => {
    await reportExpiringCertificates({ store: certificateStore(), metrics: metrics(), events: eventStore() });
  }),
);
