import type { Ticket } from '#shared/domain/ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';

/** What a delivered ticket keeps: its protocol, and the Nutzdaten it was sent with. */
export type DeliveredFile = { what: string; notReadyCode: string };

export const protocolFile: DeliveredFile = { what: 'protocol', notReadyCode: 'PROTOCOL_NOT_READY' };
export const nutzdatenFile: DeliveredFile = { what: 'transmitted Nutzdaten', notReadyCode: 'NOT_TRANSMITTED_YET' };

/** The ticket once delivered; before, 409 saying why there is no such file (yet). */
export function deliveredOrConflict(ticket: Ticket, file: DeliveredFile): Ticket & { file_name: string } {
  if (ticket.status === 'delivered' && ticket.file_name) return { ...ticket, file_name: ticket.file_name };
  const finished = ticket.status === 'rejected' || ticket.status === 'failed';
  throw new HttpError(
    409,
    finished ? 'CONFLICT' : file.notReadyCode,
    finished ? `There is no ${file.what}: the ticket is ${ticket.status}` : `The ${file.what} is not ready yet: the ticket is ${ticket.status}`,
    {
      details: ticket.error?.details,
      data: { status: ticket.status, ...(ticket.error && { error: ticket.error }) },
    },
  );
}

/** JSON stays the default; `type` only for a caller that prefers it over JSON. */
export function prefers(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  const weights = new Map(
    accept.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name.trim(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const wanted = weights.get(type) ?? 0;
  const json = Math.max(weights.get('application/json') ?? 0, weights.get('*/*') ?? 0, weights.get('application/*') ?? 0);
  return wanted > 0 && wanted >= json;
}
