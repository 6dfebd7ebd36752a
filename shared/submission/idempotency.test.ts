import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '#shared/domain/ticket.ts';
import type { IdempotencyRecord } from '#shared/ports/idempotency-store.ts';
import type { UstvaFiling } from '#shared/forms/ustva/schema.ts';
import { acceptSubmission } from '#shared/submission/accept.ts';
import { acceptOnce, leaseMs, replayOf, replayWindowSeconds } from '#shared/submission/idempotency.ts';
import { idempotentRequest } from '#shared/submission/idempotent-request.ts';
import { MemoryIdempotencyStore, MemoryStoredBodyNotes, MemoryFilingStore, MemoryTicketStore, MemoryWorkQueue } from '#test/fakes.ts';

const body: UstvaFiling = { type: 'voranmeldung', test: true, year: 2026, tax_number: '9198011310010', xml: '<Anmeldungssteuern/>' };
const request = idempotentRequest('client-a', 'order-7', 'ustva', body);
const start = Date.parse('2026-11-22T10:00:00.000Z');

function setup() {
  let now = start;
  const records = new MemoryIdempotencyStore();
  const d = { tickets: new MemoryTicketStore(), filings: new MemoryFilingStore(), notes: new MemoryStoredBodyNotes(), queue: new MemoryWorkQueue() };
  const accept = (ticketId: string) => acceptSubmission(d, 'client-a', { filing: { kind: 'ustva', body }, period: '03' }, ticketId);
  const deps = { records, tickets: d.tickets, now: () => now };
  return {
    ...d,
    records,
    deps,
    accept,
    advance: (ms: number) => (now += ms),
    submit: (req = request, acceptWith: (ticketId: string) => Promise<Ticket> = accept) => acceptOnce(deps, req, acceptWith),
    record: () => records.records.get(request.key)!,
    /** A submission that has claimed its key and waits, before creating its ticket, until released. */
    async held() {
      let release!: () => void;
      const submitted = acceptOnce(deps, request, async (ticketId) => {
        await new Promise<void>((resolve) => (release = resolve));
        return accept(ticketId);
      });
      await vi.waitFor(() => expect(release).toBeDefined());
      return { submitted, release: () => release() };
    },
  };
}

const inProgress = { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', headers: { 'retry-after': '1' } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('acceptOnce', () => {
  it('creates the ticket under the ID it claimed first, and marks the record completed', async () => {
    const s = setup();
    const claim = vi.spyOn(s.records, 'claim');
    const first = await s.submit();
    expect(first.replayed).toBe(false);
    expect(claim.mock.calls[0]![0]).toMatchObject({ ticket: first.ticket.ticket, state: 'in_progress' });
    expect(s.record()).toEqual<IdempotencyRecord>({
      ...request,
      ticket: first.ticket.ticket,
      state: 'completed',
      created_at: '2026-11-22T10:00:00.000Z',
      lease_until: new Date(start + leaseMs).toISOString(),
      expires_at: start / 1000 + replayWindowSeconds,
    });
    expect(s.queue.transmits).toEqual([{ ticket: first.ticket.ticket }]);
  });

  it('replays the same ticket for the same request, without a second ticket, body or wake-up', async () => {
    const s = setup();
    const first = await s.submit();
    const put = vi.spyOn(s.filings, 'put');
    s.advance(replayWindowSeconds * 1000 - 1000);
    const again = await s.submit();
    expect(again).toEqual({ ticket: first.ticket, replayed: true });
    expect(s.tickets.tickets.size).toBe(1);
    expect(put).not.toHaveBeenCalled();
    expect(s.queue.transmits).toHaveLength(1);
  });

  it('answers another request under the same key with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const s = setup();
    await s.submit();
    const other = idempotentRequest('client-a', 'order-7', 'ustva', { ...body, period: '04' });
    await expect(s.submit(other)).rejects.toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(s.tickets.tickets.size).toBe(1);
  });

  it('answers 409 with Retry-After while the first request is still creating the ticket', async () => {
    const s = setup();
    const { submitted: first, release } = await s.held();
    await expect(s.submit()).rejects.toMatchObject(inProgress);
    release();
    const done = await first;
    expect(await s.submit()).toEqual({ ticket: done.ticket, replayed: true });
  });

  it('lets one retry take over a claim whose request died before its ticket, and creates the same ticket', async () => {
    const s = setup();
    vi.spyOn(s.filings, 'put').mockRejectedValueOnce(new Error('crash'));
    await expect(s.submit()).rejects.toThrow('crash');
    const promised = s.record().ticket;
    expect(s.tickets.tickets.size).toBe(0);

    await expect(s.submit()).rejects.toMatchObject(inProgress);
    s.advance(leaseMs + 1);
    const takenOver = await s.submit();
    expect(takenOver).toMatchObject({ ticket: { ticket: promised }, replayed: false });
    expect(s.record()).toMatchObject({ ticket: promised, state: 'completed' });
    expect(s.queue.transmits).toEqual([{ ticket: promised }]);
  });

  it('lets only one of two retries take a lapsed lease over', async () => {
    const s = setup();
    vi.spyOn(s.filings, 'put').mockRejectedValueOnce(new Error('crash'));
    await expect(s.submit()).rejects.toThrow('crash');
    s.advance(leaseMs + 1);
    const { submitted: taker, release } = await s.held();
    await expect(s.submit()).rejects.toMatchObject(inProgress);
    release();
    expect((await taker).replayed).toBe(false);
    expect(s.tickets.tickets.size).toBe(1);
  });

  it('replays to a request that was only slow when a retry took over and created the ticket first', async () => {
    const s = setup();
    const { submitted: slow, release } = await s.held();
    s.advance(leaseMs + 1);
    const takenOver = await s.submit();
    release();
    expect(await slow).toEqual({ ticket: takenOver.ticket, replayed: true });
    expect(s.tickets.tickets.size).toBe(1);
    expect(s.queue.transmits).toHaveLength(1);
  });

  it('replays the ticket when the first request died after creating it but before marking the record', async () => {
    const s = setup();
    const crashed = s.submit(request, async (ticketId) => {
      await s.accept(ticketId);
      throw new Error('crash');
    });
    await expect(crashed).rejects.toThrow('crash');
    expect(s.record().state).toBe('in_progress');
    const retry = await s.submit();
    expect(retry).toMatchObject({ ticket: { ticket: s.record().ticket }, replayed: true });
    expect(s.record().state).toBe('completed');
    expect(s.tickets.tickets.size).toBe(1);
    expect(s.queue.transmits).toHaveLength(1);
  });

  it('still answers with the ticket when the record cannot be marked completed', async () => {
    const s = setup();
    vi.spyOn(s.records, 'complete').mockRejectedValueOnce(new Error('DynamoDB down'));
    const first = await s.submit();
    expect(first.replayed).toBe(false);
    expect(s.record().state).toBe('in_progress');
    expect(await s.submit()).toEqual({ ticket: first.ticket, replayed: true });
  });

  it('treats an expired record as absent: the key starts afresh, even with another body', async () => {
    const s = setup();
    const first = await s.submit();
    s.advance(replayWindowSeconds * 1000);
    const other = idempotentRequest('client-a', 'order-7', 'ustva', { ...body, period: '04' });
    const fresh = await s.submit(other);
    expect(fresh.replayed).toBe(false);
    expect(fresh.ticket.ticket).not.toBe(first.ticket.ticket);
    expect(s.record()).toMatchObject({ ticket: fresh.ticket.ticket, request_hash: other.request_hash, state: 'completed' });
  });

  it('claims again when the record it lost to expires before it can be read', async () => {
    const s = setup();
    const old = { ...request, ticket: 'tk_old', state: 'completed' as const, created_at: '', lease_until: '', expires_at: start / 1000 + 1 };
    await s.records.claim(old, 0);
    // Two seconds pass between the lost claim and the read.
    const claim = s.records.claim.bind(s.records);
    vi.spyOn(s.records, 'claim').mockImplementationOnce(async (record, nowSeconds) => {
      const won = await claim(record, nowSeconds);
      s.advance(2000);
      return won;
    });
    const fresh = await s.submit();
    expect(fresh.replayed).toBe(false);
    expect(s.record().ticket).toBe(fresh.ticket.ticket);
  });

  it("keeps clients apart: another client's same key and body is its own request", async () => {
    const s = setup();
    const first = await s.submit();
    const theirs = await s.submit(idempotentRequest('client-b', 'order-7', 'ustva', body));
    expect(theirs.replayed).toBe(false);
    expect(theirs.ticket.ticket).not.toBe(first.ticket.ticket);
  });
});

describe('replayOf', () => {
  it('finds the ticket of the same request, and nothing for a new key, another body or a ticket not made yet', async () => {
    const s = setup();
    expect(await replayOf(s.deps, request)).toBeUndefined();
    const { submitted: first, release } = await s.held();
    expect(await replayOf(s.deps, request)).toBeUndefined();
    release();
    const done = await first;
    expect(await replayOf(s.deps, request)).toEqual({ ticket: done.ticket, replayed: true });
    expect(await replayOf(s.deps, idempotentRequest('client-a', 'order-7', 'ustva', { ...body, period: '04' }))).toBeUndefined();
    s.advance(replayWindowSeconds * 1000);
    expect(await replayOf(s.deps, request)).toBeUndefined();
  });

  it('marks a record left in progress beside its ticket completed', async () => {
    const s = setup();
    await expect(
      s.submit(request, async (ticketId) => {
        await s.accept(ticketId);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await replayOf(s.deps, request)).toMatchObject({ ticket: { ticket: s.record().ticket }, replayed: true });
    expect(s.record().state).toBe('completed');
  });
});
