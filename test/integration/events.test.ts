// `GET /v2/events` over HTTP into the local runtime: a ticket's events, newest first, with IDs and
// metadata only; the type filter; paging by cursor; following with `after` and `wait`; a failed
// webhook attempt; and another client, who sees none of them and whose cursors are not the caller's.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTestValues } from '#shared/sandbox/test-values.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { startTestReceiver, type TestReceiver } from '#test/support/test-receiver.ts';

const rejecting = Object.keys(sandboxTestValues).find((taxNumber) => sandboxTestValues[taxNumber] === 'rejected')!;

let service: LocalService;
let receiver: TestReceiver;
let otherKey: string;

beforeAll(async () => {
  // The first attempt of each webhook gets a 500, the next a 200.
  receiver = await startTestReceiver((n) => ({ status: n === 1 ? 500 : 200 }));
  service = await startService({
    env: { HOOK_ENABLED: 'true', HOOK_URI: receiver.url, HOOK_MAX_ATTEMPTS: '3', HOOK_BACKOFF_SCALE: '0.001', SANDBOX_TRANSIENT_FAILURE_RATE: '0' },
  });
  otherKey = await service.runtime.createApiKey('other-client');
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

const events = async (query = '', key?: string) => {
  const reply = await service.call('GET', `/v2/events${query}`, { key });
  expect(reply.status, reply.text).toBe(200);
  return reply.json.data as { events: any[]; next_cursor: string | null; follow_cursor: string };
};

const ofTicket = (list: any[], ticket: string) => list.filter((event) => event.type.startsWith('ticket.') && event.data.ticket === ticket);

describe('GET /v2/events', () => {
  let rejected: string;

  beforeAll(async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), tax_number: rejecting, client_reference: 'events-1' });
    expect(reply.status, reply.text).toBe(202);
    rejected = reply.json.data.ticket;
    await service.waitForStatus(rejected, ['rejected']);
  });

  it("lists a ticket's creation, its change to processing and its rejection, newest first, with IDs and metadata only", async () => {
    const list = ofTicket((await eventually(async () => ofTicket((await events()).events, rejected).length === 3 && events())).events, rejected);
    expect(list.map((event) => event.type)).toEqual(['ticket.rejected', 'ticket.status_changed', 'ticket.created']);
    expect(list[0]).toMatchObject({
      id: expect.stringMatching(/^evt_[A-Za-z0-9_-]{22}$/),
      created_at: expect.any(String),
      data: { ticket: rejected, kind: 'ustva', status: 'rejected', test: true, error_code: 'REJECTED', client_reference: 'events-1' },
    });
    expect(list[1].data.status).toBe('processing');
    const text = JSON.stringify(list);
    // Nothing of the filing: neither its tax number nor an amount nor its findings.
    expect(text).not.toContain(rejecting);
    expect(text).not.toContain('kennzahlen');
    expect(text).not.toContain('10000');
    expect(text).not.toContain('TEST_VALUE_REJECTED');
  });

  it('filters by type, and refuses a type it does not know, naming those it does', async () => {
    const only = (await events('?type=ticket.rejected,ticket.failed')).events;
    expect(only.length).toBeGreaterThan(0);
    expect(new Set(only.map((event) => event.type))).toEqual(new Set(['ticket.rejected']));
    const reply = await service.call('GET', '/v2/events?type=ticket.rejectd');
    expect(reply.status).toBe(400);
    expect(reply.json.error.details[0]).toMatchObject({ path: 'type', code: 'FILTER_INVALID', message: expect.stringContaining('ticket.rejected') });
  });

  it('pages by cursor, each event once, in order', async () => {
    const all = (await events()).events.map((event) => event.id);
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await events(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.events.length).toBeLessThanOrEqual(2);
      paged.push(...page.events.map((event) => event.id));
      cursor = page.next_cursor;
    }
    expect(paged).toEqual(all);
  });

  it('follows: after a follow_cursor, waits for what happens next and answers it oldest first, each event once', async () => {
    const { follow_cursor } = await events();
    const waiting = events(`?after=${follow_cursor}&wait=15`);
    const reply = await service.submit('ustva', { ...ustvaSample(), client_reference: 'events-follow' });
    const ticket = reply.json.data.ticket;
    const first = await waiting;
    expect(first.events.length).toBeGreaterThan(0);
    // Following on from each answer's follow_cursor reaches the delivery, each event once, in the order they happened.
    const seen = [...first.events];
    let after = first.follow_cursor;
    while (!seen.some((event) => event.type === 'ticket.delivered' && event.data.ticket === ticket)) {
      const next = await events(`?after=${after}&wait=15`);
      seen.push(...next.events);
      after = next.follow_cursor;
    }
    expect(ofTicket(seen, ticket).map((event) => event.type)).toEqual(['ticket.created', 'ticket.status_changed', 'ticket.delivered']);
    expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length);
    expect(seen.map((event) => event.created_at)).toEqual([...seen.map((event) => event.created_at)].sort());
  });

  it("tells a webhook's failed attempt: which delivery, which attempt, the receiver's status", async () => {
    const failed = await eventually(async () => (await events('?type=webhook.attempt_failed')).events[0], 20_000, 200);
    expect(failed, JSON.stringify(failed)).toMatchObject({ type: 'webhook.attempt_failed', data: { kind: 'ustva', attempt: 1, response_status: 500 } });
    expect(failed.data.webhook_id).toMatch(/^msg_/);
    expect(failed.data.next_attempt_at).toEqual(expect.any(String));
  });

  it("shows another client none of the caller's events, and refuses the caller's cursors", async () => {
    expect((await events('', otherKey)).events).toEqual([]);
    const mine = await events('?limit=1');
    for (const query of [`?cursor=${mine.next_cursor}`, `?after=${mine.follow_cursor}`]) {
      const reply = await service.call('GET', `/v2/events${query}`, { key: otherKey });
      expect(reply.status, query).toBe(400);
      expect(reply.json.error.details[0].code).toBe('CURSOR_INVALID');
    }
  });

  it('refuses wait without after, and cursor with after', async () => {
    const { follow_cursor } = await events();
    for (const query of ['?wait=5', `?after=${follow_cursor}&cursor=${follow_cursor}`, '?wait=21&after=x', '?limit=0']) {
      const reply = await service.call('GET', `/v2/events${query}`);
      expect(reply.status, query).toBe(400);
    }
  });
});
