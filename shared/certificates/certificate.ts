// A client's ELSTER certificate as steuerbote keeps it: what it says of itself, shown to its
// client, and the container and PIN only sealed (envelope.ts), never shown again.

import { randomBytes } from 'node:crypto';
import type { CertificateFacts } from '#shared/certificates/pkcs12.ts';

/** A secret as it is stored (envelope.ts): its wrapped data key, and the ciphertext with its IV and tag (base64). */
export interface Sealed {
  key: string;
  iv: string;
  tag: string;
  data: string;
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
}

// 16 random bytes in base64url, like ticket IDs: opaque, and refused by shape alone.
export const certificateIdPattern = /^crt_[A-Za-z0-9_-]{22}$/;
export const newCertificateId = () => `crt_${randomBytes(16).toString('base64url')}`;

/** What a client sees of its certificate: everything but the sealed secrets and the owner. */
export function certificateView({ container: _container, pin: _pin, client_id: _client, ...shown }: CertificateRecord, now: Date) {
  return { ...shown, expires_in_days: Math.floor((Date.parse(shown.not_after) - now.getTime()) / 86_400_000) };
}
