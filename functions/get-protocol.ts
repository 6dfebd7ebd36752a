import { createHash } from 'node:crypto';
import type { Ticket } from '#shared/domain/ticket.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { callers, protocolStore, ticketStore } from '#shared/wiring/adapters.ts';

// Serves both /v2/protocol and /v2/response: for either kind they are the same document.
export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    const { file_name: fileName } = deliveredOrConflict(ticket);
    const pdf = await protocolStore().get(ticket.ticket, fileName);
    if (!pdf) throw new Error('protocol missing for a delivered ticket');
    if (wantsPdf(event.headers?.accept)) {
      return {
        status: 200,
        raw: pdf,
        contentType: 'application/pdf',
        headers: {
          'content-disposition': `attachment; filename="${fileName}"`,
          etag: `"${createHash('sha256').update(pdf).digest('hex')}"`,
        },
      };
    }
    return {
      status: 200,
      message: 'Transfer protocol',
      data: {
        ticket: ticket.ticket,
        transfer_ticket: ticket.transfer_ticket,
        file_name: fileName,
        content_type: 'application/pdf',
        file_size: pdf.length,
        file_content: Buffer.from(pdf).toString('base64'),
      },
    };
  },
  { auth: callers },
);

function deliveredOrConflict(ticket: Ticket): Ticket & { file_name: string } {
  if (ticket.status === 'delivered' && ticket.file_name) return ticket as Ticket & { file_name: string };
  const finished = ticket.status === 'rejected' || ticket.status === 'failed';
  throw new HttpError(
    409,
    finished ? 'CONFLICT' : 'PROTOCOL_NOT_READY',
    finished ? `There is no protocol: the ticket is ${ticket.status}` : `The protocol is not ready yet: the ticket is ${ticket.status}`,
    {
      details: ticket.error?.details,
      data: { status: ticket.status, ...(ticket.error && { error: ticket.error }) },
    },
  );
}

/** JSON stays the default; the raw PDF only for a caller that prefers it over JSON. */
function wantsPdf(accept: string | undefined): boolean {
  if (!accept) return false;
  const weights = new Map(
    accept.split(',').map((part) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [type.trim(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const pdf = weights.get('application/pdf') ?? 0;
  const json = Math.max(weights.get('application/json') ?? 0, weights.get('*/*') ?? 0, weights.get('application/*') ?? 0);
  return pdf > 0 && pdf >= json;
}
