import { apiHandler } from '#shared/http/api-handler.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { callers, ticketStore, webhookAttemptStore } from '#shared/wiring/adapters.ts';

export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    const attempts = await webhookAttemptStore().list(ticket.ticket, new Date());
    return { status: 200, message: 'Webhook attempts', data: { ticket: ticket.ticket, attempts } };
  },
  { auth: callers },
);
