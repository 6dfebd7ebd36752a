import { createHash } from 'node:crypto';
import { apiHandler } from '#shared/http/api-handler.ts';
import { deliveredOrConflict, prefers, protocolFile } from '#shared/http/delivered-ticket.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { callers, protocolStore, ticketStore } from '#shared/wiring/adapters.ts';

// Serves both /v2/protocol and /v2/response: for either kind they are the same document.
export const handler = apiHandler(
  async (event) => {
    const ticket = await ownedTicket(ticketStore(), event.pathParameters?.ticket, event.clientId);
    const { file_name: fileName } = deliveredOrConflict(ticket, protocolFile);
    const pdf = await (await protocolStore()).get(ticket.ticket, fileName);
    if (!pdf) throw new Error('protocol missing for a delivered ticket');
    if (prefers(event.headers?.accept, 'application/pdf')) {
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
