// Which certificate signs a submission: the client's own, named by `certificate_id`, or, without
// one, the stage's. Everything that would make the transmission fail for want of a certificate is
// refused here, before a ticket exists: another client's or a deleted certificate, an expired one,
// a per-submission PIN that is missing, superfluous or wrong, a certificate locked after too many
// wrong ones or with too many PINs being tried on it at once (pin-lock.ts); one not yet valid, or
// kept before keys were matched to certificates and now found to break a rule; one whose sealed
// secrets do not open for it (copied from another record).

import { certificateProblems, sealedFor, type CertificateRecord } from '#shared/domain/certificate.ts';
import { open, seal } from '#shared/certificates/envelope.ts';
import { resealed } from '#shared/certificates/reseal.ts';
import { pinRefusal } from '#shared/certificates/pkcs12.ts';
import { refuseWhileLocked, tryPin } from '#shared/certificates/pin-lock.ts';
import type { MetricSink } from '#shared/metrics.ts';
import type { EventStore } from '#shared/ports/event-store.ts';
import type { Finding, Ticket } from '#shared/domain/ticket.ts';
import { SealBroken, type Sealed } from '#shared/domain/sealed.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';
import type { SigningCertificate } from '#shared/ports/tax-authority.ts';

/** The header a per-submission PIN comes in: never the body, which is stored and hashed for idempotency. */
export const pinHeader = 'elster-pin';

/**
 * The PIN an `Elster-Pin` header carries: as it is, or, beyond ASCII, in the form of RFC 8187
 * (`utf-8''` and the percent-encoded UTF-8 bytes), which HTTP headers need for such characters.
 * Undefined when that form cannot be decoded.
 */
export function pinOfHeader(value: string): string | undefined {
  const encoded = /^utf-8''(.*)$/i.exec(value);
  if (!encoded) return value;
  try {
    return decodeURIComponent(encoded[1]!);
  } catch {
    return undefined;
  }
}

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
  /** Where a lock after wrong PINs is told to the client. */
  events?: Pick<EventStore, 'record'>;
  now?: () => Date;
}

const pinFinding = (code: string, message: string): Finding => ({ path: 'Elster-Pin', code, message });
const wrongPin = 'CERTIFICATE_PIN_WRONG';
const unknownCertificate: Finding = { path: 'certificate_id', code: 'CERTIFICATE_UNKNOWN', message: 'names none of your certificates' };

/** The code of a certificate whose sealed secrets do not open for it, at submission and at transmission. */
export const sealBroken = {
  code: 'CERTIFICATE_SEAL_BROKEN',
  message: 'cannot be unsealed: its secrets were altered or sealed for another certificate; upload it again',
} as const;

/** The signer of the ticket of that ID, its per-submission PIN sealed for that ticket alone. */
export type SignerOf = (ticketId: string) => Promise<Signer>;

/**
 * The signer to keep with the ticket (none: the stage's certificate signs), or the findings that refuse
 * the submission. Throws 423 `CERTIFICATE_PIN_LOCKED` for a locked certificate, and for the wrong PIN that locks it,
 * and 429 `CERTIFICATE_PIN_BUSY` while its PIN checks are all taken and some are still under way (pin-lock.ts).
 */
export async function signerFor(
  deps: SignerDeps,
  clientId: string,
  certificateId: string | undefined,
  pin: string | undefined,
): Promise<{ signer?: SignerOf; findings?: undefined } | { signer?: undefined; findings: Finding[] }> {
  if (certificateId === undefined) {
    return pin === undefined ? {} : { findings: [pinFinding('PIN_NOT_EXPECTED', 'is only for a certificate_id whose pin_storage is per_submission')] };
  }
  const found = await deps.store.get(clientId, certificateId);
  if (!found) return { findings: [unknownCertificate] };
  const now = deps.now?.() ?? new Date();
  refuseWhileLocked(found, now);
  const known = certificateProblems(found, now).find((problem) => problem.code !== 'CERTIFICATE_UNCHECKED');
  if (known) return { findings: [{ path: 'certificate_id', code: known.code, message: `names a certificate that ${known.message}` }] };
  try {
    // One whose PIN comes with each submission is sealed again once that PIN is found to open it (usableSigner).
    return await usableSigner(deps, found.pin_storage === 'stored' ? await resealed(deps, found) : found, pin, now);
  } catch (error) {
    if (!(error instanceof SealBroken)) throw error;
    return { findings: [{ path: 'certificate_id', code: sealBroken.code, message: `names a certificate that ${sealBroken.message}` }] };
  }
}

/** The rest of `signerFor`, once the certificate is found and usable today, and a stored PIN's secrets bound to it. Throws `SealBroken`. */
async function usableSigner(
  deps: SignerDeps,
  record: CertificateRecord,
  pin: string | undefined,
  now: Date,
): Promise<{ signer: SignerOf; findings?: undefined } | { signer?: undefined; findings: Finding[] }> {
  const signer = { certificate_id: record.certificate_id, certificate_subject: record.subject };
  const owner = sealedFor(record);
  if (record.pin_storage === 'stored') {
    if (pin !== undefined) return { findings: [pinFinding('PIN_NOT_EXPECTED', 'must be left out: this certificate’s PIN is stored')] };
    const problem = await uncheckedProblem(deps, record, async () => (await open(deps.wrapper, owner, record.pin!)).toString('utf8'), now);
    return problem ? { findings: [problem] } : { signer: async () => signer };
  }
  const given = pin === undefined ? undefined : pinOfHeader(pin);
  if (pin === undefined || given === '')
    return { findings: [pinFinding('PIN_REQUIRED', 'must carry the PIN: this certificate’s pin_storage is per_submission')] };
  if (given === undefined) return { findings: [pinFinding('PIN_INVALID', "must be the PIN, or utf-8'' and its percent-encoded UTF-8 bytes")] };
  if (given.length > 128) return { findings: [pinFinding('PIN_TOO_LONG', 'must be at most 128 characters')] };
  const tried = await tryPin(
    deps,
    record,
    now,
    async () => (await uncheckedProblem(deps, record, async () => given, now)) ?? (await pinProblem(deps, record, given)),
    (problem) => problem?.code === wrongPin,
  );
  // Deleted while its PIN was about to be tried.
  if (!tried) return { findings: [unknownCertificate] };
  if (tried.outcome) return { findings: [tried.outcome] };
  await resealed(deps, record, given);
  return { signer: async (ticket_id) => ({ ...signer, sealed_pin: await seal(deps.wrapper, { ...owner, ticket_id }, Buffer.from(given, 'utf8')) }) };
}

/** What refuses a container with this PIN, by its MAC alone: found now, not once the ticket reaches ELSTER. */
async function pinProblem(deps: SignerDeps, record: CertificateRecord, pin: string): Promise<Finding | undefined> {
  const container = await open(deps.wrapper, sealedFor(record), record.container);
  try {
    const refused = await pinRefusal(container, pin);
    if (!refused) return undefined;
    return refused.code === wrongPin
      ? pinFinding(wrongPin, 'does not open the certificate: the PIN is wrong')
      : { path: 'certificate_id', code: refused.code, message: `names a certificate that ${refused.message}` };
  } finally {
    container.fill(0);
  }
}

/**
 * A certificate kept before keys were matched to certificates on upload is opened in full once it
 * is used, and refused with the code an upload would give. The full reader is imported only then,
 * so a submit function does not evaluate it as it starts.
 */
async function uncheckedProblem(deps: SignerDeps, record: CertificateRecord, pinOf: () => Promise<string>, now: Date): Promise<Finding | undefined> {
  if (record.key_bits !== undefined) return undefined;
  const { openPkcs12 } = await import('#shared/certificates/pkcs12.ts');
  const container = await open(deps.wrapper, sealedFor(record), record.container);
  try {
    const opened = await openPkcs12(container, await pinOf(), now);
    if (opened.ok) return undefined;
    return opened.code === wrongPin && record.pin_storage === 'per_submission'
      ? pinFinding(opened.code, 'does not open the certificate: the PIN is wrong')
      : { path: 'certificate_id', code: opened.code, message: `names a certificate that ${opened.message}` };
  } finally {
    container.fill(0);
  }
}

/**
 * The ticket's certificate and PIN in the clear, for its transmission only; none when the stage's
 * certificate signs. `refused` when the certificate was deleted after the ticket was accepted
 * (`CERTIFICATE_DELETED`), or its secrets do not open for it (`CERTIFICATE_SEAL_BROKEN`).
 */
export async function unsealSigner(
  deps: Pick<SignerDeps, 'store' | 'wrapper'>,
  ticket: Pick<Ticket, 'ticket' | 'client_id' | 'certificate_id' | 'sealed_pin'>,
): Promise<{ certificate?: SigningCertificate; refused?: undefined } | { refused: { code: string; message: string } }> {
  if (!ticket.certificate_id) return {};
  const deleted = (message: string) => ({ refused: { code: 'CERTIFICATE_DELETED', message } });
  const record = await deps.store.get(ticket.client_id, ticket.certificate_id);
  if (!record) return deleted(`The certificate ${ticket.certificate_id} was deleted before the ticket was transmitted`);
  const owner = sealedFor(record);
  const [sealedPin, pinOwner] = record.pin_storage === 'stored' ? [record.pin, owner] : [ticket.sealed_pin, { ...owner, ticket_id: ticket.ticket }];
  if (!sealedPin) return deleted(`The PIN of certificate ${ticket.certificate_id} is no longer kept for this ticket`);
  try {
    const [pkcs12, pin] = await Promise.all([open(deps.wrapper, owner, record.container), open(deps.wrapper, pinOwner, sealedPin)]);
    return { certificate: { certificate_id: record.certificate_id, subject: record.subject, pkcs12, pin: pin.toString('utf8') } };
  } catch (error) {
    if (!(error instanceof SealBroken)) throw error;
    return { refused: { code: sealBroken.code, message: `The certificate ${ticket.certificate_id} ${sealBroken.message}` } };
  }
}
