// Which certificate signs a submission: the client's own, named by `certificate_id`, or, without
// one, the stage's. Everything that would make the transmission fail for want of a certificate is
// refused here, before a ticket exists: another client's or a deleted certificate, an expired one,
// a per-submission PIN that is missing, superfluous or wrong, and a certificate locked after too many
// wrong ones (pin-lock.ts).

import type { CertificateRecord } from '#shared/domain/certificate.ts';
import { open, seal } from '#shared/certificates/envelope.ts';
import { pinOpensContainer } from '#shared/certificates/pkcs12-mac.ts';
import { noteWrongPin, refuseWhileLocked } from '#shared/certificates/pin-lock.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { Finding, Ticket } from '#shared/domain/ticket.ts';
import type { Sealed } from '#shared/domain/sealed.ts';
import type { CertificateStore, KeyWrapper, SigningCertificate } from '#shared/ports.ts';

/** The header a per-submission PIN comes in: never the body, which is stored and hashed for idempotency. */
export const pinHeader = 'elster-pin';

/** What a ticket keeps of the certificate that signs it. */
export interface Signer {
  certificate_id: string;
  certificate_subject: string;
  /** Only for a certificate whose PIN comes with each submission. */
  sealed_pin?: Sealed;
}

export interface SignerDeps {
  store: CertificateStore;
  wrapper: KeyWrapper;
  /** Where a lock after wrong PINs is counted. */
  metrics?: MetricSink;
  now?: () => Date;
}

const pinFinding = (code: string, message: string): Finding => ({ path: 'Elster-Pin', code, message });
const wrongPin = 'CERTIFICATE_PIN_WRONG';

/**
 * The signer to keep with the ticket (none: the stage's certificate signs), or the findings that refuse
 * the submission. Throws 423 `CERTIFICATE_PIN_LOCKED` for a locked certificate, and for the wrong PIN that locks it.
 */
export async function signerFor(
  deps: SignerDeps,
  clientId: string,
  certificateId: string | undefined,
  pin: string | undefined,
): Promise<{ signer?: Signer; findings?: undefined } | { findings: Finding[] }> {
  if (certificateId === undefined) {
    return pin === undefined ? {} : { findings: [pinFinding('PIN_NOT_EXPECTED', 'is only for a certificate_id whose pin_storage is per_submission')] };
  }
  const record = await deps.store.get(clientId, certificateId);
  if (!record) return { findings: [{ path: 'certificate_id', code: 'CERTIFICATE_UNKNOWN', message: 'names none of your certificates' }] };
  const now = deps.now?.() ?? new Date();
  refuseWhileLocked(record, now);
  if (record.not_after <= now.toISOString()) {
    return { findings: [{ path: 'certificate_id', code: 'CERTIFICATE_EXPIRED', message: `names a certificate that expired on ${record.not_after}` }] };
  }
  const signer = { certificate_id: record.certificate_id, certificate_subject: record.subject };
  if (record.pin_storage === 'stored') {
    return pin === undefined ? { signer } : { findings: [pinFinding('PIN_NOT_EXPECTED', 'must be left out: this certificate’s PIN is stored')] };
  }
  if (pin === undefined || pin === '')
    return { findings: [pinFinding('PIN_REQUIRED', 'must carry the PIN: this certificate’s pin_storage is per_submission')] };
  if (pin.length > 128) return { findings: [pinFinding('PIN_TOO_LONG', 'must be at most 128 characters')] };
  const problem = await pinProblem(deps, record, pin);
  if (problem?.code === wrongPin) await noteWrongPin(deps, record, now);
  if (problem) return { findings: [problem] };
  return { signer: { ...signer, sealed_pin: await seal(deps.wrapper, Buffer.from(pin, 'utf8')) } };
}

/** A PIN that does not open the container is refused now, not once the ticket reaches ELSTER. */
async function pinProblem(deps: SignerDeps, record: CertificateRecord, pin: string): Promise<Finding | undefined> {
  const container = await open(deps.wrapper, record.container);
  try {
    return pinOpensContainer(container, pin) ? undefined : pinFinding(wrongPin, 'does not open the certificate: the PIN is wrong');
  } finally {
    container.fill(0);
  }
}

/**
 * The ticket's certificate and PIN in the clear, for its transmission only; none when the stage's
 * certificate signs. `gone` when the certificate was deleted after the ticket was accepted.
 */
export async function unsealSigner(
  deps: Pick<SignerDeps, 'store' | 'wrapper'>,
  ticket: Pick<Ticket, 'client_id' | 'certificate_id' | 'sealed_pin'>,
): Promise<{ certificate?: SigningCertificate; gone?: undefined } | { gone: string }> {
  if (!ticket.certificate_id) return {};
  const record = await deps.store.get(ticket.client_id, ticket.certificate_id);
  if (!record) return { gone: `The certificate ${ticket.certificate_id} was deleted before the ticket was transmitted` };
  const sealedPin = record.pin_storage === 'stored' ? record.pin : ticket.sealed_pin;
  if (!sealedPin) return { gone: `The PIN of certificate ${ticket.certificate_id} is no longer kept for this ticket` };
  const [pkcs12, pin] = await Promise.all([open(deps.wrapper, record.container), open(deps.wrapper, sealedPin)]);
  return { certificate: { certificate_id: record.certificate_id, pkcs12, pin: pin.toString('utf8') } };
}
