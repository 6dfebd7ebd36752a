import { apiHandler } from '#shared/http/api-handler.ts';
import { ownedCertificate } from '#shared/http/owned-certificate.ts';
import { callers, certificateStore } from '#shared/wiring/adapters.ts';

/** `DELETE /v2/certificates/{certificate_id}`: the container and its PIN are gone for good. */
export const handler = apiHandler(
  async (event) => {
    const { certificate_id } = await ownedCertificate(certificateStore(), event.pathParameters?.certificate_id, event.clientId);
    // Deleted concurrently: gone either way, as the caller asked.
    await certificateStore().delete(event.clientId!, certificate_id);
    return { status: 200, message: 'Certificate deleted', data: { certificate_id, deleted: true } };
  },
  { auth: callers },
);
