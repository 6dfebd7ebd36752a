import { apiHandler } from '#shared/http/api-handler.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { noticeView } from '#shared/notices/views.ts';
import { callers, noticeStore, ticketStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/ticket/{ticket}/notices`: the notices answering the ticket's filing, oldest first. */
export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    const notices = (await noticeStore().ofTicket(ticket.ticket)).filter((notice) => notice.client_id === ticket.client_id);
    return { status: 200, message: 'Notices of the ticket', data: { ticket: ticket.ticket, notices: notices.map(noticeView) } };
  },
  { auth: callers },
);
