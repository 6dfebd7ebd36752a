import { isTicketId, type Ticket } from '#shared/domain/ticket.ts';
import { notFound } from '#shared/http/http-error.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';

/**
 * The caller's own ticket, or 404: a malformed ID never reaches storage, and another client's
 * ticket looks exactly like one that does not exist.
 */
export async function ownedTicket(store: TicketStore, id: string | undefined, clientId: string | undefined): Promise<Ticket> {
  if (!isTicketId(id)) throw notFound('Ticket not found');
  const ticket = await store.get(id);
  if (!ticket || ticket.client_id !== clientId) throw notFound('Ticket not found');
  return ticket;
}
