// `steuerbote list`: the client's tickets, newest first, filtered by the service (GET /v2/tickets).
import type { Steuerbote } from '../client.ts';
import type { TicketListQuery, TicketMetadata } from '../types.ts';
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
const pageLimit = 200;

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
  const tickets: TicketMetadata[] = [];
  let more = false;
  for await (const ticket of client.allTickets(query)) {
    if (tickets.length === request.limit) {
      more = true;
      break;
    }
    tickets.push(ticket);
  }
  if (io.json) io.stdout.write(`${JSON.stringify(tickets, null, 2)}\n`);
  else if (tickets.length === 0) io.stdout.write('no tickets match\n');
  else {
    const rows = tickets.map((t) => [t.ticket, t.kind, t.status, period(t), t.created_at.slice(0, 19).replace('T', ' '), t.client_reference ?? '']);
    io.stdout.write(table(['TICKET', 'KIND', 'STATUS', 'PERIOD', 'CREATED (UTC)', 'REFERENCE'], rows));
  }
  if (more) io.stderr.write(`more tickets match than the ${request.limit} shown: raise --limit, or narrow with --since/--until\n`);
  return 0;
}
