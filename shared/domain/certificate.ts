// A client's ELSTER certificate as steuerbote keeps it: what it says of itself, shown to its
// client, and the container and PIN only sealed (shared/certificates/envelope.ts), never shown again.

import { randomBytes } from 'node:crypto';
import { shortened } from '#shared/domain/finding-limits.ts';
import type { Sealed, SealedFor } from '#shared/domain/sealed.ts';

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
  /** The private key's type (`rsa`, `ec`, …) and size: only on certificates whose key was matched to them on upload. */
  key_type?: string;
  key_bits?: number;
}

/**
 * The longest subject or issuer kept, in characters as shown (escaped, RFC 4514): ELSTER's certificates
 * name a person or an organisation in a few dozen. Every ticket signed with the certificate and its
 * protocol copy the subject, so a longer one is refused at upload, and one kept before is not used.
 */
export const maxCertificateNameLength = 1024;

/** A count as the messages write it, in thousands: 100,000. */
export const countText = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

export interface NameProblem {
  code: 'CERTIFICATE_SUBJECT_TOO_LONG' | 'CERTIFICATE_ISSUER_TOO_LONG';
  message: string;
}

/** What the certificate's subject and issuer say against keeping it: a name longer than `maxCertificateNameLength`. */
export function nameProblems({ subject, issuer }: Pick<CertificateFacts, 'subject' | 'issuer'>): NameProblem[] {
  const problems: NameProblem[] = [];
  const limit = `at most ${countText(maxCertificateNameLength)} are kept`;
  if (subject.length > maxCertificateNameLength)
    problems.push({ code: 'CERTIFICATE_SUBJECT_TOO_LONG', message: `has a subject of ${countText(subject.length)} characters: ${limit}` });
  if (issuer.length > maxCertificateNameLength)
    problems.push({ code: 'CERTIFICATE_ISSUER_TOO_LONG', message: `has an issuer of ${countText(issuer.length)} characters: ${limit}` });
  return problems;
}

/**
 * A name as it may be shown: each run of control, format (invisible, bidi), separator, private-use
 * or unassigned characters becomes one U+FFFD, so that nothing hidden can make one name look like
 * another, or break a line or a table it is shown in.
 */
export const shownText = (text: string) => text.replace(/[\p{C}\p{Zl}\p{Zp}]+/gu, '\uFFFD');

/** The hours a schedule may set between checks: at most hourly (each check costs ELSTER calls), at least weekly (ELSTER keeps a record 60 days). */
export const everyHoursRange = { min: 1, max: 168 } as const;

/** How often the certificate's mailbox is checked without a request (shared/notices/schedule.ts). */
export interface MailboxSchedule {
  every_hours: number;
  /** Checked with the Testmerker, as a check's `test`. */
  test: boolean;
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
   * The per-submission PIN checks of about the last hour, each under a key of its own so that
   * concurrent submissions never overwrite each other's: when it began. A wrong PIN is kept under
   * its note, a check still under way under `pinCheckUnderWay(note)` (shared/certificates/pin-lock.ts).
   */
  wrong_pins?: Record<string, string>;
  /** Submissions naming it are refused until then, after too many wrong PINs; a time past is no lock. */
  locked_until?: string;
  /** Its mailbox is checked on this schedule; `next_check_at` is when next, with its jitter. */
  mailbox_checks?: MailboxSchedule;
  next_check_at?: string;
}

/**
 * The order a client's certificates are listed in: newest first, those of the same time by ID. ISO
 * times order by their characters; localeCompare would load ICU's collator on a cold start.
 */
export function newestFirst(a: Pick<CertificateRecord, 'created_at' | 'certificate_id'>, b: Pick<CertificateRecord, 'created_at' | 'certificate_id'>): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.certificate_id < b.certificate_id ? -1 : a.certificate_id > b.certificate_id ? 1 : 0;
}

/** Whom the certificate's sealed secrets are bound to: a copy in another record does not open. */
export const sealedFor = ({ client_id, certificate_id }: Pick<CertificateRecord, 'client_id' | 'certificate_id'>): SealedFor => ({ client_id, certificate_id });

/** Whether the record's container and PIN, where it keeps one, are both bound to their owner (`version: 2`, shared/domain/sealed.ts). */
export const secretsBound = ({ container, pin }: Pick<CertificateRecord, 'container' | 'pin'>): boolean =>
  [container, pin].every((sealed) => sealed === undefined || sealed.version === 2);

/**
 * The key in `wrong_pins` of a PIN check still under way. The prefix tells it from a wrong PIN; a
 * version that knows no checks under way counts it as a wrong PIN, which errs on the safe side.
 */
export const pinCheckUnderWay = (note: string) => `try_${note}`;
export const isUnderWay = (key: string) => key.startsWith('try_');

/** When the lock on the certificate ends, or undefined when it is not locked at `now`. */
export const lockedUntil = ({ locked_until }: Pick<CertificateRecord, 'locked_until'>, now: Date): string | undefined =>
  locked_until !== undefined && locked_until > now.toISOString() ? locked_until : undefined;

export interface CertificateProblem {
  code: 'CERTIFICATE_EXPIRED' | 'CERTIFICATE_NOT_YET_VALID' | 'CERTIFICATE_UNCHECKED' | 'CERTIFICATE_KEY_TOO_WEAK' | NameProblem['code'];
  message: string;
}

/**
 * What the record alone says against signing with it today. A certificate kept before keys were
 * matched to certificates on upload (no `key_bits`) is `CERTIFICATE_UNCHECKED`: a submission naming
 * it opens it first (shared/certificates/signer.ts) and is refused if it breaks a rule. One kept
 * before names and key sizes were held to today's rules is refused for what its record shows: a
 * name too long, or a key whose size was unknown then (`key_bits` 0: a curve or key type no longer
 * kept).
 */
export function certificateProblems(record: CertificateFacts, now: Date): CertificateProblem[] {
  const problems: CertificateProblem[] = nameProblems(record);
  const at = now.toISOString();
  if (record.not_after <= at) problems.push({ code: 'CERTIFICATE_EXPIRED', message: `expired on ${record.not_after}` });
  if (record.not_before > at) problems.push({ code: 'CERTIFICATE_NOT_YET_VALID', message: `is valid only from ${record.not_before}` });
  if (record.key_bits === 0) {
    problems.push({
      code: 'CERTIFICATE_KEY_TOO_WEAK',
      message: 'has a key whose size was not known when it was kept, of a curve or type no longer accepted: upload it again to have it checked',
    });
  }
  if (record.key_bits === undefined) {
    problems.push({
      code: 'CERTIFICATE_UNCHECKED',
      message: 'was kept before keys were matched to certificates: a submission naming it checks it first; upload it again to check it now',
    });
  }
  return problems;
}

/**
 * What a client sees of its certificate: everything but the sealed secrets, the owner and the PIN
 * checks' times; whether it can sign now (not while it is locked), and until when wrong PINs lock it.
 */
export function certificateView(
  { container: _container, pin: _pin, client_id: _client, wrong_pins: _wrong, mailbox_checks, next_check_at, ...shown }: CertificateRecord,
  now: Date,
) {
  const problems = certificateProblems(shown, now);
  const locked = lockedUntil(shown, now);
  return {
    ...shown,
    // Names kept before they were decoded and cleaned on upload are cleaned when shown; one kept too
    // long before names were limited is cut, its problem says so.
    subject: shortened(shownText(shown.subject), maxCertificateNameLength),
    issuer: shortened(shownText(shown.issuer), maxCertificateNameLength),
    expires_in_days: Math.floor((Date.parse(shown.not_after) - now.getTime()) / 86_400_000),
    usable: problems.every((problem) => problem.code === 'CERTIFICATE_UNCHECKED') && locked === undefined,
    problems,
    locked_until: locked ?? null,
    mailbox_checks: mailbox_checks ? { ...mailbox_checks, next_check_at: next_check_at ?? null } : null,
  };
}
