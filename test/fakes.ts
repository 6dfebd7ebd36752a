// In-memory stand-ins for the ports, for unit tests. They keep the adapters' semantics where the
// code under test relies on them: conditional writes, and no `undefined` attributes once stored.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { lambdaContext } from '#local/lambda-context.ts';
import { FileKeyWrapper } from '#shared/adapters/file-key-wrapper.ts';
import { newCertificateId, newestFirst, pinCheckUnderWay, secretsBound, type CertificateRecord, type MailboxSchedule } from '#shared/domain/certificate.ts';
import type { Sealed, SealedFor } from '#shared/domain/sealed.ts';
import { isTerminal, type Finding, type Ticket, type WebhookState } from '#shared/domain/ticket.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import type { ApiKeyRecord } from '#shared/domain/api-key.ts';
import type { ApiKeyStore } from '#shared/ports/api-key-store.ts';
import type { CertificateKey, CertificateStore, DueCertificate, ExpiringCertificate } from '#shared/ports/certificate-store.ts';
import type { IdempotencyRecord, IdempotencyStore } from '#shared/ports/idempotency-store.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';
import type { Notifier, NotifyResult } from '#shared/ports/notifier.ts';
import type { KeptFile, ProtocolStore } from '#shared/ports/protocol-store.ts';
import type { NotesPosition, StoredBodyNotes } from '#shared/ports/stored-body-notes.ts';
import type { RateCounter } from '#shared/ports/rate-counter.ts';
import type { Transmission, TaxAuthority, TransmitOutcome } from '#shared/ports/tax-authority.ts';
import type { FilingStore } from '#shared/ports/filing-store.ts';
import type { ExpectedState, TicketChanges, TicketPage, TicketQuery, TicketStore } from '#shared/ports/ticket-store.ts';
import type { AttemptExpiry, WebhookAttempt, WebhookAttemptStore } from '#shared/ports/webhook-attempts.ts';
import type { WebhookDelivery, WorkQueue } from '#shared/ports/work-queue.ts';

// DynamoDB stores no undefined attributes and hands out copies, never the stored item itself.
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class MemoryTicketStore implements TicketStore {
  readonly tickets = new Map<string, Ticket>();

  async create(ticket: Ticket): Promise<boolean> {
    if (this.tickets.has(ticket.ticket)) return false;
    this.tickets.set(ticket.ticket, stored(ticket));
    return true;
  }

  async get(id: string): Promise<Ticket | undefined> {
    const ticket = this.tickets.get(id);
    return ticket && stored(ticket);
  }

  /** The tickets whose owed events were told. */
  readonly retold: string[] = [];
  async tellOwedEvents(id: string): Promise<void> {
    this.retold.push(id);
  }

  async transition(id: string, expected: ExpectedState, changes: TicketChanges, remove: readonly (keyof Ticket)[] = []): Promise<Ticket | undefined> {
    const current = this.tickets.get(id);
    if (!current || current.status !== expected.status) return undefined;
    if (expected.lease_until !== undefined && current.lease_until !== expected.lease_until) return undefined;
    const next: Record<string, unknown> = { ...current, ...stored(changes) };
    for (const field of remove) delete next[field];
    this.tickets.set(id, next as unknown as Ticket);
    return stored(next as unknown as Ticket);
  }

  async claim(id: string, leaseUntil: string, at: string): Promise<Ticket | undefined> {
    const current = this.tickets.get(id);
    if (current?.status !== 'queued') return undefined;
    const next: Ticket = { ...current, status: 'processing', lease_until: leaseUntil, updated_at: at, attempts: current.attempts + 1 };
    delete next.next_wake_at;
    this.tickets.set(id, next);
    return stored(next);
  }

  async claimRecords(id: string, leaseUntil: string, at: string): Promise<Ticket | undefined> {
    const current = this.tickets.get(id);
    if (current?.status !== 'processing' || !current.transfer_ticket || !(current.lease_until! < at)) return undefined;
    const next: Ticket = { ...current, lease_until: leaseUntil, updated_at: at };
    this.tickets.set(id, next);
    return stored(next);
  }

  async updateWebhook(id: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number): Promise<Ticket | undefined> {
    const current = this.tickets.get(id);
    if (!current || current.webhook.webhook_id !== expectedWebhookId) return undefined;
    if (expectedAttempts !== undefined && current.webhook.attempts !== expectedAttempts) return undefined;
    const next = { ...current, webhook: stored(webhook) };
    this.tickets.set(id, next);
    return stored(next);
  }

  async *owed(): AsyncIterable<Ticket> {
    for (const ticket of [...this.tickets.values()]) {
      if (ticket.status === 'queued' || ticket.status === 'processing' || ticket.webhook.status === 'pending') yield stored(ticket);
    }
  }

  async *finishedBefore(cutoff: string): AsyncIterable<Ticket> {
    for (const ticket of [...this.tickets.values()]) {
      if (isTerminal(ticket.status) && ticket.updated_at < cutoff && !ticket.submission_deleted_at) yield stored(ticket);
    }
  }

  async *awaitingCertificate(clientId: string, certificateId: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>> {
    for (const { ticket, status, client_id, certificate_id } of [...this.tickets.values()]) {
      if (!isTerminal(status) && client_id === clientId && certificate_id === certificateId) yield { ticket, status };
    }
  }

  async byTransferTicket(transferTicket: string): Promise<Pick<Ticket, 'ticket' | 'client_id'> | undefined> {
    const found = [...this.tickets.values()].find((ticket) => ticket.transfer_ticket === transferTicket);
    return found && { ticket: found.ticket, client_id: found.client_id };
  }

  async list(clientId: string, query: TicketQuery): Promise<TicketPage> {
    const position = (t: Pick<Ticket, 'ticket' | 'created_at'>) => `${t.created_at} ${t.ticket}`;
    const matching = [...this.tickets.values()]
      .filter(
        (t) =>
          t.client_id === clientId &&
          (!query.after || position(t) < position(query.after)) &&
          (!query.created_after || t.created_at >= query.created_after) &&
          (!query.created_before || t.created_at < query.created_before) &&
          (!query.kind || t.kind === query.kind) &&
          (!query.status || t.status === query.status) &&
          (query.client_reference === undefined || t.client_reference === query.client_reference),
      )
      .sort((a, b) => position(b).localeCompare(position(a)));
    const tickets = matching.slice(0, query.limit).map(stored);
    const last = matching.length > query.limit ? tickets.at(-1) : undefined;
    return { tickets, ...(last && { last: { ticket: last.ticket, created_at: last.created_at } }) };
  }
}

export class MemoryFilingStore implements FilingStore {
  readonly bodies = new Map<string, unknown>();

  async put(ticket: string, body: unknown): Promise<void> {
    this.bodies.set(ticket, stored(body));
  }

  async get(ticket: string): Promise<unknown> {
    const body = this.bodies.get(ticket);
    return body === undefined ? undefined : stored(body);
  }

  async delete(ticket: string): Promise<void> {
    this.bodies.delete(ticket);
  }
}

export class MemoryStoredBodyNotes implements StoredBodyNotes {
  /** Each note as made; a test may make one in the past. */
  readonly notes: { ticket: string; at: Date }[] = [];

  async note(ticket: string, at: Date): Promise<void> {
    this.notes.push({ ticket, at });
  }

  /** Like the DynamoDB adapter's: one shard, keyed `{time}#{ticket}`. */
  async nextNoted(from: Date, to: Date, after: NotesPosition = {}, limit: number): Promise<{ tickets: string[]; position: NotesPosition }> {
    const keyed = this.notes
      .filter(({ at }) => at >= from && at < to)
      .map(({ ticket, at }) => ({ ticket, key: `${at.toISOString()}#${ticket}` }))
      .filter(({ key }) => after['0'] === undefined || key > after['0'])
      .sort((a, b) => a.key.localeCompare(b.key))
      .slice(0, limit);
    return { tickets: keyed.map(({ ticket }) => ticket), position: keyed.length ? { '0': keyed.at(-1)!.key } : { ...after } };
  }

  /** Where the check left off, as `checked` last moved it. */
  checkedAt: { position?: NotesPosition; version: number } = { version: 0 };

  async checkedUpTo(): Promise<{ position?: NotesPosition; version: number }> {
    return stored(this.checkedAt);
  }

  async checked(version: number, position: NotesPosition): Promise<boolean> {
    if (this.checkedAt.version !== version) return false;
    this.checkedAt = { position: { ...position }, version: version + 1 };
    return true;
  }
}

export class MemoryProtocolStore implements ProtocolStore {
  readonly files = new Map<string, Uint8Array>();
  /** Until when each locked file is retained. */
  readonly retained = new Map<string, Date>();

  async put(ticket: string, fileName: string, pdf: Uint8Array, kept?: KeptFile): Promise<void> {
    this.files.set(`${ticket}/${fileName}`, pdf.slice());
    if (kept?.retainUntil) this.retained.set(`${ticket}/${fileName}`, kept.retainUntil);
  }

  async putOnce(ticket: string, fileName: string, pdf: Uint8Array, kept?: KeptFile): Promise<boolean> {
    if (this.files.has(`${ticket}/${fileName}`)) return false;
    await this.put(ticket, fileName, pdf, kept);
    return true;
  }

  async get(ticket: string, fileName: string): Promise<Uint8Array | undefined> {
    return this.files.get(`${ticket}/${fileName}`)?.slice();
  }

  /** Whether the bucket has Object Lock on; a test turns it off. */
  locks = true;

  async locksFiles(): Promise<boolean> {
    return this.locks;
  }
}

export class MemoryWorkQueue implements WorkQueue {
  readonly transmits: { ticket: string; delaySeconds?: number }[] = [];
  readonly webhooks: WebhookDelivery[] = [];
  /** The webhook dead-letter queue: what is parked there and not yet redriven. */
  readonly deadLetters: WebhookDelivery[] = [];

  async wakeTransmit(ticket: string, delaySeconds?: number): Promise<void> {
    this.transmits.push(delaySeconds === undefined ? { ticket } : { ticket, delaySeconds });
  }

  async enqueueWebhook(delivery: WebhookDelivery): Promise<void> {
    this.webhooks.push({ ...delivery });
  }

  readonly mailboxChecks: string[] = [];

  async wakeMailboxCheck(checkId: string): Promise<void> {
    this.mailboxChecks.push(checkId);
  }

  /** The calls of `wakeTransmits` and `enqueueWebhooks`, each with what it was given. */
  readonly batches: number[] = [];

  async wakeTransmits(tickets: readonly string[]): Promise<void> {
    this.batches.push(tickets.length);
    for (const ticket of tickets) await this.wakeTransmit(ticket);
  }

  async enqueueWebhooks(deliveries: readonly WebhookDelivery[]): Promise<void> {
    this.batches.push(deliveries.length);
    for (const delivery of deliveries) await this.enqueueWebhook(delivery);
  }

  /** Nothing takes a message from this queue: all that was sent is still held. */
  async messagesHeld(): Promise<{ transmit: number; webhook: number }> {
    return { transmit: this.transmits.length, webhook: this.webhooks.length };
  }

  async deadLetterWebhook(delivery: WebhookDelivery): Promise<void> {
    this.deadLetters.push({ ...delivery });
  }

  async reviveDeadLetters(revive: (delivery: WebhookDelivery) => Promise<boolean>): Promise<number> {
    let moved = 0;
    // Like the SQS adapter: every dead letter leaves the DLQ, a revived one only after it is sent back.
    for (let delivery = this.deadLetters[0]; delivery; delivery = this.deadLetters[0]) {
      if (await revive({ ...delivery })) {
        await this.enqueueWebhook(delivery);
        moved++;
      }
      this.deadLetters.shift();
    }
    return moved;
  }
}

export class MemoryApiKeyStore implements ApiKeyStore {
  readonly records = new Map<string, ApiKeyRecord>();

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const record = this.records.get(keyHash);
    return record && { ...record };
  }

  async put(record: ApiKeyRecord): Promise<void> {
    this.records.set(record.key_hash, { ...record });
  }

  async list(): Promise<ApiKeyRecord[]> {
    return [...this.records.values()].map((record) => ({ ...record }));
  }

  async revoke(keyId: string, at: string): Promise<ApiKeyRecord | undefined> {
    const record = [...this.records.values()].find((candidate) => candidate.key_id === keyId);
    if (record) record.revoked_at ??= at;
    return record && { ...record };
  }
}

/** Like the DynamoDB adapter: conditional writes on one record each, and expired records read as absent. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly records = new Map<string, IdempotencyRecord>();

  async claim(record: IdempotencyRecord, nowSeconds: number): Promise<boolean> {
    const current = this.records.get(record.key);
    if (current && current.expires_at > nowSeconds) return false;
    this.records.set(record.key, stored(record));
    return true;
  }

  async get(key: string, nowSeconds: number): Promise<IdempotencyRecord | undefined> {
    const record = this.records.get(key);
    return record && record.expires_at > nowSeconds ? stored(record) : undefined;
  }

  async takeOver(key: string, expectedLease: string, leaseUntil: string): Promise<boolean> {
    const current = this.records.get(key);
    if (current?.state !== 'in_progress' || current.lease_until !== expectedLease) return false;
    current.lease_until = leaseUntil;
    return true;
  }

  async complete(key: string, ticket: string): Promise<void> {
    const current = this.records.get(key);
    if (current?.ticket === ticket) current.state = 'completed';
  }
}

/** Like the DynamoDB adapter: a refused request is not counted. Keeps every counter, expired or not. */
export class MemoryRateCounter implements RateCounter {
  readonly counts = new Map<string, { count: number; expiresAt: number }>();

  async increment(key: string, limit: number, expiresAt: number): Promise<boolean> {
    const count = this.counts.get(key)?.count ?? 0;
    if (count >= limit) return false;
    this.counts.set(key, { count: count + 1, expiresAt });
    return true;
  }
}

/** One step of a scripted transmission: an outcome to answer, or an error to throw. */
export type AuthorityStep = TransmitOutcome | Error;

/** Answers the scripted steps in order and keeps every transmission it was handed. */
export class ScriptedTaxAuthority implements TaxAuthority {
  readonly name = 'sandbox';
  readonly resendIsSafe: boolean;
  readonly transmissions: Transmission[] = [];
  readonly #steps: AuthorityStep[];

  constructor(steps: AuthorityStep[], options: { resendIsSafe?: boolean } = {}) {
    this.#steps = [...steps];
    this.resendIsSafe = options.resendIsSafe ?? true;
  }

  async transmit(transmission: Transmission): Promise<TransmitOutcome> {
    this.transmissions.push(transmission);
    const step = this.#steps.shift();
    if (!step) throw new Error('ScriptedTaxAuthority: no step left');
    if (step instanceof Error) throw step;
    return step;
  }

  async validate(): Promise<Finding[]> {
    return [];
  }
}

/** Answers the scripted results in order and keeps every request it was asked to send. */
export class ScriptedNotifier implements Notifier {
  readonly requests: Parameters<Notifier['notify']>[0][] = [];
  readonly #results: NotifyResult[];

  constructor(results: NotifyResult[]) {
    this.#results = [...results];
  }

  async notify(request: Parameters<Notifier['notify']>[0]): Promise<NotifyResult> {
    this.requests.push(request);
    const result = this.#results.shift();
    if (!result) throw new Error('ScriptedNotifier: no result left');
    return result;
  }
}

/** Each ticket's attempts in the order recorded, with the expiry each was given. */
export class MemoryWebhookAttemptStore implements WebhookAttemptStore {
  readonly kept = new Map<string, { attempt: WebhookAttempt; expiry: AttemptExpiry }[]>();

  async record(ticket: string, attempt: WebhookAttempt, expiry: AttemptExpiry): Promise<void> {
    this.kept.set(ticket, [...(this.kept.get(ticket) ?? []), stored({ attempt, expiry })]);
  }

  async list(ticket: string, now: Date): Promise<WebhookAttempt[]> {
    const seconds = now.getTime() / 1000;
    const alive = (expiresAt: number | undefined) => expiresAt === undefined || expiresAt > seconds;
    return (this.kept.get(ticket) ?? [])
      .filter(({ expiry }) => alive(expiry.attempt))
      .map(({ attempt: { response_excerpt, ...attempt }, expiry }) => stored({ ...attempt, ...(alive(expiry.excerpt) && { response_excerpt }) }));
  }

  async expireBy(ticket: string, expiresAt: number): Promise<void> {
    for (const { expiry } of this.kept.get(ticket) ?? []) {
      expiry.attempt = Math.min(expiry.attempt ?? expiresAt, expiresAt);
      expiry.excerpt = Math.min(expiry.excerpt, expiresAt);
    }
  }
}

export const validTicketId = 'tk_AAAAAAAAAAAAAAAAAAAAAA';

/** What a delivered ticket records of its transmission and protocol, to set on aTicket. */
export const deliveredFacts = {
  delivered_at: '2026-11-22T10:01:00.000Z',
  transfer_ticket: 'abcdefghij0123456789klmnopqrstuv',
  received_at: '2026-11-22T10:00:59.000Z',
  file_name: 'p.pdf',
  file_size: 1234,
  file_sha256: 'f'.repeat(64),
} satisfies Partial<Ticket>;

/** A queued test UStVA ticket of client-a, with whatever the test changes. */
export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticket: validTicketId,
    client_id: 'client-a',
    kind: 'ustva',
    status: 'queued',
    test: true,
    year: 2026,
    period: '03',
    tax_number_masked: '*********0010',
    datenart_version: 'UStVA_2026',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    attempts: 0,
    webhook: { status: 'disabled', attempts: 0 },
    ...overrides,
  };
}

/** An HTTP API (payload 2.0) event as API Gateway, or the local gateway, hands it over. */
export function apiEvent(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; isBase64Encoded?: boolean; pathParameters?: Record<string, string> } = {},
): ApiEvent {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? {},
    pathParameters: options.pathParameters,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'gateway-request',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '22/Nov/2026:10:00:00 +0000',
      timeEpoch: 0,
    },
    body: options.body,
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

export const context = (): Context => lambdaContext('unit-test');

/** A certificate record as a store keeps it, under a fresh ID; its sealed secrets are placeholders. */
export function aCertificate(overrides: Partial<CertificateRecord> = {}): CertificateRecord {
  const sealed = { key: 'a2V5', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
  return {
    client_id: 'client-a',
    certificate_id: newCertificateId(),
    subject: 'CN=Muster GmbH',
    issuer: 'CN=ELSTER',
    serial: '01',
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: '2027-01-01T00:00:00.000Z',
    fingerprint_sha256: 'ab'.repeat(32),
    pin_storage: 'stored',
    created_at: '2026-11-24T10:00:00.000Z',
    container: sealed,
    pin: sealed,
    ...overrides,
  };
}

export class MemoryCertificateStore implements CertificateStore {
  readonly records = new Map<string, CertificateRecord>();

  async create(record: CertificateRecord): Promise<boolean> {
    const key = `${record.client_id}/${record.certificate_id}`;
    if (this.records.has(key)) return false;
    this.records.set(key, structuredClone(record));
    return true;
  }

  async get(clientId: string, certificateId: string): Promise<CertificateRecord | undefined> {
    const record = this.records.get(`${clientId}/${certificateId}`);
    return record && structuredClone(record);
  }

  async list(clientId: string): Promise<CertificateRecord[]> {
    return [...this.records.values()].filter((record) => record.client_id === clientId).sort(newestFirst);
  }

  async delete(clientId: string, certificateId: string): Promise<boolean> {
    return this.records.delete(`${clientId}/${certificateId}`);
  }

  async reservePinCheck(clientId: string, certificateId: string, note: string, at: string, limit: number, forget: readonly string[]): Promise<boolean> {
    const record = this.records.get(`${clientId}/${certificateId}`);
    const notes = record?.wrong_pins ?? {};
    if (!record || !forget.every((old) => old in notes) || Object.keys(notes).length - forget.length >= limit) return false;
    const kept = Object.entries(notes).filter(([old]) => !forget.includes(old));
    record.wrong_pins = Object.fromEntries([...kept, [pinCheckUnderWay(note), at]]);
    return true;
  }

  async releasePinCheck(clientId: string, certificateId: string, note: string): Promise<void> {
    delete this.records.get(`${clientId}/${certificateId}`)?.wrong_pins?.[pinCheckUnderWay(note)];
  }

  async confirmWrongPin(clientId: string, certificateId: string, note: string, at: string): Promise<Record<string, string> | undefined> {
    const notes = this.records.get(`${clientId}/${certificateId}`)?.wrong_pins;
    if (!notes || !(pinCheckUnderWay(note) in notes)) return undefined;
    delete notes[pinCheckUnderWay(note)];
    notes[note] = at;
    return { ...notes };
  }

  async lock(clientId: string, certificateId: string, until: string, now: string): Promise<boolean> {
    const record = this.records.get(`${clientId}/${certificateId}`);
    if (!record || (record.locked_until !== undefined && record.locked_until > now)) return false;
    record.locked_until = until;
    return true;
  }

  async reseal(clientId: string, certificateId: string, sealed: Pick<CertificateRecord, 'container' | 'pin'>, was: Sealed): Promise<boolean> {
    const record = this.records.get(`${clientId}/${certificateId}`);
    if (record?.container.key !== was.key) return false;
    Object.assign(record, structuredClone(sealed));
    return true;
  }

  async *expiringBefore(cutoff: string): AsyncIterable<ExpiringCertificate> {
    for (const { client_id, certificate_id, not_after } of [...this.records.values()]) {
      if (not_after < cutoff) yield { client_id, certificate_id, not_after };
    }
  }

  async *dueForMailboxCheck(now: string): AsyncIterable<DueCertificate> {
    const due = [...this.records.values()].filter((record) => record.mailbox_checks && record.next_check_at! <= now);
    for (const { client_id, certificate_id, next_check_at } of due.sort((a, b) => (a.next_check_at! < b.next_check_at! ? -1 : 1)))
      yield { client_id, certificate_id, next_check_at: next_check_at! };
  }

  async scheduleMailboxChecks(clientId: string, certificateId: string, schedule: MailboxSchedule | undefined, next?: string): Promise<boolean> {
    const record = this.records.get(`${clientId}/${certificateId}`);
    if (!record) return false;
    if (schedule) Object.assign(record, { mailbox_checks: { ...schedule }, next_check_at: next });
    else {
      delete record.mailbox_checks;
      delete record.next_check_at;
    }
    return true;
  }

  async moveNextCheck(clientId: string, certificateId: string, due: string, next: string): Promise<boolean> {
    const record = this.records.get(`${clientId}/${certificateId}`);
    if (record?.next_check_at !== due) return false;
    record.next_check_at = next;
    return true;
  }

  async *sealedBeforeOwners(): AsyncIterable<CertificateKey> {
    for (const record of [...this.records.values()]) if (!secretsBound(record)) yield { client_id: record.client_id, certificate_id: record.certificate_id };
  }
}

/** The local key wrapper over a key file of its own, counting its unwraps so a test sees each unsealing. */
export class CountingKeyWrapper implements KeyWrapper {
  readonly #wrapper: KeyWrapper;
  /** The key file, made on first use. */
  readonly file = join(mkdtempSync(join(tmpdir(), 'steuerbote-sealing-')), 'sealing.key');
  unwraps = 0;

  constructor() {
    this.#wrapper = new FileKeyWrapper(this.file);
  }

  newDataKey(owner: SealedFor) {
    return this.#wrapper.newDataKey(owner);
  }

  unwrap(wrapped: string, owner: SealedFor | undefined) {
    this.unwraps++;
    return this.#wrapper.unwrap(wrapped, owner);
  }
}
