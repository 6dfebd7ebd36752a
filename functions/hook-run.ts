import { webhookConfig } from '#shared/config.ts';
import { newWebhookId } from '#shared/domain/ticket.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { callers, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

// Sends the delivered-notification for one ticket again, as a new delivery with its own webhook-id.
export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    if (!webhookConfig().enabled) throw new HttpError(409, 'HOOK_DISABLED', 'Webhooks are not enabled (HOOK_ENABLED is not true)');
    if (ticket.status !== 'delivered') {
      throw new HttpError(409, 'PROTOCOL_NOT_READY', `The ticket is ${ticket.status}; only delivered tickets are notified`, {
        data: { status: ticket.status },
      });
    }
    const webhookId = newWebhookId();
    const updated = await ticketStore().updateWebhook(ticket.ticket, ticket.webhook.webhook_id, {
      status: 'pending',
      attempts: 0,
      webhook_id: webhookId,
      // Due now, not when the ticket was delivered: the scheduled re-drive leaves it to the queue until then.
      next_attempt_at: new Date().toISOString(),
    });
    if (!updated) throw new HttpError(409, 'CONFLICT', 'The ticket changed meanwhile; try again');
    await workQueue().enqueueWebhook({ ticket: ticket.ticket, webhook_id: webhookId });
    return { status: 202, message: 'Notification queued', data: { ticket: ticket.ticket, webhook_id: webhookId } };
  },
  { auth: callers },
);
