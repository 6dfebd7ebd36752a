// What the handlers depend on. Adapters under shared/adapters implement these; handlers never
// see an SDK client, so each can be exercised against the local stand-ins or a fake.

import type { CertificateRecord } from '#shared/domain/certificate.ts';
import type { ApiKeyRecord } from '#shared/domain/api-key.ts';
import type { Sealed, SealedFor } from '#shared/domain/sealed.ts';
import type { Finding, Kind, Ticket, TicketStatus, WebhookState } from '#shared/domain/ticket.ts';

/** Fields a status change may set; `undefined` removes nothing, use `remove` for that. */
export type TicketChanges = Partial<Omit<Ticket, 'ticket' | 'client_id' | 'kind' | 'created_at'>>;

export interface TicketStore {
  /** Conditional put: false when the ID is already taken. */
  create(ticket: Ticket): Promise<boolean>;
  get(ticket: string): Promise<Ticket | undefined>;
  /**
   * Conditional update from the expected status (and, when given, the expected lease), so two
   * workers can never both win. Returns the updated ticket, or undefined when the ticket was not
   * in that state any more.
   */
  transition(
    ticket: string,
    expected: { status: TicketStatus; lease_until?: string },
    changes: TicketChanges,
    remove?: readonly (keyof Ticket)[],
  ): Promise<Ticket | undefined>;
  /**
   * Moves a `queued` ticket to `processing` under a lease and counts the attempt, in one conditional
   * write; its wake-up has come, so `next_wake_at` goes. Undefined when the ticket is missing or not
   * queued (a duplicate wake-up, another worker).
   */
  claim(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined>;
  /**
   * Takes a ticket whose send was accepted and whose records are still owed (`processing` with a
   * transfer ticket) once its lease has lapsed at `at`, under a new lease, in one conditional write;
   * undefined when it is not such a ticket (a wake-up for one since finished, another worker).
   */
  claimRecords(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined>;
  /**
   * Replaces the webhook state when its current delivery is still `expectedWebhookId` and, given
   * `expectedAttempts`, has had that many attempts: of two attempts of one delivery that ran at once
   * (a queue may hand a message out twice), only the first to finish records its outcome.
   */
  updateWebhook(ticket: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number): Promise<Ticket | undefined>;
  /** Tickets whose work is not finished: transmission or webhook delivery still owed. */
  owed(): AsyncIterable<Ticket>;
  /** Tickets in a terminal status since before `cutoff` (ISO time) whose submission has not been deleted yet. */
  finishedBefore(cutoff: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>>;
  /** The client's `queued` or `processing` tickets that are to be signed with this certificate, read from their own index. */
  awaitingCertificate(clientId: string, certificateId: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>>;
  /**
   * One page of the client's tickets, newest first, that match `query`; another client's are never
   * read. `last` is where the next page starts, absent when nothing follows: a page may hold fewer
   * than `limit` tickets and still have a `last`, as each call reads a bounded number of index pages.
   */
  list(clientId: string, query: TicketQuery): Promise<TicketPage>;
}

export interface TicketQuery {
  limit: number;
  kind?: Kind;
  status?: TicketStatus;
  client_reference?: string;
  /** ISO time, inclusive. */
  created_after?: string;
  /** ISO time, exclusive. */
  created_before?: string;
  /** The client's ticket the previous page ended with: the page starts after it. */
  after?: Pick<Ticket, 'ticket' | 'created_at'>;
}

export interface TicketPage {
  tickets: Ticket[];
  last?: Pick<Ticket, 'ticket' | 'created_at'>;
}

/** Request counters that expire, one per client and window of the rate limit. */
export interface RateCounter {
  /**
   * Counts one request under `key` unless `limit` are counted already, in one atomic step, so
   * concurrent containers never admit more between them; false when the limit was reached.
   * `expiresAt` (epoch seconds) is when the counter may be removed.
   */
  increment(key: string, limit: number, expiresAt: number): Promise<boolean>;
}

/**
 * The caller's checked body, kept apart from the ticket so it can be encrypted and expired on its
 * own. Written and read as a filing by shared/submission/stored-filing.ts only.
 */
export interface FilingStore {
  put(ticket: string, body: unknown): Promise<void>;
  /** Undefined once deleted, as if never stored; throws `MissingOrRefused` where it cannot tell. */
  get(ticket: string): Promise<unknown>;
  /** Harmless for a body that is not there. */
  delete(ticket: string): Promise<void>;
}

/**
 * A note of each body, made just before the body is stored, by when: the retention sweep finds the
 * bodies that may have been left without a ticket from these notes, never by listing the bucket.
 */
export interface StoredBodyNotes {
  note(ticket: string, at: Date): Promise<void>;
  /**
   * The next tickets of the bodies noted at or after `from` and before `to`, after `after` (where an
   * earlier call left off; without it, from the first), at most `limit`, and where they leave off.
   * None when none is left; a ticket noted twice comes twice.
   */
  nextNoted(from: Date, to: Date, after: NotesPosition | undefined, limit: number): Promise<{ tickets: string[]; position: NotesPosition }>;
  /** Where the check of the notes for bodies without a ticket left off, and the version to move it on from. */
  checkedUpTo(): Promise<{ position?: NotesPosition; version: number }>;
  /** Moves it on from `version` to `position` by one conditional write: false when another run moved it first. */
  checked(version: number, position: NotesPosition): Promise<boolean>;
}

/** Where a reading of the notes stands: only the notes' store knows what it holds. */
export type NotesPosition = Record<string, string>;

/** How a file is kept: `retainUntil` locks it (S3 Object Lock, governance mode) until then. */
export interface KeptFile {
  retainUntil?: Date;
}

/**
 * A store that may not list what it holds cannot tell a missing object from one it may not read: S3
 * answers both AccessDenied to a caller without s3:ListBucket, which no function of a stage has.
 * Its `get` throws this where S3 answers so; the caller decides when to take it for missing.
 */
export class MissingOrRefused extends Error {}

export interface ProtocolStore {
  put(ticket: string, fileName: string, content: Uint8Array, kept?: KeptFile): Promise<void>;
  /**
   * Writes a record once: a file of that name already there (a write an earlier attempt made) is
   * left as it is, and answered `false`.
   */
  putOnce(ticket: string, fileName: string, content: Uint8Array, kept?: KeptFile): Promise<boolean>;
  get(ticket: string, fileName: string): Promise<Uint8Array | undefined>;
  /** Whether the bucket has S3 Object Lock on, so that `retainUntil` can lock a file. */
  locksFiles(): Promise<boolean>;
}

export interface WebhookDelivery {
  ticket: string;
  webhook_id: string;
}

export interface WorkQueue {
  /** A wake-up only: the ticket in the table says what is to be done. */
  wakeTransmit(ticket: string, delaySeconds?: number): Promise<void>;
  enqueueWebhook(delivery: WebhookDelivery): Promise<void>;
  /** Wake-ups for many tickets, ten to a call (SendMessageBatch); throws when one could not be sent. */
  wakeTransmits(tickets: readonly string[]): Promise<void>;
  /** Webhook deliveries, ten to a call, as `wakeTransmits`. */
  enqueueWebhooks(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /**
   * How many messages each queue holds: waiting, delayed, and received but not yet deleted. SQS
   * counts them approximately and cannot say which ticket a message names.
   */
  messagesHeld(): Promise<{ transmit: number; webhook: number }>;
  /** Parks a delivery that gave up in the webhook dead-letter queue, where an operator can redrive it. */
  deadLetterWebhook(delivery: WebhookDelivery): Promise<void>;
  /**
   * Moves dead-lettered webhook deliveries back to the webhook queue, each one only after
   * `revive` has agreed (and prepared the ticket); returns how many moved.
   */
  reviveDeadLetters(revive: (delivery: WebhookDelivery) => Promise<boolean>): Promise<number>;
}

/** What the tax authority is handed to send: one attempt at a ticket's filing. */
export interface Transmission {
  ticket: string;
  /** Which transmission of the ticket this is, from 1: a retry after `retry` comes with the next. */
  attempt: number;
  kind: Kind;
  test: boolean;
  year: number;
  period?: string;
  /** The 13-digit ELSTER tax number; a first income tax return has none, only its tax office. */
  tax_number?: string;
  tax_office?: string;
  /** The USt-IdNr of a form filed by it instead of a tax number (the ZM). */
  vat_id?: string;
  /** The caller's own reference, for the sandbox's protocol to show; ELSTER is not told it. */
  client_reference?: string;
  datenart_version: string;
  /** The ELSTER Nutzdaten element to send: built from the body, or the caller's own XML. */
  nutzdaten: string;
  /** The client's own certificate; without it the stage's certificate signs. */
  certificate?: SigningCertificate;
}

/** A transmission before it is a ticket's: what `validate` hands the tax authority to check. */
export type TransmissionData = Omit<Transmission, 'ticket' | 'attempt'>;

/** A client's certificate and its PIN, unsealed for one transmission and held by nothing after it. */
export interface SigningCertificate {
  certificate_id: string;
  /** What the certificate names as its holder, for the sandbox's protocol. */
  subject: string;
  pkcs12: Uint8Array;
  pin: string;
}

export interface Protocol {
  fileName: string;
  pdf: Uint8Array;
}

export type TransmitOutcome =
  | {
      outcome: 'delivered';
      transferTicket: string;
      receivedAt: string;
      protocol: Protocol /** The tax authority's answer, where it gives one. */;
      serverAnswer?: string;
    }
  | { outcome: 'rejected'; code: string; message: string; findings: Finding[] }
  /** Nothing left this machine: safe to try again later. */
  | { outcome: 'retry'; code: string; message: string }
  /** Must not be retried: a configuration fault, or the data may already have reached the tax authority. */
  | { outcome: 'failed'; code: string; message: string /** The tax authority's answer, kept for support. */; serverAnswer?: string };

export interface TaxAuthority {
  readonly name: 'sandbox' | 'eric';
  /** Whether a transmission interrupted midway may simply be sent again. */
  readonly resendIsSafe: boolean;
  transmit(transmission: Transmission): Promise<TransmitOutcome>;
  /** Checks the data as the tax authority would before sending, and sends nothing. */
  validate(transmission: TransmissionData): Promise<Finding[]>;
}

export interface NotifyResult {
  /** HTTP status, or undefined when no answer came (timeout, refused connection). */
  status?: number;
  /** The receiver's `Retry-After` header, if it sent one. */
  retryAfter?: string;
  error?: string;
}

export interface Notifier {
  notify(request: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }): Promise<NotifyResult>;
}

export interface ApiKeyStore {
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  put(record: ApiKeyRecord): Promise<void>;
  /** Every key, revoked ones included. */
  list(): Promise<ApiKeyRecord[]>;
  /**
   * Marks the key revoked at `at`, unless it already is: a key keeps its first `revoked_at`, so a
   * record whose `revoked_at` is not `at` was revoked before. Undefined when no key has that ID.
   */
  revoke(keyId: string, at: string): Promise<ApiKeyRecord | undefined>;
}

/**
 * What a submission with an `Idempotency-Key` holds on to for 24 hours. Created `in_progress`
 * with the ticket ID chosen up front, so every request with this key can only ever create that one
 * ticket; `completed` once the ticket exists.
 */
export interface IdempotencyRecord {
  /** `{client_id}:{SHA-256 of the caller's key}`: keys of different clients never meet, and the key itself is not kept. */
  key: string;
  client_id: string;
  /** SHA-256 of the route and the canonical body: what "the same request" means. */
  request_hash: string;
  ticket: string;
  state: 'in_progress' | 'completed';
  created_at: string;
  /** While `in_progress` and no ticket exists: until then the request that claimed the key is presumed alive. */
  lease_until: string;
  /** Epoch seconds; DynamoDB's TTL removes the record some time later, so the stores ignore it from then on. */
  expires_at: number;
}

export interface IdempotencyStore {
  /** Conditional put: false when a record that has not expired by `nowSeconds` holds the key. */
  claim(record: IdempotencyRecord, nowSeconds: number): Promise<boolean>;
  /** Strongly consistent; an expired record reads as absent. */
  get(key: string, nowSeconds: number): Promise<IdempotencyRecord | undefined>;
  /** Moves the lease of an `in_progress` record still leased until `expectedLease`; false when another request did so first. */
  takeOver(key: string, expectedLease: string, leaseUntil: string): Promise<boolean>;
  /** Marks the record `completed` if it still names `ticket`; a replaced record is left alone. */
  complete(key: string, ticket: string): Promise<void>;
}

/**
 * Hands out data keys and keeps them only wrapped, bound to whose secret they protect: KMS on AWS
 * (the owner as encryption context), a key file locally (as associated data); shared/certificates/envelope.ts.
 */
export interface KeyWrapper {
  /** A fresh 256-bit data key, in the clear for one use, and wrapped for keeping, bound to `owner`. */
  newDataKey(owner: SealedFor): Promise<{ plaintext: Buffer; wrapped: string }>;
  /** Throws `SealBroken` when the key was not wrapped for `owner` (undefined: wrapped before keys were bound). */
  unwrap(wrapped: string, owner: SealedFor | undefined): Promise<Buffer>;
}

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
  /** Every client's certificates whose container or PIN was sealed before secrets were bound (no `version`), without their sealed secrets. */
  sealedBeforeOwners(): AsyncIterable<CertificateKey>;
}

export type ExpiringCertificate = Pick<CertificateRecord, 'client_id' | 'certificate_id' | 'not_after'>;
export type CertificateKey = Pick<CertificateRecord, 'client_id' | 'certificate_id'>;
