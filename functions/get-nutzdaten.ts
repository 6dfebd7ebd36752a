import { nutzdatenFileName } from '#shared/domain/ticket.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { deliveredOrConflict, nutzdatenFile, prefers } from '#shared/http/delivered-ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import { callers, protocolStore, ticketStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/ticket/{ticket}/nutzdaten`: the Nutzdaten a delivered ticket was transmitted with. */
export const handler = apiHandler(
  async (event) => {
    const ticket = deliveredOrConflict(await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId), nutzdatenFile);
    const fileName = nutzdatenFileName(ticket);
    // Tickets delivered before the Nutzdaten were kept have only their protocol. The ticket does not
    // say which, and S3 refuses a file that is not there as it would one the function may not read
    // (it may not list the bucket): a delivered ticket's file that S3 refuses is taken for not kept.
    const xml = await (await protocolStore()).get(ticket.ticket, fileName).catch((error: unknown) => {
      if (error instanceof MissingOrRefused) return undefined;
      throw error;
    });
    if (!xml) throw new HttpError(404, 'NOT_FOUND', 'The transmitted Nutzdaten of this ticket are not kept: it was delivered before they were');
    if (prefers(event.headers?.accept, 'application/xml')) {
      return { status: 200, raw: xml, contentType: 'application/xml; charset=utf-8', headers: { 'content-disposition': `attachment; filename="${fileName}"` } };
    }
    return {
      status: 200,
      message: 'Transmitted Nutzdaten',
      data: {
        ticket: ticket.ticket,
        kind: ticket.kind,
        datenart_version: ticket.datenart_version,
        file_name: fileName,
        content_type: 'application/xml',
        nutzdaten: Buffer.from(xml).toString('utf8'),
      },
    };
  },
  { auth: callers },
);
