// A client's ELSTER certificate as steuerbote keeps it: what it says of itself, shown to its
// client, and the container and PIN only sealed (envelope.ts), never shown again.

import type { CertificateFacts } from '#shared/certificates/pkcs12.ts';
import type { Sealed } from '#shared/domain/sealed.ts';

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

/** What a client sees of its certificate: everything but the sealed secrets and the owner. */
export function certificateView({ container: _container, pin: _pin, client_id: _client, ...shown }: CertificateRecord, now: Date) {
  return { ...shown, expires_in_days: Math.floor((Date.parse(shown.not_after) - now.getTime()) / 86_400_000) };
}
