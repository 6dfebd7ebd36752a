// `steuerbote list`: the client's tickets, newest first, filtered by the service (GET /v2/tickets).
import type { Steuerbote } from '../client.ts';
import { SteuerboteError } from '../errors.ts';
import type { TicketListQuery, TicketMetadata } from '../types.ts';
import { jsonText } from './json-output.ts';
import type { Io } from './submit.ts';
import { table } from './table.ts';
import { UsageError } from './usage-error.ts';

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

/** The query parameter each flag fills, so the service's word for a bad value is told as the flag typed. */
const flagOf: Record<string, { flag: string; value: keyof ListRequest }> = {
  kind: { flag: '--kind', value: 'kind' },
  status: { flag: '--status', value: 'status' },
  client_reference: { flag: '--reference', value: 'reference' },
  created_after: { flag: '--since', value: 'since' },
  created_before: { flag: '--until', value: 'until' },
};

function inFlagWords(error: unknown, request: ListRequest): unknown {
  if (!(error instanceof SteuerboteError) || error.status !== 400) return error;
  const detail = error.details.find((finding) => finding.path && finding.path in flagOf);
  if (!detail?.path) return error;
  const { flag, value } = flagOf[detail.path]!;
  const said = detail.message.startsWith(`${detail.path} `) ? detail.message.slice(detail.path.length + 1) : detail.message;
  return new UsageError(`${flag} ${said}, not ${JSON.stringify(request[value])}`);
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
  const tickets: TicketMetadata[] = [];
  let more = false;
  try {
    for await (const ticket of client.allTickets(query)) {
      if (tickets.length === request.limit) {
        more = true;
        break;
      }
      tickets.push(ticket);
    }
  } catch (error) {
    throw inFlagWords(error, request);
  }
  if (io.json) io.stdout.write(await jsonText(tickets, io.json, ticketFields));
  else if (tickets.length === 0) io.stdout.write('no tickets match\n');
  else {
    const rows = tickets.map((t) => [t.ticket, t.kind, t.status, period(t), t.created_at.slice(0, 19).replace('T', ' '), t.client_reference ?? '']);
    io.stdout.write(table(['TICKET', 'KIND', 'STATUS', 'PERIOD', 'CREATED (UTC)', 'REFERENCE'], rows));
  }
  if (more) io.stderr.write(`more tickets match than the ${request.limit} shown: raise --limit, or narrow with --since/--until\n`);
  return 0;
}
