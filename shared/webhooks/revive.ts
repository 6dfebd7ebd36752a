import type { WebhookState } from '#shared/domain/ticket.ts';
import type { NoticeStore } from '#shared/ports/notice-store.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { NoticeDelivery, TicketDelivery } from '#shared/ports/work-queue.ts';

/**
 * Readies a dead-lettered delivery to be sent again: a failed one starts a fresh round of attempts
 * under the same webhook-id, so a receiver that saw an earlier attempt recognises it. A delivery
 * that meanwhile succeeded or was replaced by a newer one stays where it is: redriving twice is safe.
 */
export async function reviveDelivery(tickets: TicketStore, delivery: TicketDelivery, now = new Date()): Promise<boolean> {
  const ticket = await tickets.get(delivery.ticket);
  if (ticket?.status !== 'delivered') return false;
  return revive(ticket.webhook, delivery.webhook_id, now, (state) => tickets.updateWebhook(ticket.ticket, delivery.webhook_id, state));
}

/** `reviveDelivery` for a notice's `notice.available`. */
export async function reviveNoticeDelivery(notices: Pick<NoticeStore, 'get' | 'updateWebhook'>, delivery: NoticeDelivery, now = new Date()): Promise<boolean> {
  const notice = await notices.get(delivery.notice);
  return revive(notice?.webhook, delivery.webhook_id, now, (state) => notices.updateWebhook(delivery.notice, delivery.webhook_id, state));
}

async function revive(webhook: WebhookState | undefined, webhookId: string, now: Date, update: (state: WebhookState) => Promise<unknown>): Promise<boolean> {
  if (webhook?.webhook_id !== webhookId) return false;
  if (webhook.status === 'pending') return true;
  if (webhook.status !== 'failed') return false;
  const revived = await update({
    status: 'pending',
    attempts: 0,
    webhook_id: webhookId,
    // Due as soon as it is back in the queue; the scheduled re-drive leaves it to the queue until then.
    next_attempt_at: now.toISOString(),
  });
  return !!revived;
}
