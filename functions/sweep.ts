import { retentionConfig } from '#shared/config.ts';
import { sweepSubmissions } from '#shared/retention/sweep.ts';
import { submissionStore, ticketStore } from '#shared/wiring.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that it is time.
export const handler = () => sweepSubmissions({ tickets: ticketStore(), submissions: submissionStore(), retention: retentionConfig() });
