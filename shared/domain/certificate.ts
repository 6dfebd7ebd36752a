// A client's ELSTER certificate as steuerbote keeps it: what it says of itself, shown to its
// client, and the container and PIN only sealed (shared/certificates/envelope.ts), never shown again.

import { randomBytes } from 'node:crypto';
import type { Sealed } from '#shared/domain/sealed.ts';

// 16 random bytes in base64url, like ticket IDs: opaque, and refused by shape alone.
export const certificateIdPattern = /^crt_[A-Za-z0-9_-]{22}$/;
export const newCertificateId = () => `crt_${randomBytes(16).toString('base64url')}`;

/** What a certificate says of itself: shown to its client, never the container or the PIN. */
export interface CertificateFacts {
  subject: string;
  issuer: string;
  serial: string;
  not_before: string;
  not_after: string;
  fingerprint_sha256: string;
}

/** `stored`: the PIN is kept sealed with the container; `per_submission`: each submission brings it in `Elster-Pin`. */
export type PinStorage = 'stored' | 'per_submission';

export interface CertificateRecord extends CertificateFacts {
  client_id: string;
  certificate_id: string;
  label?: string;
  pin_storage: PinStorage;
  created_at: string;
  container: Sealed;
  pin?: Sealed;
  /**
   * The wrong per-submission PINs of about the last hour, each under a key of its own so that
   * concurrent submissions never overwrite each other's: when it came (shared/certificates/pin-lock.ts).
   */
  wrong_pins?: Record<string, string>;
  /** Submissions naming it are refused until then, after too many wrong PINs; a time past is no lock. */
  locked_until?: string;
}

/** When the lock on the certificate ends, or undefined when it is not locked at `now`. */
export const lockedUntil = ({ locked_until }: Pick<CertificateRecord, 'locked_until'>, now: Date): string | undefined =>
  locked_until !== undefined && locked_until > now.toISOString() ? locked_until : undefined;

/** What a client sees of its certificate: everything but the sealed secrets, the owner and the wrong PINs' times. */
export function certificateView({ container: _container, pin: _pin, client_id: _client, wrong_pins: _wrong, ...shown }: CertificateRecord, now: Date) {
  return {
    ...shown,
    expires_in_days: Math.floor((Date.parse(shown.not_after) - now.getTime()) / 86_400_000),
    locked_until: lockedUntil(shown, now) ?? null,
  };
}
