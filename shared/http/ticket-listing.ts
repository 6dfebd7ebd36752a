// The query of `GET /v2/tickets`, its page and its cursor. A cursor names the caller's ticket the
// previous page ended with; it is honoured only after that ticket is read and found to be the
// caller's, so a cursor made by another client, or altered, reads nothing and is refused. It needs
// no key of its own, and a listing only ever queries the caller's partition of the index anyway.

import { isTicketId, type Ticket, type TicketStatus } from '#shared/domain/ticket.ts';
import { metadataView } from '#shared/domain/views.ts';
import { answerPage, badListRequest, cursorId, invalidCursor, refuseUnknownParameters } from '#shared/http/list-page.ts';
import { kinds } from '#shared/forms/registry.ts';
import type { TicketPage, TicketQuery, TicketStore } from '#shared/ports/ticket-store.ts';

export const listLimit = { default: 50, max: 200 } as const;
export const listStatuses: readonly TicketStatus[] = ['queued', 'processing', 'delivered', 'rejected', 'failed'];
const parameters = ['limit', 'cursor', 'kind', 'status', 'client_reference', 'created_after', 'created_before'] as const;
const isoTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The caller's query, every parameter checked; the cursor's ticket read to be sure it is the caller's. */
async function ticketQuery(params: Record<string, string | undefined>, clientId: string, store: TicketStore): Promise<TicketQuery> {
  refuseUnknownParameters(params, parameters);
  const query: TicketQuery = { limit: limitOf(params.limit) };
  if (params.kind !== undefined) query.kind = oneOf(params.kind, kinds, 'kind');
  if (params.status !== undefined) query.status = oneOf(params.status, listStatuses, 'status');
  if (params.client_reference !== undefined) query.client_reference = params.client_reference;
  if (params.created_after !== undefined) query.created_after = timeOf(params.created_after, 'created_after');
  if (params.created_before !== undefined) query.created_before = timeOf(params.created_before, 'created_before');
  if (params.cursor !== undefined) query.after = await cursorTicket(params.cursor, clientId, query, store);
  return query;
}

/**
 * The page as the caller gets it: each ticket as `GET /v2/ticket/{ticket}` shows it, as many as fit
 * in one answer, and where the next page starts (null after the last): after the last ticket shown.
 */
export const ticketPage = (page: TicketPage) => answerPage('tickets', page, metadataView, (ticket) => ticket.ticket);

/** `GET /v2/tickets`: one page of the caller's tickets that match the query, as the caller gets it. */
export async function listTickets(params: Record<string, string | undefined>, clientId: string, store: TicketStore) {
  return ticketPage(await store.list(clientId, await ticketQuery(params, clientId, store)));
}

export function limitOf(value: string | undefined): number {
  if (value === undefined) return listLimit.default;
  const limit = /^\d{1,3}$/.test(value) ? Number(value) : 0;
  if (limit < 1 || limit > listLimit.max) throw badListRequest('limit', 'LIMIT_INVALID', `limit must be a whole number from 1 to ${listLimit.max}`);
  return limit;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw badListRequest(name, 'FILTER_INVALID', `${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** As the tickets keep it (`toISOString`), so that comparing the strings compares the times. */
export function timeOf(value: string, name: string): string {
  const time = isoTime.test(value) ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime())) {
    throw badListRequest(name, 'FILTER_INVALID', `${name} must be an ISO 8601 date or time, such as 2026-11-01 or 2026-11-01T00:00:00Z`);
  }
  return time.toISOString();
}

async function cursorTicket(cursor: string, clientId: string, query: TicketQuery, store: TicketStore): Promise<Pick<Ticket, 'ticket' | 'created_at'>> {
  const id = cursorId(cursor, isTicketId);
  const ticket = id === undefined ? undefined : await store.get(id);
  // Outside the time filters the cursor was not made with them: the page would start elsewhere than it ended.
  const fits =
    ticket?.client_id === clientId &&
    (!query.created_after || ticket.created_at >= query.created_after) &&
    (!query.created_before || ticket.created_at < query.created_before);
  if (!ticket || !fits) throw invalidCursor();
  return { ticket: ticket.ticket, created_at: ticket.created_at };
}
