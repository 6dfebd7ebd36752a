import { apiHandler } from '#shared/http/api-handler.ts';
import { certificatePage, certificateQuery } from '#shared/http/certificate-listing.ts';
import { callers, certificateStore } from '#shared/wiring/adapters.ts';

/** `GET /v2/certificates`: the caller's certificates, newest first, each with the days until it expires, each page within an answer's bytes. */
export const handler = apiHandler(
  async (event) => {
    const { after } = certificateQuery(event.queryStringParameters ?? {});
    const records = await certificateStore().list(event.clientId!);
    return { status: 200, message: 'Certificates', data: certificatePage(records, after, new Date()) };
  },
  { auth: callers },
);
