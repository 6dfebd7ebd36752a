import { describe, expect, it, vi } from 'vitest';
import type { Ticket } from '#shared/domain/ticket.ts';
import { redrive } from '#shared/transmission/redrive.ts';
import { MemoryTicketStore, MemoryWorkQueue, aTicket } from '#test/fakes.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const lapsed = '2026-11-22T09:59:59.999Z';
const live = '2026-11-22T10:00:00.001Z';

async function setup(tickets: Partial<Ticket>[], resendIsSafe = true) {
  const store = new MemoryTicketStore();
  const queue = new MemoryWorkQueue();
  for (const [i, overrides] of tickets.entries()) await store.create(aTicket({ ticket: `tk_${String(i).padStart(22, '0')}`, ...overrides }));
  const stored = async (i: number) => (await store.get(`tk_${String(i).padStart(22, '0')}`))!;
  return { deps: { tickets: store, queue, resendIsSafe, now: () => now }, store, queue, stored };
}

const processing = (lease_until: string): Partial<Ticket> => ({ status: 'processing', lease_until, attempts: 1 });

describe('redrive', () => {
  it('wakes every queued ticket', async () => {
    const { deps, queue } = await setup([{ status: 'queued' }, { status: 'queued', attempts: 2 }]);
    expect(await redrive(deps)).toEqual({ transmits: 2, uncertain: 0, webhooks: 0 });
    expect(queue.transmits).toEqual([{ ticket: 'tk_0000000000000000000000' }, { ticket: 'tk_0000000000000000000001' }]);
  });

  it('releases and wakes a lapsed lease when resending is safe', async () => {
    const { deps, queue, stored } = await setup([processing(lapsed)], true);
    expect(await redrive(deps)).toEqual({ transmits: 1, uncertain: 0, webhooks: 0 });
    const ticket = await stored(0);
    expect(ticket).toMatchObject({ status: 'queued', attempts: 1, updated_at: now.toISOString() });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(queue.transmits).toEqual([{ ticket: ticket.ticket }]);
  });

  it('fails a lapsed lease as uncertain when resending is unsafe, without waking it', async () => {
    const { deps, queue, stored } = await setup([processing(lapsed)], false);
    expect(await redrive(deps)).toEqual({ transmits: 0, uncertain: 1, webhooks: 0 });
    const ticket = await stored(0);
    expect(ticket).toMatchObject({ status: 'failed', error: { code: 'TRANSMISSION_UNCERTAIN', details: [] }, updated_at: now.toISOString() });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(queue.transmits).toEqual([]);
  });

  it.each([true, false])('leaves a live lease alone (resendIsSafe: %s)', async (resendIsSafe) => {
    const { deps, queue, stored } = await setup([processing(live), processing(now.toISOString())], resendIsSafe);
    expect(await redrive(deps)).toEqual({ transmits: 0, uncertain: 0, webhooks: 0 });
    expect(await stored(0)).toMatchObject({ status: 'processing', lease_until: live });
    expect(await stored(1)).toMatchObject({ status: 'processing', lease_until: now.toISOString() });
    expect(queue.transmits).toEqual([]);
  });

  it('takes over a live lease after a restart, when every earlier worker is gone', async () => {
    const safe = await setup([processing(live)], true);
    expect(await redrive(safe.deps, { leasesExpired: true })).toEqual({ transmits: 1, uncertain: 0, webhooks: 0 });
    expect((await safe.stored(0)).status).toBe('queued');

    const unsafe = await setup([processing(live)], false);
    expect(await redrive(unsafe.deps, { leasesExpired: true })).toEqual({ transmits: 0, uncertain: 1, webhooks: 0 });
    expect((await unsafe.stored(0)).status).toBe('failed');
  });

  it.each([true, false])('leaves a ticket whose lease was renewed after the scan (resendIsSafe: %s)', async (resendIsSafe) => {
    const { deps, store, queue, stored } = await setup([processing(lapsed)], resendIsSafe);
    const scan = store.unfinished.bind(store);
    vi.spyOn(store, 'unfinished').mockImplementation(async function* () {
      for await (const ticket of scan()) {
        // The worker holding the ticket renews its claim between the scan and the update.
        await store.transition(ticket.ticket, { status: 'processing' }, { lease_until: live });
        yield ticket;
      }
    });
    expect(await redrive(deps)).toEqual({ transmits: 0, uncertain: 0, webhooks: 0 });
    expect(await stored(0)).toMatchObject({ status: 'processing', lease_until: live });
    expect(queue.transmits).toEqual([]);
  });

  it('re-enqueues a pending webhook under the same webhook ID, keeping its count of attempts', async () => {
    const webhook = {
      status: 'pending' as const,
      attempts: 2,
      webhook_id: 'msg_same',
      last_response_status: 503,
      next_attempt_at: '2026-11-22T10:00:30.000Z',
    };
    const { deps, queue, stored } = await setup([{ status: 'delivered', file_name: 'p.pdf', webhook }]);
    expect(await redrive(deps)).toEqual({ transmits: 0, uncertain: 0, webhooks: 1 });
    expect(queue.webhooks).toEqual([{ ticket: 'tk_0000000000000000000000', webhook_id: 'msg_same' }]);
    expect((await stored(0)).webhook).toEqual(webhook);
  });

  it('leaves finished work alone', async () => {
    const { deps, queue } = await setup([
      { status: 'delivered', webhook: { status: 'delivered', attempts: 1, webhook_id: 'msg_1' } },
      { status: 'delivered', webhook: { status: 'failed', attempts: 8, webhook_id: 'msg_2', failure_reason: 'MAX_ATTEMPTS' } },
      { status: 'delivered', webhook: { status: 'failed', attempts: 1, webhook_id: 'msg_3', failure_reason: 'GONE' } },
      { status: 'rejected' },
      { status: 'failed' },
    ]);
    expect(await redrive(deps)).toEqual({ transmits: 0, uncertain: 0, webhooks: 0 });
    expect(queue.transmits).toEqual([]);
    expect(queue.webhooks).toEqual([]);
  });
});
