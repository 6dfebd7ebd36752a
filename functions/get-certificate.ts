import { certificateView } from '#shared/domain/certificate.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { ownedCertificate } from '#shared/http/owned-certificate.ts';
import { callers, certificateStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/certificates/{certificate_id}`: what the certificate says of itself, never the container or the PIN. */
export const handler = apiHandler(
  async (event) => {
    const record = await ownedCertificate(certificateStore(), event.pathParameters?.certificate_id, event.clientId);
    return { status: 200, message: 'Certificate', data: certificateView(record, new Date()) };
  },
  { auth: callers },
);
