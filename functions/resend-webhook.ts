import { webhookConfig } from '#shared/config.ts';
import { metadataView } from '#shared/domain/views.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { deliveredOrConflict, protocolFile } from '#shared/http/delivered-ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { resendWebhook } from '#shared/webhooks/resend.ts';
import { callers, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

// The client sends its delivered ticket's webhook again: `POST /v2/ticket/{ticket}/webhooks`, and the
// example receiver's `GET /dummy/hook-run/{ticket}` on test stages (two functions, one entry).
export const handler = apiHandler(
  async (event) => {
    const ticket = deliveredOrConflict(await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId), protocolFile);
    const resent = await resendWebhook({ tickets: ticketStore(), queue: workQueue(), webhooks: webhookConfig() }, ticket);
    if ('refused' in resent) {
      // The delivery under way, to show when its next attempt is due.
      const data = resent.refused === 'WEBHOOK_PENDING' ? { status: ticket.status, webhook: metadataView(ticket).webhook } : undefined;
      throw new HttpError(409, resent.refused, resent.message, { data });
    }
    return { status: 202, message: 'Notification queued', data: { ticket: ticket.ticket, webhook_id: resent.webhook_id } };
  },
  { auth: callers },
);
