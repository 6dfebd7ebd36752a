// `steuerbote list`: the client's tickets, newest first, filtered by the service (GET /v2/tickets).
import type { Steuerbote } from '../client.ts';
import type { TicketListQuery, TicketMetadata } from '../types.ts';
import { inFlagWords, type FlagsOf } from './flag-words.ts';
import { jsonText } from './json-output.ts';
import type { Io } from './submit.ts';
import { table } from './table.ts';

export interface ListRequest {
  kind?: string;
  status?: string;
  reference?: string;
  /** Created at or after: a date or an ISO time. */
  since?: string;
  /** Created before. */
  until?: string;
  /** How many to show at most. */
  limit: number;
}

/** The most one page of the service holds. */
export const pageLimit = 200;

/** Every field a ticket's metadata can have, for --json-fields to check even when no ticket matches. */
const every: Record<keyof TicketMetadata, true> = {
  ticket: true,
  kind: true,
  status: true,
  test: true,
  year: true,
  type: true,
  period: true,
  tax_number: true,
  tax_office: true,
  vat_id: true,
  datenart_version: true,
  client_reference: true,
  certificate_id: true,
  certificate_subject: true,
  created_at: true,
  updated_at: true,
  delivered_at: true,
  transfer_ticket: true,
  received_at: true,
  file_name: true,
  file_size: true,
  file_sha256: true,
  attempts: true,
  error: true,
  transmitted: true,
  webhook: true,
};
export const ticketFields = Object.keys(every);

/**
 * The first `limit` items, and whether there were more; no page beyond is asked for. The service's
 * refusal of a parameter is told by the flag in `flags` that filled it.
 */
export async function upTo<T>(all: AsyncIterable<T>, limit: number, flags: FlagsOf): Promise<{ items: T[]; more: boolean }> {
  const items: T[] = [];
  try {
    for await (const item of all) {
      if (items.length === limit) return { items, more: true };
      items.push(item);
    }
  } catch (error) {
    throw inFlagWords(error, flags);
  }
  return { items, more: false };
}

const period = (t: TicketMetadata) => (t.period ? `${t.year}-${t.period}` : String(t.year));

export async function list(client: Steuerbote, request: ListRequest, io: Io): Promise<number> {
  const query = {
    ...(request.kind && { kind: request.kind.toLowerCase() }),
    ...(request.status && { status: request.status }),
    ...(request.reference !== undefined && { client_reference: request.reference }),
    ...(request.since && { created_after: request.since }),
    ...(request.until && { created_before: request.until }),
    limit: Math.min(request.limit, pageLimit),
  } as Omit<TicketListQuery, 'cursor'>;
  const { items: tickets, more } = await upTo(client.allTickets(query), request.limit, {
    kind: ['--kind', request.kind],
    status: ['--status', request.status],
    client_reference: ['--reference', request.reference],
    created_after: ['--since', request.since],
    created_before: ['--until', request.until],
  });
  if (io.json) io.stdout.write(await jsonText(tickets, io.json, ticketFields));
  else if (tickets.length === 0) io.stdout.write('no tickets match\n');
  else {
    const rows = tickets.map((t) => [t.ticket, t.kind, t.status, period(t), t.created_at.slice(0, 19).replace('T', ' '), t.client_reference ?? '']);
    io.stdout.write(table(['TICKET', 'KIND', 'STATUS', 'PERIOD', 'CREATED (UTC)', 'REFERENCE'], rows));
  }
  if (more) io.stderr.write(`more tickets match than the ${request.limit} shown: raise --limit, or narrow with --since/--until\n`);
  return 0;
}
