import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { WebhookDelivery } from '#shared/ports/work-queue.ts';

/**
 * Readies a dead-lettered delivery to be sent again: a failed one starts a fresh round of attempts
 * under the same webhook-id, so a receiver that saw an earlier attempt recognises it. A delivery
 * that meanwhile succeeded or was replaced by a newer one stays where it is: redriving twice is safe.
 */
export async function reviveDelivery(tickets: TicketStore, delivery: WebhookDelivery, now = new Date()): Promise<boolean> {
  const ticket = await tickets.get(delivery.ticket);
  const webhook = ticket?.webhook;
  if (ticket?.status !== 'delivered' || webhook?.webhook_id !== delivery.webhook_id) return false;
  if (webhook.status === 'pending') return true;
  if (webhook.status !== 'failed') return false;
  const revived = await tickets.updateWebhook(ticket.ticket, delivery.webhook_id, {
    status: 'pending',
    attempts: 0,
    webhook_id: delivery.webhook_id,
    // Due as soon as it is back in the queue; the scheduled re-drive leaves it to the queue until then.
    next_attempt_at: now.toISOString(),
  });
  return !!revived;
}
