import { apiHandler } from '#shared/http/api-handler.ts';
import { listTickets } from '#shared/http/ticket-listing.ts';
import { callers, ticketStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/tickets`: the caller's tickets, newest first, page by page, each as `GET /v2/ticket/{ticket}` shows it, each page within an answer's bytes. */
export const handler = apiHandler(
  async (event) => ({ status: 200, message: 'Tickets', data: await listTickets(event.queryStringParameters ?? {}, event.clientId!, ticketStore()) }),
  { auth: callers },
);
