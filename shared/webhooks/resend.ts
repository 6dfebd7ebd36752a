// Sends a delivered ticket's webhook again, as a new delivery with its own webhook-id: asked for by
// its client (`POST /v2/ticket/{ticket}/webhooks`, or the example receiver's hook-run route on test
// stages: functions/resend-webhook.ts), or by an operator (`npm run webhooks -- resend <ticket>`).

import type { WebhookConfig } from '#shared/config.ts';
import { newWebhookId, type Ticket } from '#shared/domain/ticket.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { WorkQueue } from '#shared/ports/work-queue.ts';

export interface ResendDeps {
  tickets: TicketStore;
  queue: WorkQueue;
  webhooks: Pick<WebhookConfig, 'enabled'>;
  now?: () => Date;
}

export type Resent = { webhook_id: string } | { refused: 'HOOK_DISABLED' | 'NOT_DELIVERED' | 'WEBHOOK_PENDING' | 'CONFLICT'; message: string };

export async function resendWebhook(deps: ResendDeps, ticket: Ticket): Promise<Resent> {
  // A delivery made while webhooks are off would wait for ever: refused instead.
  if (!deps.webhooks.enabled) return { refused: 'HOOK_DISABLED', message: 'Webhooks are not enabled (HOOK_ENABLED is not true)' };
  if (ticket.status !== 'delivered') return { refused: 'NOT_DELIVERED', message: `The ticket is ${ticket.status}; only delivered tickets are notified` };
  // A new delivery would replace the one under way, whose next attempt would then find itself stale.
  if (ticket.webhook.status === 'pending')
    return { refused: 'WEBHOOK_PENDING', message: 'A delivery of this webhook is still under way; see its attempts, or try again once it has ended' };
  const webhookId = newWebhookId();
  const updated = await deps.tickets.updateWebhook(ticket.ticket, ticket.webhook.webhook_id, {
    status: 'pending',
    attempts: 0,
    webhook_id: webhookId,
    // Due now, not when the ticket was delivered: the scheduled re-drive leaves it to the queue until then.
    next_attempt_at: (deps.now?.() ?? new Date()).toISOString(),
  });
  if (!updated) return { refused: 'CONFLICT', message: 'The ticket changed meanwhile; try again' };
  await deps.queue.enqueueWebhook({ ticket: ticket.ticket, webhook_id: webhookId });
  return { webhook_id: webhookId };
}
