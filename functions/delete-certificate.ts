import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedCertificate } from '#shared/http/owned-certificate.ts';
import { callers, certificateStore, mailboxCheckStore, ticketStore } from '#shared/wiring/adapters.ts';

/**
 * `DELETE /v2/certificates/{certificate_id}`: the container and its PIN are gone for good, but not
 * while a ticket still waits to be signed with them, or a mailbox check still fetches with them.
 */
export const handler = apiHandler(
  async (event) => {
    const { certificate_id } = await ownedCertificate(certificateStore(), event.pathParameters?.certificate_id, event.clientId);
    for await (const ticket of ticketStore().awaitingCertificate(event.clientId!, certificate_id)) {
      throw new HttpError(
        409,
        'CONFLICT',
        `Ticket ${ticket.ticket} is still ${ticket.status} and is to be signed with this certificate; delete it once that ticket has finished`,
      );
    }
    if (await mailboxCheckStore().fetching(certificate_id)) {
      throw new HttpError(409, 'CONFLICT', 'A mailbox check is still fetching notices with this certificate; delete it once that check is done');
    }
    // Deleted concurrently: gone either way, as the caller asked.
    await certificateStore().delete(event.clientId!, certificate_id);
    return { status: 200, message: 'Certificate deleted', data: { certificate_id, deleted: true } };
  },
  { auth: callers },
);
