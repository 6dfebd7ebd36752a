import { metadataView } from '#shared/domain/views.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { callers, ticketStore } from '#shared/wiring/adapters.ts';

export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    return { status: 200, message: 'Ticket metadata', data: metadataView(ticket) };
  },
  { auth: callers },
);
