import { apiHandler } from '#shared/http/api-handler.ts';
import { ticketPage, ticketQuery } from '#shared/http/ticket-listing.ts';
import { callers, ticketStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/tickets`: the caller's tickets, newest first, page by page, each as `GET /v2/ticket/{ticket}` shows it, each page within an answer's bytes. */
export const handler = apiHandler(
  async (event) => {
    const clientId = event.clientId!;
    const query = await ticketQuery(event.queryStringParameters ?? {}, clientId, ticketStore());
    return { status: 200, message: 'Tickets', data: ticketPage(await ticketStore().list(clientId, query)) };
  },
  { auth: callers },
);
