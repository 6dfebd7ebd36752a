import { describe, expect, it, vi } from 'vitest';
import type { Ticket, WebhookState } from '#shared/domain/ticket.ts';
import { reviveDelivery } from '#shared/webhooks/revive.ts';
import { MemoryTicketStore, aTicket, validTicketId as id } from '#test/fakes.ts';

const delivery = { ticket: id, webhook_id: 'msg_current' };
const now = new Date('2026-11-23T08:00:00.000Z');

const exhausted: WebhookState = {
  status: 'failed',
  attempts: 8,
  webhook_id: 'msg_current',
  last_attempt_at: '2026-11-22T20:00:00.000Z',
  last_response_status: 503,
  failure_reason: 'MAX_ATTEMPTS',
};

async function setup(overrides: Partial<Ticket>) {
  const tickets = new MemoryTicketStore();
  const ticket = aTicket({ status: 'delivered', file_name: 'p.pdf', webhook: exhausted, ...overrides });
  await tickets.create(ticket);
  const stored = async () => (await tickets.get(id))!;
  return { tickets, before: await stored(), stored };
}

describe('reviveDelivery', () => {
  it('starts a failed delivery over under the same webhook ID, due now, with nothing left of the last round', async () => {
    const { tickets, before, stored } = await setup({});
    expect(await reviveDelivery(tickets, delivery, now)).toBe(true);
    expect(await stored()).toEqual({
      ...before,
      webhook: { status: 'pending', attempts: 0, webhook_id: 'msg_current', next_attempt_at: now.toISOString() },
    });
  });

  it('agrees to a delivery that is still pending, changing nothing', async () => {
    // SQS itself dead-letters a message received too often, before its ticket is marked failed.
    const { tickets, before, stored } = await setup({ webhook: { status: 'pending', attempts: 3, webhook_id: 'msg_current' } });
    expect(await reviveDelivery(tickets, delivery)).toBe(true);
    expect(await stored()).toEqual(before);
  });

  it.each<[string, Partial<Ticket>]>([
    ['that meanwhile was delivered', { webhook: { status: 'delivered', attempts: 2, webhook_id: 'msg_current' } }],
    ['replaced by a newer one', { webhook: { ...exhausted, webhook_id: 'msg_newer' } }],
    ['of a ticket whose webhooks are off', { webhook: { status: 'disabled', attempts: 0 } }],
    ['of a ticket not delivered', { status: 'failed' }],
  ])('refuses a delivery %s, changing nothing', async (_, overrides) => {
    const { tickets, before, stored } = await setup(overrides);
    expect(await reviveDelivery(tickets, delivery)).toBe(false);
    expect(await stored()).toEqual(before);
  });

  it('refuses a delivery of a ticket that is gone', async () => {
    const { tickets } = await setup({});
    expect(await reviveDelivery(tickets, { ticket: 'tk_BBBBBBBBBBBBBBBBBBBBBB', webhook_id: 'msg_current' })).toBe(false);
    expect(tickets.tickets.size).toBe(1);
  });

  it('is safe to call twice: the second call leaves the fresh round alone', async () => {
    const { tickets, stored } = await setup({});
    expect(await reviveDelivery(tickets, delivery, now)).toBe(true);
    const revived = await stored();
    expect(await reviveDelivery(tickets, delivery)).toBe(true);
    expect(await stored()).toEqual(revived);
    expect(revived.webhook).toEqual({ status: 'pending', attempts: 0, webhook_id: 'msg_current', next_attempt_at: now.toISOString() });
  });

  it('refuses when the delivery is replaced between reading and reviving', async () => {
    const { tickets, stored } = await setup({});
    const read = tickets.get.bind(tickets);
    vi.spyOn(tickets, 'get').mockImplementation(async (ticket) => {
      const seen = await read(ticket);
      // Someone else changes the delivery meanwhile: the conditional update must not overwrite that.
      await tickets.updateWebhook(id, 'msg_current', { status: 'pending', attempts: 0, webhook_id: 'msg_newer' });
      return seen;
    });
    expect(await reviveDelivery(tickets, delivery)).toBe(false);
    expect((await stored()).webhook).toEqual({ status: 'pending', attempts: 0, webhook_id: 'msg_newer' });
  });
});
