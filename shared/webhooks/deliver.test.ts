import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookConfig } from '#shared/config.ts';
import type { Ticket, WebhookState } from '#shared/domain/ticket.ts';
import type { NotifyResult } from '#shared/ports/notifier.ts';
import { deliverWebhook, webhookBody, type DeliverDeps } from '#shared/webhooks/deliver.ts';
import { parseSecrets } from '#shared/webhooks/signature.ts';
import {
  MemoryProtocolStore,
  MemoryTicketStore,
  MemoryWebhookAttemptStore,
  MemoryWorkQueue,
  ScriptedNotifier,
  aTicket,
  validTicketId as id,
} from '#test/fakes.ts';

const now = new Date('2026-11-22T10:05:00.750Z');
const nowSeconds = Math.floor(now.getTime() / 1000);
const pdf = new TextEncoder().encode('%PDF-1.7 protocol');
const fileName = `Uebertragungsprotokoll_ustva_${id}.pdf`;
const webhooks: WebhookConfig = { enabled: true, uri: 'https://receiver.test/hook', timeoutMs: 2500, maxAttempts: 3, backoffScale: 1 };
const delivery = { ticket: id, webhook_id: 'msg_current' };
const message = delivery;
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const otherSecret = 'whsec_dGhlIG90aGVyIGtleSBvZiB0aGUgcm90YXRpb24=';

const pending = (attempts: number): WebhookState => ({ status: 'pending', attempts, webhook_id: 'msg_current' });
/** The webhook's state once attempt number `attempts` got `answer` now, with what else that left. */
const attempted = (status: WebhookState['status'], attempts: number, answer: NotifyResult, rest: Partial<WebhookState> = {}) => ({
  status,
  attempts,
  webhook_id: 'msg_current',
  last_attempt_at: now.toISOString(),
  ...(answer.status !== undefined && { last_response_status: answer.status }),
  ...rest,
});

const deliveredTicket = (overrides: Partial<Ticket> = {}): Ticket =>
  aTicket({
    status: 'delivered',
    attempts: 1,
    client_reference: 'invoice-7',
    delivered_at: '2026-11-22T10:01:00.000Z',
    transfer_ticket: 'abcdefghij0123456789klmnopqrstuv',
    received_at: '2026-11-22T10:00:59.000Z',
    file_name: fileName,
    file_size: pdf.length,
    webhook: pending(0),
    ...overrides,
  });

interface Options {
  ticket?: Ticket;
  webhooks?: Partial<WebhookConfig>;
  secrets?: string;
  random?: () => number;
  now?: () => Date;
}

async function setup(results: NotifyResult[], options: Options = {}) {
  const tickets = new MemoryTicketStore();
  const protocols = new MemoryProtocolStore();
  const notifier = new ScriptedNotifier(results);
  const queue = new MemoryWorkQueue();
  const attempts = new MemoryWebhookAttemptStore();
  const metrics = { addMetric: vi.fn() };
  await tickets.create(options.ticket ?? deliveredTicket());
  await protocols.put(id, fileName, pdf);
  const deps: DeliverDeps = {
    tickets,
    notices: { get: async () => undefined, updateWebhook: async () => false },
    protocols,
    notifier,
    attempts,
    queue,
    webhooks: { ...webhooks, ...options.webhooks },
    signingKeys: async () => parseSecrets(options.secrets),
    metrics,
    random: options.random ?? (() => 0.5),
    now: options.now ?? (() => now),
  };
  const webhook = async () => (await tickets.get(id))!.webhook;
  const metricNames = () => metrics.addMetric.mock.calls.map(([name]) => name as string);
  return { deps, tickets, protocols, notifier, queue, attempts, metrics, metricNames, webhook };
}

const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('deliverWebhook', () => {
  it("records every attempt with the receiver's host, its answer or why none came, and when the next is due", async () => {
    let clock = now.getTime();
    const { deps, attempts } = await setup([{ status: 500, excerpt: 'database down' }, { error: 'connection_refused' }, { status: 200 }], {
      webhooks: { uri: 'https://receiver.test:8443/hook?token=secret' },
      // Each attempt takes 40 ms, and the next starts a minute later.
      now: () => new Date((clock += 20)),
    });
    for (let i = 0; i < 3; i++) {
      await deliverWebhook(deps, delivery);
      clock += 60_000;
    }
    const [first, second, third] = attempts.kept.get(id)!;
    expect(first!.attempt).toMatchObject({
      webhook_id: 'msg_current',
      attempt: 1,
      host: 'receiver.test:8443',
      response_status: 500,
      duration_ms: 20,
      outcome: 'retry',
      response_excerpt: 'database down',
    });
    expect(first!.attempt.next_attempt_at).toBeDefined();
    expect(first!.expiry).toEqual({ excerpt: Math.floor(Date.parse(first!.attempt.attempted_at) / 1000) + 30 * 86_400 });
    expect(second!.attempt).toMatchObject({ attempt: 2, error: 'connection_refused', outcome: 'retry' });
    expect(second!.attempt).not.toHaveProperty('response_status');
    expect(third!.attempt).toMatchObject({ attempt: 3, response_status: 200, outcome: 'delivered' });
    expect(third!.attempt).not.toHaveProperty('next_attempt_at');
  });

  it('gives an attempt on a ticket the sweep has given its expiry that expiry, its excerpt the sooner of it and 30 days', async () => {
    const expiresAt = nowSeconds + 86_400;
    const { deps, attempts } = await setup([{ status: 200, excerpt: 'ok' }], { ticket: deliveredTicket({ expires_at: expiresAt }) });
    await deliverWebhook(deps, delivery);
    expect(attempts.kept.get(id)![0]!.expiry).toEqual({ attempt: expiresAt, excerpt: expiresAt });
  });

  it('delivers all the same when the attempt cannot be recorded', async () => {
    const { deps, attempts, webhook } = await setup([{ status: 200 }]);
    vi.spyOn(attempts, 'record').mockRejectedValueOnce(new Error('table unavailable'));
    expect(await deliverWebhook(deps, delivery)).toEqual({ outcome: 'delivered' });
    expect((await webhook()).status).toBe('delivered');
  });

  it('keeps the outcome of the first of two attempts of one delivery to finish, as when a queue hands a message out twice', async () => {
    const { deps, notifier, webhook } = await setup([{ status: 200 }]);
    let answerSlow!: (result: NotifyResult) => void;
    const scripted = notifier.notify.bind(notifier);
    vi.spyOn(notifier, 'notify')
      .mockImplementationOnce(() => new Promise((resolve) => (answerSlow = resolve)))
      .mockImplementationOnce(scripted);
    const slow = deliverWebhook(deps, message);
    await vi.waitFor(() => expect(answerSlow).toBeDefined());
    expect(await deliverWebhook(deps, message)).toEqual({ outcome: 'delivered' });
    answerSlow({ status: 500 });
    expect(await slow).toEqual({ outcome: 'retry', afterSeconds: 0 });
    expect(await webhook()).toMatchObject({ status: 'delivered', attempts: 1, last_response_status: 200 });
    expect(await deliverWebhook(deps, message)).toEqual({ outcome: 'superseded' });
  });

  it('posts the contract body with Standard Webhooks headers to HOOK_URI', async () => {
    const { deps, notifier } = await setup([{ status: 200 }]);
    await deliverWebhook(deps, message);
    expect(notifier.requests).toHaveLength(1);
    const [request] = notifier.requests;
    expect(request).toEqual({
      url: 'https://receiver.test/hook',
      timeoutMs: 2500,
      body: expect.any(String),
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_current', 'webhook-timestamp': String(nowSeconds) },
    });
    expect(JSON.parse(request!.body)).toEqual({
      ticket: id,
      transfer_ticket: 'abcdefghij0123456789klmnopqrstuv',
      file_name: fileName,
      file_content: Buffer.from(pdf).toString('base64'),
      store: true,
      kind: 'ustva',
      test: true,
      client_reference: 'invoice-7',
      delivered_at: '2026-11-22T10:01:00.000Z',
    });
  });

  it.each([200, 202, 204, 299])('records a %s answer as delivered, and keeps the message from coming back', async (status) => {
    const { deps, queue, webhook } = await setup([{ status }]);
    await expect(deliverWebhook(deps, message)).resolves.toEqual({ outcome: 'delivered' });
    expect(await webhook()).toEqual(attempted('delivered', 1, { status }));
    expect(queue.deadLetters).toEqual([]);
  });

  describe('signing', () => {
    it('sends no signature without keys', async () => {
      const { deps, notifier } = await setup([{ status: 200 }]);
      await deliverWebhook(deps, message);
      expect(notifier.requests[0]!.headers).not.toHaveProperty('webhook-signature');
    });

    it('signs so that a receiver using the standardwebhooks library verifies it, and only with its secret', async () => {
      const { deps, notifier } = await setup([{ status: 200 }], { secrets: secret });
      await deliverWebhook(deps, message);
      const { body, headers } = notifier.requests[0]!;
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      // The library checks the timestamp against its own clock.
      vi.useFakeTimers({ toFake: ['Date'], now });
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
      expect(() => new Webhook(otherSecret).verify(body, headers)).toThrow(/signature/);
      expect(() => new Webhook(secret).verify(body.replace('invoice-7', 'invoice-8'), headers)).toThrow(/signature/);
    });

    it('signs with every key while secrets rotate', async () => {
      const { deps, notifier } = await setup([{ status: 200 }], { secrets: `${secret} ${otherSecret}` });
      await deliverWebhook(deps, message);
      const { body, headers } = notifier.requests[0]!;
      expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
      vi.useFakeTimers({ toFake: ['Date'], now });
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
      expect(new Webhook(otherSecret).verify(body, headers)).toEqual(JSON.parse(body));
    });

    it('keeps the webhook-id across attempts and stamps each attempt afresh', async () => {
      let clock = now;
      const { deps, notifier } = await setup([{ status: 500 }, { status: 200 }], { secrets: secret, now: () => clock });
      expect(await deliverWebhook(deps, message)).toMatchObject({ outcome: 'retry' });
      clock = new Date(now.getTime() + 6000);
      await deliverWebhook(deps, message);
      const [first, second] = notifier.requests.map((request) => request.headers);
      expect([first!['webhook-id'], second!['webhook-id']]).toEqual(['msg_current', 'msg_current']);
      expect([first!['webhook-timestamp'], second!['webhook-timestamp']]).toEqual([String(nowSeconds), String(nowSeconds + 6)]);
      expect(second!['webhook-signature']).not.toBe(first!['webhook-signature']);
    });
  });

  describe('a failed attempt', () => {
    it.each<[string, NotifyResult]>([
      ['a 500', { status: 500 }],
      ['a 301', { status: 301 }],
      ['a 302', { status: 302 }],
      ['a 304', { status: 304 }],
      ['a 1xx', { status: 199 }],
      ['a 404', { status: 404 }],
      ['a timeout', { error: 'timeout' }],
      ['an unreachable receiver', { error: 'unreachable' }],
    ])('keeps %s pending and asks for the message again after the backoff', async (_, result) => {
      const { deps, queue, webhook } = await setup([result]);
      expect(await deliverWebhook(deps, message)).toEqual({ outcome: 'retry', afterSeconds: 5 });
      expect(await webhook()).toEqual(attempted('pending', 1, result, { next_attempt_at: at(5) }));
      expect(queue.deadLetters).toEqual([]);
    });

    it.each([
      // attempt, jitter draw, scale, delay: the schedule step × (0.8 + 0.4 × draw) × scale, rounded
      [1, 0, 1, 4],
      [1, 0.999_999, 1, 6],
      [2, 0.5, 1, 30],
      [3, 0, 1, 96],
      [4, 0.999_999, 1, 720],
      [6, 0.25, 1, 3240],
      [8, 0.5, 1, 21_600],
      [2, 0.5, 0.5, 15],
      [8, 0.999_999, 0.01, 259],
      [5, 0.5, 0, 0],
    ])('waits before attempt %i + 1 (draw %f, scale %f) for %i s', async (attempt, draw, scale, seconds) => {
      const { deps, webhook } = await setup([{ status: 503 }], {
        ticket: deliveredTicket({ webhook: pending(attempt - 1) }),
        webhooks: { maxAttempts: 10, backoffScale: scale },
        random: () => draw,
      });
      expect(await deliverWebhook(deps, message)).toEqual({ outcome: 'retry', afterSeconds: seconds });
      expect(await webhook()).toMatchObject({ status: 'pending', attempts: attempt, next_attempt_at: at(seconds) });
    });

    it.each([
      [429, '120', 1, 120],
      [503, '120', 1, 120],
      [503, '120', 0.5, 60],
      [429, ' 0 ', 1, 0],
      [503, 'Sun, 22 Nov 2026 10:06:30 GMT', 1, 90],
      [429, 'Sun, 22 Nov 2026 10:06:30 GMT', 0.1, 9],
      [503, 'Sun, 22 Nov 2026 09:00:00 GMT', 1, 0],
      [429, '999999', 1, 42_600],
    ])('honours a %i with Retry-After %j at scale %f: %i s', async (status, retryAfter, scale, seconds) => {
      const { deps, webhook } = await setup([{ status, retryAfter }], { webhooks: { backoffScale: scale } });
      expect(await deliverWebhook(deps, message)).toEqual({ outcome: 'retry', afterSeconds: seconds });
      expect(await webhook()).toMatchObject({ status: 'pending', attempts: 1, last_response_status: status, next_attempt_at: at(seconds) });
    });

    it.each<[string, NotifyResult]>([
      ['a 500 with Retry-After', { status: 500, retryAfter: '120' }],
      ['a 429 without Retry-After', { status: 429 }],
      ['a 503 with an unreadable Retry-After', { status: 503, retryAfter: 'later' }],
    ])('falls back to the schedule for %s', async (_, result) => {
      const { deps } = await setup([result], { ticket: deliveredTicket({ webhook: pending(1) }) });
      expect(await deliverWebhook(deps, message)).toEqual({ outcome: 'retry', afterSeconds: 30 });
    });

    it('clears the failure state of an earlier round', async () => {
      const { deps, webhook } = await setup([{ status: 200 }], {
        ticket: deliveredTicket({ webhook: { ...pending(1), last_response_status: 500, next_attempt_at: at(-1) } }),
      });
      await deliverWebhook(deps, message);
      expect(await webhook()).not.toHaveProperty('next_attempt_at');
    });
  });

  describe('giving up', () => {
    it('stops at once on 410 Gone: failed, not asked for again, not dead-lettered', async () => {
      const { deps, queue, webhook } = await setup([{ status: 410, retryAfter: '5' }]);
      await expect(deliverWebhook(deps, message)).resolves.toEqual({ outcome: 'gone' });
      expect(await webhook()).toEqual(attempted('failed', 1, { status: 410 }, { failure_reason: 'GONE' }));
      expect(queue.deadLetters).toEqual([]);
    });

    it.each<[string, NotifyResult]>([
      ['a 500', { status: 500 }],
      ['a 429 asking for a pause', { status: 429, retryAfter: '60' }],
      ['a timeout', { error: 'timeout' }],
    ])('dead-letters the delivery and fails it after %s at the last attempt, giving up', async (_, result) => {
      const { deps, queue, webhook } = await setup([result], { ticket: deliveredTicket({ webhook: pending(2) }) });
      await expect(deliverWebhook(deps, message)).resolves.toEqual({ outcome: 'exhausted' });
      expect(await webhook()).toEqual(attempted('failed', 3, result, { failure_reason: 'MAX_ATTEMPTS' }));
      expect(queue.deadLetters).toEqual([delivery]);
    });

    it('parks the delivery before it marks the ticket failed', async () => {
      const { deps, tickets, queue } = await setup([{ status: 500 }], { ticket: deliveredTicket({ webhook: pending(2) }) });
      const park = vi.spyOn(queue, 'deadLetterWebhook');
      const mark = vi.spyOn(tickets, 'updateWebhook');
      await deliverWebhook(deps, message);
      expect(park).toHaveBeenCalledTimes(1);
      expect(mark).toHaveBeenCalledTimes(1);
      expect(park.mock.invocationCallOrder[0]).toBeLessThan(mark.mock.invocationCallOrder[0]!);
    });

    it('leaves the delivery pending when it cannot be parked, so the message comes back', async () => {
      const { deps, queue, webhook } = await setup([{ status: 500 }], { ticket: deliveredTicket({ webhook: pending(2) }) });
      vi.spyOn(queue, 'deadLetterWebhook').mockRejectedValue(new Error('SQS down'));
      await expect(deliverWebhook(deps, message)).rejects.toThrow('SQS down');
      expect(await webhook()).toEqual(pending(2));
    });

    it('counts attempts across retries and gives up after HOOK_MAX_ATTEMPTS', async () => {
      const { deps, notifier, queue, webhook } = await setup([{ status: 500 }, { error: 'unreachable' }, { status: 500 }]);
      const results = [await deliverWebhook(deps, message), await deliverWebhook(deps, message), await deliverWebhook(deps, message)];
      expect(await webhook()).toMatchObject({ status: 'failed', attempts: 3, failure_reason: 'MAX_ATTEMPTS' });
      expect(results).toEqual([{ outcome: 'retry', afterSeconds: 5 }, { outcome: 'retry', afterSeconds: 30 }, { outcome: 'exhausted' }]);
      expect(queue.deadLetters).toEqual([delivery]);
      expect(notifier.requests).toHaveLength(3);
    });

    it('gives up at once when HOOK_MAX_ATTEMPTS is 1', async () => {
      const { deps, queue, webhook } = await setup([{ status: 500 }], { webhooks: { maxAttempts: 1 } });
      await deliverWebhook(deps, message);
      expect(await webhook()).toMatchObject({ status: 'failed', attempts: 1, failure_reason: 'MAX_ATTEMPTS' });
      expect(queue.deadLetters).toEqual([delivery]);
    });
  });

  describe('metrics', () => {
    it.each<[string, NotifyResult, number]>([
      ['Webhook_delivered', { status: 204 }, 0],
      ['Webhook_retry', { status: 500 }, 0],
      ['Webhook_gone', { status: 410 }, 0],
      ['Webhook_exhausted', { status: 500 }, 2],
    ])('counts %s', async (name, result, attemptsBefore) => {
      const { deps, metrics } = await setup([result], { ticket: deliveredTicket({ webhook: pending(attemptsBefore) }) });
      await deliverWebhook(deps, message);
      expect(metrics.addMetric.mock.calls).toEqual([[name, 'Count', 1]]);
    });

    it('delivers without a metrics sink', async () => {
      const { deps, webhook } = await setup([{ status: 200 }]);
      await deliverWebhook({ ...deps, metrics: undefined }, message);
      expect((await webhook()).status).toBe('delivered');
    });
  });

  describe('sends nothing', () => {
    async function expectNothing(setupResult: Awaited<ReturnType<typeof setup>>, before: Ticket | undefined, msg = message) {
      const { deps, notifier, queue, tickets, metricNames } = setupResult;
      await expect(deliverWebhook(deps, msg)).resolves.toEqual({ outcome: 'superseded' });
      expect(notifier.requests).toEqual([]);
      expect(queue.deadLetters).toEqual([]);
      expect(metricNames()).toEqual([]);
      expect(tickets.tickets.get(id)).toEqual(before);
    }

    it('while webhooks are off', async () => {
      const s = await setup([{ status: 200 }], { webhooks: { enabled: false } });
      await expectNothing(s, deliveredTicket());
    });

    it.each<[string, Partial<Ticket>]>([
      ['a superseded webhook ID', { webhook: { status: 'pending', attempts: 0, webhook_id: 'msg_newer' } }],
      ['a finished delivery', { webhook: { status: 'delivered', attempts: 1, webhook_id: 'msg_current' } }],
      ['a failed delivery', { webhook: { status: 'failed', attempts: 3, webhook_id: 'msg_current', failure_reason: 'MAX_ATTEMPTS' } }],
      ['a disabled webhook', { webhook: { status: 'disabled', attempts: 0 } }],
      ['a ticket not delivered', { status: 'processing' }],
      ['a ticket without a protocol', { file_name: undefined }],
    ])('for %s', async (_, overrides) => {
      const ticket = deliveredTicket(overrides);
      const s = await setup([{ status: 200 }], { ticket });
      await expectNothing(s, JSON.parse(JSON.stringify(ticket)) as Ticket);
    });

    it('for an unknown ticket', async () => {
      const s = await setup([{ status: 200 }]);
      await expectNothing(s, deliveredTicket(), { ticket: 'tk_BBBBBBBBBBBBBBBBBBBBBB', webhook_id: 'msg_current' });
    });
  });

  it('throws, sending nothing, when the protocol of a delivered ticket is missing', async () => {
    const { deps, protocols, notifier, queue } = await setup([{ status: 200 }]);
    protocols.files.clear();
    await expect(deliverWebhook(deps, message)).rejects.toThrow('protocol missing');
    expect(notifier.requests).toEqual([]);
    expect(queue.deadLetters).toEqual([]);
  });
});

describe('webhookBody', () => {
  it('leaves out a client reference the ticket does not have', () => {
    const body = JSON.parse(webhookBody(deliveredTicket({ client_reference: undefined }), pdf));
    expect(body).not.toHaveProperty('client_reference');
    expect(body).not.toHaveProperty('certificate_id');
    expect(JSON.parse(webhookBody(deliveredTicket({ certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' }), pdf))).toMatchObject({
      certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(Buffer.from(body.file_content, 'base64')).toEqual(Buffer.from(pdf));
  });

  it("names a UStVA's filing, and leaves it out for tickets made before there was more than one", () => {
    expect(JSON.parse(webhookBody(deliveredTicket({ type: 'sondervorauszahlung' }), pdf))).toMatchObject({ kind: 'ustva', type: 'sondervorauszahlung' });
    expect(JSON.parse(webhookBody(deliveredTicket(), pdf))).not.toHaveProperty('type');
  });
});
