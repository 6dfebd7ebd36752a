import { metadataView } from '#shared/domain/views.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { nextCursor, ticketQuery } from '#shared/http/ticket-listing.ts';
import { callers, ticketStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/tickets`: the caller's tickets, newest first, page by page, each as `GET /v2/ticket/{ticket}` shows it. */
export const handler = apiHandler(
  async (event) => {
    const clientId = event.clientId!;
    const query = await ticketQuery(event.queryStringParameters ?? {}, clientId, ticketStore());
    const page = await ticketStore().list(clientId, query);
    return { status: 200, message: 'Tickets', data: { tickets: page.tickets.map(metadataView), next_cursor: nextCursor(page) } };
  },
  { auth: callers },
);
