// Expiry seen coming: once a day, every certificate whose validity ends within 30 days (or has
// ended) gets one log line, and their number a metric an alarm can watch. A client that files with
// an expired certificate is refused at submission (signer.ts); this gives the weeks to renew first.

import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import { logger } from '#shared/logger.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import type { EventStore } from '#shared/ports/event-store.ts';
import { certificateEvent } from '#shared/domain/event.ts';

/** Renewing an ELSTER certificate takes days (the new one comes by post); a month leaves time. */
export const expiryWarningDays = 30;

const dayMs = 86_400_000;

export interface ExpiryDeps {
  store: Pick<CertificateStore, 'expiringBefore'>;
  metrics?: Pick<Metrics, 'addMetric'>;
  /** Where each certificate seen expiring is told to its client. */
  events?: Pick<EventStore, 'record'>;
  now?: () => Date;
}

/** Returns how many certificates expire within the warning window. */
export async function reportExpiringCertificates(deps: ExpiryDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const cutoff = new Date(now.getTime() + expiryWarningDays * dayMs).toISOString();
  let count = 0;
  for await (const { client_id, certificate_id, not_after } of deps.store.expiringBefore(cutoff)) {
    const expires_in_days = Math.floor((Date.parse(not_after) - now.getTime()) / dayMs);
    // Which client and certificate, and when: the subject and label, which name a person or business, stay out.
    logger.warn(expires_in_days < 0 ? 'certificate has expired' : 'certificate expires soon', { client_id, certificate_id, not_after, expires_in_days });
    await deps.events?.record(certificateEvent('certificate.expiring', { client_id, certificate_id }, now.toISOString(), { not_after }));
    count++;
  }
  // Recorded when it is zero too, so an alarm on it sees the job ran.
  deps.metrics?.addMetric('CertificatesExpiringSoon', MetricUnit.Count, count);
  return count;
}
