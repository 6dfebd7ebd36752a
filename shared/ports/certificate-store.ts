import type { CertificateRecord, MailboxSchedule } from '#shared/domain/certificate.ts';
import type { Sealed } from '#shared/domain/sealed.ts';

/** Each client's certificates; another client's are never found. */
export interface CertificateStore {
  /** False when a certificate of that ID exists already. */
  create(record: CertificateRecord): Promise<boolean>;
  get(clientId: string, certificateId: string): Promise<CertificateRecord | undefined>;
  /** In the order of `newestFirst` (shared/domain/certificate.ts). */
  list(clientId: string): Promise<CertificateRecord[]>;
  /** False when there was none to delete. */
  delete(clientId: string, certificateId: string): Promise<boolean>;
  /**
   * Reserves a PIN check before its PIN is tried: notes it, begun at `at` (ISO time), under
   * `pinCheckUnderWay(note)` and forgets the notes keyed `forget` (too old to count), in one
   * conditional write that holds only while every note in `forget` is still kept and fewer than
   * `limit` others are; so however many reserve at once, no more than `limit` are ever noted. False
   * when that did not hold (read the certificate again and judge anew), or the certificate is gone.
   */
  reservePinCheck(clientId: string, certificateId: string, note: string, at: string, limit: number, forget: readonly string[]): Promise<boolean>;
  /** Ends the reserved PIN check `note` whose PIN was not wrong: its note goes. */
  releasePinCheck(clientId: string, certificateId: string, note: string): Promise<void>;
  /**
   * Ends the reserved PIN check `note` whose PIN was wrong: it is kept as a wrong PIN under `note`,
   * still at `at`. Returns every note kept after the write; undefined when the check was no longer
   * noted, or the certificate is gone.
   */
  confirmWrongPin(clientId: string, certificateId: string, note: string, at: string): Promise<Record<string, string> | undefined>;
  /** Locks the certificate until `until` unless a lock still holds at `now`; false when one did, or the certificate is gone. */
  lock(clientId: string, certificateId: string, until: string, now: string): Promise<boolean>;
  /**
   * Puts `sealed` in place of the certificate's sealed secrets, if its container is still the one
   * sealed as `was`; false when another write came first, or the certificate is gone.
   */
  reseal(clientId: string, certificateId: string, sealed: Pick<CertificateRecord, 'container' | 'pin'>, was: Sealed): Promise<boolean>;
  /** Every client's certificates whose validity ends before `cutoff` (ISO time), without their sealed secrets. */
  expiringBefore(cutoff: string): AsyncIterable<ExpiringCertificate>;
  /** Every client's certificates whose scheduled mailbox check is due at `now` (ISO time), earliest first, without their sealed secrets. */
  dueForMailboxCheck(now: string): AsyncIterable<DueCertificate>;
  /** Sets the certificate's mailbox schedule, its first check due at `next`, or clears it (undefined); false when the certificate is gone. */
  scheduleMailboxChecks(clientId: string, certificateId: string, schedule: MailboxSchedule | undefined, next?: string): Promise<boolean>;
  /** Moves the next check from `due` to `next`; false when it is no longer due at `due` (another run moved it), or the certificate is gone. */
  moveNextCheck(clientId: string, certificateId: string, due: string, next: string): Promise<boolean>;
  /** Every client's certificates whose container or PIN was sealed before secrets were bound (no `version`), without their sealed secrets. */
  sealedBeforeOwners(): AsyncIterable<CertificateKey>;
}

export type ExpiringCertificate = Pick<CertificateRecord, 'client_id' | 'certificate_id' | 'not_after'>;
export type DueCertificate = Pick<CertificateRecord, 'client_id' | 'certificate_id'> & { next_check_at: string };
export type CertificateKey = Pick<CertificateRecord, 'client_id' | 'certificate_id'>;
