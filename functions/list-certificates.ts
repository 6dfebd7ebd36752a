import { certificateView } from '#shared/domain/certificate.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { callers, certificateStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/certificates`: the caller's certificates, newest first, each with the days until it expires. */
export const handler = apiHandler(
  async (event) => {
    const now = new Date();
    const records = await certificateStore().list(event.clientId!);
    return { status: 200, message: 'Certificates', data: { certificates: records.map((record) => certificateView(record, now)) } };
  },
  { auth: callers },
);
