import { apiHandler } from '#shared/http/api-handler.ts';
import { eventPage, eventRequest } from '#shared/http/event-listing.ts';
import { callers, eventStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/events`: the caller's events, newest first, page by page; with `after`, what followed, waiting up to `wait` seconds for it. */
export const handler = apiHandler(
  async (event) => {
    const clientId = event.clientId!;
    const request = eventRequest(event.queryStringParameters ?? {}, clientId);
    return { status: 200, message: 'Events', data: await eventPage(eventStore(), clientId, request) };
  },
  { auth: callers },
);
