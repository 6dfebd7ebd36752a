import { redriveConfig, resendIsSafe } from '#shared/config.ts';
import { redrive } from '#shared/transmission/redrive.ts';
import { ticketStore, workQueue } from '#shared/wiring.ts';

// Run by the manifest's schedule (EventBridge on AWS, a timer locally), whose event says only that
// it is time. It decides from TAX_AUTHORITY alone whether resending is safe, so no tax authority's
// code is loaded here.
export const handler = () => redrive({ tickets: ticketStore(), queue: workQueue(), resendIsSafe: resendIsSafe(), grace: redriveConfig() });
