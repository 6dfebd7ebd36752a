import { describe, expect, it, vi } from 'vitest';
import type { Ticket } from '#shared/domain/ticket.ts';
import { redrive, type RedriveCounts } from '#shared/transmission/redrive.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { MemoryTicketStore, MemoryWorkQueue, aTicket } from '#test/fakes.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const lapsed = '2026-11-22T09:59:59.999Z';
const live = '2026-11-22T10:00:00.001Z';
const grace = { queuedGraceSeconds: 120, webhookGraceSeconds: 900 };
/** `seconds` before `now`. */
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const longAgo = '2026-11-22T08:00:00.000Z';

async function setup(tickets: Partial<Ticket>[], resendIsSafe = true) {
  const store = new MemoryTicketStore();
  const queue = new MemoryWorkQueue();
  for (const [i, overrides] of tickets.entries()) await store.create(aTicket({ ticket: `tk_${String(i).padStart(22, '0')}`, ...overrides }));
  const stored = async (i: number) => (await store.get(`tk_${String(i).padStart(22, '0')}`))!;
  return { deps: { tickets: store, queue, resendIsSafe, grace, now: () => now }, store, queue, stored };
}

/** What a run returns, nothing held back and not stopped unless said. */
const counts = (some: Partial<RedriveCounts>): RedriveCounts => ({ transmits: 0, uncertain: 0, webhooks: 0, events: 0, heldBack: 0, stopped: false, ...some });

const processing = (lease_until: string): Partial<Ticket> => ({ status: 'processing', lease_until, attempts: 1 });
const pending = (webhook: Partial<Ticket['webhook']>, delivered_at = longAgo): Partial<Ticket> => ({
  status: 'delivered',
  file_name: 'p.pdf',
  delivered_at,
  webhook: { status: 'pending', attempts: 0, webhook_id: 'msg_same', ...webhook },
});

describe('redrive', () => {
  it('wakes a queued ticket only once its wake-up is overdue by the grace period', async () => {
    const { deps, queue } = await setup([
      // Fresh: its wake-up is still in the queue.
      { status: 'queued', updated_at: ago(60) },
      { status: 'queued', updated_at: ago(120) },
      // Stale: the wake-up was lost.
      { status: 'queued', updated_at: ago(121) },
      // Released for a retry whose delayed wake-up is due in a minute, or was due long ago.
      { status: 'queued', attempts: 2, updated_at: longAgo, next_wake_at: ago(-60) },
      { status: 'queued', attempts: 2, updated_at: ago(60), next_wake_at: ago(121) },
    ]);
    expect(await redrive(deps)).toEqual(counts({ transmits: 2, uncertain: 0, webhooks: 0 }));
    expect(queue.transmits).toEqual([{ ticket: 'tk_0000000000000000000002' }, { ticket: 'tk_0000000000000000000004' }]);
  });

  it('releases and wakes a lapsed lease when resending is safe', async () => {
    const { deps, queue, stored } = await setup([processing(lapsed)], true);
    expect(await redrive(deps)).toEqual(counts({ transmits: 1, uncertain: 0, webhooks: 0 }));
    const ticket = await stored(0);
    expect(ticket).toMatchObject({ status: 'queued', attempts: 1, updated_at: now.toISOString() });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(queue.transmits).toEqual([{ ticket: ticket.ticket }]);
  });

  it('fails a lapsed lease as uncertain when resending is unsafe, without waking it', async () => {
    const { deps, queue, stored } = await setup([processing(lapsed)], false);
    expect(await redrive(deps)).toEqual(counts({ transmits: 0, uncertain: 1, webhooks: 0 }));
    const ticket = await stored(0);
    expect(ticket).toMatchObject({ status: 'failed', error: { code: 'TRANSMISSION_UNCERTAIN', details: [] }, updated_at: now.toISOString() });
    expect(ticket).not.toHaveProperty('lease_until');
    expect(queue.transmits).toEqual([]);
  });

  it.each([true, false])('leaves a live lease alone (resendIsSafe: %s)', async (resendIsSafe) => {
    const { deps, queue, stored } = await setup([processing(live), processing(now.toISOString())], resendIsSafe);
    expect(await redrive(deps)).toEqual(counts({ transmits: 0, uncertain: 0, webhooks: 0 }));
    expect(await stored(0)).toMatchObject({ status: 'processing', lease_until: live });
    expect(await stored(1)).toMatchObject({ status: 'processing', lease_until: now.toISOString() });
    expect(queue.transmits).toEqual([]);
  });

  it('wakes everything owed after a restart, when every earlier worker and the queue are gone', async () => {
    const { deps, queue, stored } = await setup([
      { status: 'queued', updated_at: now.toISOString() },
      { status: 'queued', attempts: 1, next_wake_at: ago(-600) },
      processing(live),
      pending({ attempts: 2, next_attempt_at: ago(-3600) }),
    ]);
    expect(await redrive(deps, { leasesExpired: true })).toEqual(counts({ transmits: 3, uncertain: 0, webhooks: 1 }));
    expect(queue.transmits.map((wake) => wake.ticket).sort()).toEqual(['tk_0000000000000000000000', 'tk_0000000000000000000001', 'tk_0000000000000000000002']);
    expect(queue.webhooks).toEqual([{ ticket: 'tk_0000000000000000000003', webhook_id: 'msg_same' }]);
    expect((await stored(2)).status).toBe('queued');
  });

  it('takes over a live lease after a restart, when every earlier worker is gone', async () => {
    const safe = await setup([processing(live)], true);
    expect(await redrive(safe.deps, { leasesExpired: true })).toEqual(counts({ transmits: 1, uncertain: 0, webhooks: 0 }));
    expect((await safe.stored(0)).status).toBe('queued');

    const unsafe = await setup([processing(live)], false);
    expect(await redrive(unsafe.deps, { leasesExpired: true })).toEqual(counts({ transmits: 0, uncertain: 1, webhooks: 0 }));
    expect((await unsafe.stored(0)).status).toBe('failed');
  });

  it.each([true, false])('leaves a ticket whose lease was renewed after the scan (resendIsSafe: %s)', async (resendIsSafe) => {
    const { deps, store, queue, stored } = await setup([processing(lapsed)], resendIsSafe);
    const scan = store.owed.bind(store);
    vi.spyOn(store, 'owed').mockImplementation(async function* () {
      for await (const ticket of scan()) {
        // The worker holding the ticket renews its claim between the scan and the update.
        await store.transition(ticket.ticket, { status: 'processing' }, { lease_until: live });
        yield ticket;
      }
    });
    expect(await redrive(deps)).toEqual(counts({ transmits: 0, uncertain: 0, webhooks: 0 }));
    expect(await stored(0)).toMatchObject({ status: 'processing', lease_until: live });
    expect(queue.transmits).toEqual([]);
  });

  it('re-enqueues an overdue pending webhook under the same webhook ID, keeping its count of attempts', async () => {
    const { deps, queue, stored } = await setup([pending({ attempts: 2, last_response_status: 503, next_attempt_at: ago(901) })]);
    const before = await stored(0);
    expect(await redrive(deps)).toEqual(counts({ transmits: 0, uncertain: 0, webhooks: 1 }));
    expect(queue.webhooks).toEqual([{ ticket: 'tk_0000000000000000000000', webhook_id: 'msg_same' }]);
    expect(await stored(0)).toEqual(before);
  });

  it('leaves a pending webhook to the queue until its attempt is overdue by the grace period', async () => {
    const { deps, queue } = await setup([
      // Postponed to a later attempt, or due a little while ago: its message is still in the queue or in hand.
      pending({ attempts: 2, next_attempt_at: ago(-3600) }),
      pending({ attempts: 2, next_attempt_at: ago(900) }),
      // A first attempt, due when the ticket was delivered.
      pending({}, ago(600)),
      pending({}, ago(901)),
      // A re-run of a ticket delivered long ago, due when it was queued.
      pending({ next_attempt_at: ago(60) }),
    ]);
    expect(await redrive(deps)).toEqual(counts({ transmits: 0, uncertain: 0, webhooks: 1 }));
    expect(queue.webhooks).toEqual([{ ticket: 'tk_0000000000000000000003', webhook_id: 'msg_same' }]);
  });

  it('leaves finished work alone', async () => {
    const { deps, queue } = await setup([
      { status: 'delivered', webhook: { status: 'delivered', attempts: 1, webhook_id: 'msg_1' } },
      { status: 'delivered', webhook: { status: 'failed', attempts: 8, webhook_id: 'msg_2', failure_reason: 'MAX_ATTEMPTS' } },
      { status: 'delivered', webhook: { status: 'failed', attempts: 1, webhook_id: 'msg_3', failure_reason: 'GONE' } },
      { status: 'rejected' },
      { status: 'failed' },
    ]);
    expect(await redrive(deps)).toEqual(counts({ transmits: 0, uncertain: 0, webhooks: 0 }));
    expect(queue.transmits).toEqual([]);
    expect(queue.webhooks).toEqual([]);
  });

  it('records the age of the oldest queued ticket on every run, and each ticket it fails as uncertain', async () => {
    const { deps } = await setup(
      [{ status: 'queued', created_at: ago(900), updated_at: ago(60) }, { status: 'queued', created_at: ago(300), updated_at: ago(60) }, processing(lapsed)],
      false,
    );
    const metrics = { addMetric: vi.fn() };
    await redrive({ ...deps, metrics });
    expect(metrics.addMetric.mock.calls).toEqual(
      expect.arrayContaining([
        ['OldestQueuedTicketAge', 'Seconds', 900],
        ['TicketsFailed', 'Count', 1],
        ['TicketsFailed_TRANSMISSION_UNCERTAIN', 'Count', 1],
        ['TicketsUncertain', 'Count', 1],
      ]),
    );
    const idle = await setup([]);
    const quiet = { addMetric: vi.fn() };
    await redrive({ ...idle.deps, metrics: quiet });
    expect(quiet.addMetric.mock.calls).toEqual([
      ['OldestQueuedTicketAge', 'Seconds', 0],
      ['QueuedTickets', 'Count', 0],
    ]);
  });

  describe('during a backlog', () => {
    /** `n` queued tickets, each overdue by a minute more than the one before it. */
    const backlog = (n: number): Partial<Ticket>[] => Array.from({ length: n }, (_, i) => ({ status: 'queued', updated_at: ago(3600 - 60 * i) }));

    it('wakes no queued ticket while the queue holds as many messages as tickets wait, however overdue', async () => {
      const { deps, queue } = await setup(backlog(25));
      // Each ticket's wake-up, sent as it was accepted, waits in the queue behind the others.
      await queue.wakeTransmits(Array.from({ length: 25 }, (_, i) => `tk_${String(i).padStart(22, '0')}`));
      const before = queue.transmits.length;
      expect(await redrive(deps)).toEqual(counts({ heldBack: 25 }));
      expect(queue.transmits.length).toBe(before);
    });

    it('wakes as many as the queue lacks messages for, those overdue the longest first', async () => {
      const { deps, queue } = await setup(backlog(5));
      await queue.wakeTransmits(['tk_0000000000000000000004', 'tk_0000000000000000000003']);
      expect(await redrive(deps)).toEqual(counts({ transmits: 3, heldBack: 2 }));
      expect(queue.transmits.slice(2).map((wake) => wake.ticket)).toEqual([
        'tk_0000000000000000000000',
        'tk_0000000000000000000001',
        'tk_0000000000000000000002',
      ]);
    });

    it('does not count the messages workers hold for the tickets they are sending', async () => {
      const { deps, queue } = await setup([...backlog(2), processing(live), processing(live)]);
      await queue.wakeTransmits(['tk_0000000000000000000002', 'tk_0000000000000000000003']);
      expect(await redrive(deps)).toEqual(counts({ transmits: 2 }));
    });

    it('holds back overdue webhooks while the webhook queue holds a message for each pending one', async () => {
      const { deps, queue } = await setup([pending({}, ago(3600)), pending({}, ago(1800))]);
      await queue.enqueueWebhooks([{ ticket: 'tk_0000000000000000000001', webhook_id: 'msg_same' }]);
      expect(await redrive(deps)).toEqual(counts({ webhooks: 1, heldBack: 1 }));
      expect(queue.webhooks.at(-1)).toEqual({ ticket: 'tk_0000000000000000000000', webhook_id: 'msg_same' });
    });

    it('sends ten wake-ups to a call', async () => {
      const { deps, queue } = await setup(backlog(25));
      expect(await redrive(deps)).toEqual(counts({ transmits: 25 }));
      expect(queue.batches).toEqual([10, 10, 5]);
    });

    it('publishes its figures before it sends anything', async () => {
      const { deps, queue } = await setup(backlog(3));
      const order: string[] = [];
      const metrics = { addMetric: vi.fn((name: string) => void order.push(name)) } as unknown as MetricSink;
      vi.spyOn(queue, 'wakeTransmits').mockImplementation(async () => void order.push('sent'));
      await redrive({ ...deps, metrics, publishMetrics: () => order.push('published') });
      expect(order).toEqual(['OldestQueuedTicketAge', 'QueuedTickets', 'published', 'sent']);
    });

    it('stops sending once its time is up, after the first batch; the next run sends the rest', async () => {
      const { deps, queue } = await setup(backlog(25));
      const metrics = { addMetric: vi.fn() };
      expect(await redrive({ ...deps, metrics, stopAt: Date.now() - 1 })).toEqual(counts({ transmits: 10, stopped: true }));
      expect(metrics.addMetric).toHaveBeenCalledWith('QueuedTickets', 'Count', 25);
      expect(await redrive(deps)).toEqual(counts({ transmits: 15 }));
      expect(new Set(queue.transmits.map((wake) => wake.ticket)).size).toBe(25);
    });
  });

  it.each([true, false])(
    'wakes an accepted ticket whose records are owed once its lease has lapsed, never sending it again (resendIsSafe: %s)',
    async (resendIsSafe) => {
      const accepted = { ...processing(lapsed), transfer_ticket: 'abcdefghij0123456789klmnopqrstuv' };
      const { deps, queue, stored } = await setup([accepted, { ...accepted, lease_until: live }], resendIsSafe);
      // The other waits under a short lease for the wake-up its worker sent it.
      await queue.wakeTransmit('tk_0000000000000000000001', 31);
      expect(await redrive(deps)).toEqual(counts({ transmits: 1 }));
      expect(queue.transmits.at(-1)).toEqual({ ticket: 'tk_0000000000000000000000' });
      expect(await stored(0)).toMatchObject({ status: 'processing', lease_until: lapsed });
      // Its wake-up still in the queue, it is not woken again.
      expect(await redrive(deps)).toEqual(counts({ heldBack: 1 }));
    },
  );

  it.each([true, false])(
    'ends the live lease of an accepted ticket whose records are owed after a restart, so that its wake-up writes them (resendIsSafe: %s)',
    async (resendIsSafe) => {
      const { deps, queue, stored } = await setup([{ ...processing(live), transfer_ticket: 'abcdefghij0123456789klmnopqrstuv' }], resendIsSafe);
      expect(await redrive(deps, { leasesExpired: true })).toEqual(counts({ transmits: 1 }));
      expect(queue.transmits).toEqual([{ ticket: 'tk_0000000000000000000000' }]);
      const ticket = await stored(0);
      expect(ticket).toMatchObject({ status: 'processing', transfer_ticket: 'abcdefghij0123456789klmnopqrstuv' });
      expect(ticket.lease_until! < now.toISOString()).toBe(true);
    },
  );
});
