// PIN guessing stops: every wrong per-submission PIN is noted on its certificate, in the stage's
// table, so every function instance sees the same count; the tenth within an hour locks the
// certificate for an hour. While it is locked no PIN is tried on it, the right one neither, so a
// guess tells nothing. A right PIN resets nothing: guesses between right PINs still add up.
// Tickets accepted before the lock keep their sealed PIN and are transmitted as usual.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { lockedUntil, type CertificateRecord } from '#shared/domain/certificate.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { CertificateStore } from '#shared/ports.ts';

/** Wrong PINs within `wrongPinWindowMinutes` that lock a certificate. */
export const wrongPinLimit = 10;
export const wrongPinWindowMinutes = 60;
/** How long a lock lasts, from the wrong PIN that set it: long enough that guessing gets nowhere, short enough to wait out. */
export const pinLockMinutes = 60;

const minuteMs = 60_000;

export interface PinLockDeps {
  store: Pick<CertificateStore, 'noteWrongPin' | 'lock'>;
  metrics?: MetricSink;
}

/** 423 while the certificate is locked, before any PIN is tried on it. */
export function refuseWhileLocked(record: Pick<CertificateRecord, 'certificate_id' | 'locked_until'>, now: Date): void {
  const until = lockedUntil(record, now);
  if (until) throw lockedError(record.certificate_id, until, now);
}

/** Notes a wrong PIN; the one that makes `wrongPinLimit` within the window locks the certificate and is answered 423. */
export async function noteWrongPin(deps: PinLockDeps, record: CertificateRecord, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - wrongPinWindowMinutes * minuteMs).toISOString();
  const tooOld = Object.entries(record.wrong_pins ?? {}).flatMap(([note, at]) => (at <= windowStart ? [note] : []));
  const notes = await deps.store.noteWrongPin(record.client_id, record.certificate_id, now.toISOString(), tooOld);
  const recent = Object.values(notes ?? {}).filter((at) => at > windowStart).length;
  if (recent < wrongPinLimit) return;
  const until = new Date(now.getTime() + pinLockMinutes * minuteMs).toISOString();
  // Concurrent wrong PINs may each reach the limit; only the one that sets the lock reports it.
  if (await deps.store.lock(record.client_id, record.certificate_id, until, now.toISOString())) {
    logger.warn('certificate locked after wrong PINs', { client_id: record.client_id, certificate_id: record.certificate_id, locked_until: until });
    deps.metrics?.addMetric(metricNames.certificatesPinLocked, MetricUnit.Count, 1);
  }
  throw lockedError(record.certificate_id, until, now);
}

function lockedError(certificateId: string, until: string, now: Date): HttpError {
  const message = `The PIN was wrong ${wrongPinLimit} times within ${wrongPinWindowMinutes} minutes: the certificate is locked until ${until}`;
  return new HttpError(423, 'CERTIFICATE_PIN_LOCKED', `${message}; retry after Retry-After seconds`, {
    details: [{ path: 'certificate_id', code: 'CERTIFICATE_PIN_LOCKED', message: `is locked until ${until}` }],
    headers: { 'retry-after': String(Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000))) },
  });
}
