import { traced } from '#shared/tracing.ts';
import { sweepExpiredSubmissions } from '#shared/wiring/scheduled-jobs.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it is time.
export const handler = traced(() => sweepExpiredSubmissions());
