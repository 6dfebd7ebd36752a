// PIN guessing stops: a per-submission PIN is tried only once a place for its check is reserved on
// its certificate, in the stage's table, by one conditional write that holds while fewer than
// `wrongPinLimit` checks are noted within the window; so every function instance sees the same
// count, and a burst of submissions at once gets no more checks than one after another. A right PIN
// gives its place back, a wrong one keeps it: the wrong PIN that fills the last place locks the
// certificate. While it is locked no PIN is tried on it, the right one neither, so a guess tells
// nothing. A right PIN resets nothing: guesses between right PINs still add up. A check still under
// way when its function ended (a crash, a timeout) is taken for a wrong PIN once it is overdue, and is
// forgotten with the window like any other. Tickets accepted before the lock keep their sealed PIN
// and are transmitted as usual.

import { randomBytes } from 'node:crypto';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { isUnderWay, lockedUntil, type CertificateRecord } from '#shared/domain/certificate.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import type { EventStore } from '#shared/ports/event-store.ts';
import { certificateEvent } from '#shared/domain/event.ts';

/** PIN checks, under way or wrong, within `wrongPinWindowMinutes`: no more are tried, and that many wrong ones lock the certificate. */
export const wrongPinLimit = 10;
export const wrongPinWindowMinutes = 60;
/** How long a lock lasts, from the wrong PIN that set it: long enough that guessing gets nowhere, short enough to wait out. */
export const pinLockMinutes = 60;
/**
 * A check still noted as under way this long after it began belongs to a function that has ended
 * (a submission runs for seconds at most): it counts as a wrong PIN, for its PIN may have been tried.
 */
export const pinCheckOverdueSeconds = 60;

const minuteMs = 60_000;

export interface PinLockDeps {
  store: Pick<CertificateStore, 'get' | 'reservePinCheck' | 'releasePinCheck' | 'confirmWrongPin' | 'lock'>;
  metrics?: MetricSink;
  /** Where a lock is told to the certificate's client. */
  events?: Pick<EventStore, 'record'>;
}

/** 423 while the certificate is locked, before any PIN is tried on it. */
export function refuseWhileLocked(record: Pick<CertificateRecord, 'certificate_id' | 'locked_until'>, now: Date): void {
  const until = lockedUntil(record, now);
  if (until) throw lockedError(record.certificate_id, until, now);
}

/** What the notes of a certificate's PIN checks say at `now`: the keys too old to count, the places taken, and how many of those are wrong PINs. */
export function pinChecks(notes: Record<string, string> = {}, now: Date): { forget: string[]; taken: number; wrong: number } {
  const windowStart = new Date(now.getTime() - wrongPinWindowMinutes * minuteMs).toISOString();
  const overdue = new Date(now.getTime() - pinCheckOverdueSeconds * 1000).toISOString();
  const entries = Object.entries(notes);
  const counted = entries.filter(([, at]) => at > windowStart);
  return {
    forget: entries.filter(([, at]) => at <= windowStart).map(([key]) => key),
    taken: counted.length,
    wrong: counted.filter(([key, at]) => !isUnderWay(key) || at <= overdue).length,
  };
}

/**
 * Tries a per-submission PIN on the certificate in a place reserved for it: `check` tries it, and
 * `wrong` tells from its outcome whether the PIN was wrong. Undefined when the certificate is gone.
 * Throws 423 `CERTIFICATE_PIN_LOCKED` for a locked certificate and for the wrong PIN that locks it,
 * and 429 `CERTIFICATE_PIN_BUSY` while every place is taken and a check under way may still give one back.
 */
export async function tryPin<T>(
  deps: PinLockDeps,
  record: CertificateRecord,
  now: Date,
  check: () => Promise<T>,
  wrong: (outcome: T) => boolean,
): Promise<{ outcome: T } | undefined> {
  const note = randomBytes(12).toString('base64url');
  if (!(await reserve(deps, record, note, now))) return undefined;
  const release = () => deps.store.releasePinCheck(record.client_id, record.certificate_id, note);
  // A check that fails answers nothing about the PIN, so its place is given back.
  const outcome = await check().catch(async (error: unknown) => {
    await release();
    throw error;
  });
  if (!wrong(outcome)) {
    await release();
    return { outcome };
  }
  const notes = await deps.store.confirmWrongPin(record.client_id, record.certificate_id, note, now.toISOString());
  if (pinChecks(notes, now).wrong >= wrongPinLimit) await lockNow(deps, record, now);
  return { outcome };
}

/** Reserves a place for the check `note`, reading the certificate again whenever a concurrent write came first; false when it is gone. */
async function reserve(deps: PinLockDeps, first: CertificateRecord, note: string, now: Date): Promise<boolean> {
  const { client_id, certificate_id } = first;
  let record: CertificateRecord | undefined = first;
  for (let tries = 1; record; tries++) {
    refuseWhileLocked(record, now);
    const checks = pinChecks(record.wrong_pins, now);
    // Every place held by a wrong PIN is a lock, even if the check that should have set it did not.
    if (checks.taken >= wrongPinLimit && checks.wrong >= wrongPinLimit) await lockNow(deps, record, now);
    // Each try lost means another check took a place or forgot old ones: after as many as there are
    // places, the caller waits a second rather than this function racing on.
    if (checks.taken >= wrongPinLimit || tries > wrongPinLimit) throw busyError();
    if (await deps.store.reservePinCheck(client_id, certificate_id, note, now.toISOString(), wrongPinLimit, checks.forget)) return true;
    record = await deps.store.get(client_id, certificate_id);
  }
  return false;
}

/** Locks the certificate from `now` and refuses with 423; when a concurrent check locked it first, that lock is the one told. */
async function lockNow(deps: PinLockDeps, record: CertificateRecord, now: Date): Promise<never> {
  const until = new Date(now.getTime() + pinLockMinutes * minuteMs).toISOString();
  if (await deps.store.lock(record.client_id, record.certificate_id, until, now.toISOString())) {
    logger.warn('certificate locked after wrong PINs', { client_id: record.client_id, certificate_id: record.certificate_id, locked_until: until });
    deps.metrics?.addMetric(metricNames.certificatesPinLocked, MetricUnit.Count, 1);
    await deps.events?.record(certificateEvent('certificate.locked', record, now.toISOString(), { locked_until: until }));
    throw lockedError(record.certificate_id, until, now);
  }
  const held = await deps.store.get(record.client_id, record.certificate_id);
  throw lockedError(record.certificate_id, (held && lockedUntil(held, now)) ?? until, now);
}

function lockedError(certificateId: string, until: string, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
  const message = `The PIN was wrong ${wrongPinLimit} times within ${wrongPinWindowMinutes} minutes: the certificate is locked until ${until}`;
  return new HttpError(423, 'CERTIFICATE_PIN_LOCKED', `${message}; retry after ${seconds} seconds`, {
    details: [{ path: 'certificate_id', code: 'CERTIFICATE_PIN_LOCKED', message: `is locked until ${until}` }],
    headers: { 'retry-after': String(seconds) },
  });
}

// A check takes milliseconds: a second from now, those under way have ended, and either a place is
// free again or the certificate is locked.
function busyError(): HttpError {
  const message = `${wrongPinLimit} PINs were wrong or are being tried on the certificate within ${wrongPinWindowMinutes} minutes, and some are still being tried`;
  return new HttpError(429, 'CERTIFICATE_PIN_BUSY', `${message}: no PIN is tried meanwhile; retry after 1 second`, {
    details: [{ path: 'certificate_id', code: 'CERTIFICATE_PIN_BUSY', message: `has ${wrongPinLimit} PIN checks under way or wrong` }],
    headers: { 'retry-after': '1' },
  });
}
