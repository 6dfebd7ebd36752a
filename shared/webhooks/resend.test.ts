import { describe, expect, it } from 'vitest';
import type { Ticket } from '#shared/domain/ticket.ts';
import { resendWebhook } from '#shared/webhooks/resend.ts';
import { MemoryTicketStore, MemoryWorkQueue, aTicket } from '#test/fakes.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const delivered = aTicket({ status: 'delivered', webhook: { status: 'delivered', attempts: 1, webhook_id: 'msg_first' } });

async function setup(ticket: Ticket) {
  const tickets = new MemoryTicketStore();
  const queue = new MemoryWorkQueue();
  await tickets.create(ticket);
  return { tickets, queue, deps: { tickets, queue, webhooks: { enabled: true }, now: () => now } };
}

describe('resendWebhook', () => {
  it('makes a new, pending delivery due now and queues it', async () => {
    const { tickets, queue, deps } = await setup(delivered);
    const resent = await resendWebhook(deps, delivered);
    if (!('webhook_id' in resent)) throw new Error(resent.message);
    expect(resent.webhook_id).toMatch(/^msg_/);
    expect(resent.webhook_id).not.toBe('msg_first');
    expect((await tickets.get(delivered.ticket))?.webhook).toEqual({
      status: 'pending',
      attempts: 0,
      webhook_id: resent.webhook_id,
      next_attempt_at: now.toISOString(),
    });
    expect(queue.webhooks).toEqual([{ ticket: delivered.ticket, webhook_id: resent.webhook_id }]);
  });

  it('refuses when webhooks are off, when the ticket is not delivered, while a delivery is pending, and when it changed meanwhile, queuing nothing', async () => {
    const { queue, deps } = await setup(delivered);
    expect(await resendWebhook({ ...deps, webhooks: { enabled: false } }, delivered)).toMatchObject({ refused: 'HOOK_DISABLED' });
    expect(await resendWebhook(deps, { ...delivered, status: 'processing' })).toMatchObject({ refused: 'NOT_DELIVERED' });
    expect(await resendWebhook(deps, { ...delivered, webhook: { ...delivered.webhook, status: 'pending' } })).toMatchObject({ refused: 'WEBHOOK_PENDING' });
    expect(await resendWebhook(deps, { ...delivered, webhook: { ...delivered.webhook, webhook_id: 'msg_stale' } })).toMatchObject({ refused: 'CONFLICT' });
    expect(queue.webhooks).toEqual([]);
  });
});
