import { webhookConfig } from '#shared/config.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { resendWebhook } from '#shared/webhooks/resend.ts';
import { callers, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

// The example receiver's `/dummy/hook-run/{ticket}`: the client sends its ticket's notification again.
export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    const resent = await resendWebhook({ tickets: ticketStore(), queue: workQueue(), webhooks: webhookConfig() }, ticket);
    if ('refused' in resent) {
      // Kept from before the operator command: a ticket not yet delivered has no protocol to send.
      const code = resent.refused === 'NOT_DELIVERED' ? 'PROTOCOL_NOT_READY' : resent.refused;
      throw new HttpError(409, code, resent.message, resent.refused === 'NOT_DELIVERED' ? { data: { status: ticket.status } } : {});
    }
    return { status: 202, message: 'Notification queued', data: { ticket: ticket.ticket, webhook_id: resent.webhook_id } };
  },
  { auth: callers },
);
