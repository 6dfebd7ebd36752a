import { certificateView } from '#shared/domain/certificate.ts';
import { uploadCertificate } from '#shared/certificates/upload.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { callers, certificateStore, keyWrapper } from '#shared/wiring/adapters.ts';

/** `POST /v2/certificates`: keeps a client's ELSTER certificate, sealed, once it opens with its PIN. */
export const handler = apiHandler(
  async (event) => {
    const uploaded = await uploadCertificate({ store: certificateStore(), wrapper: keyWrapper() }, event.clientId!, event.json);
    if ('findings' in uploaded) throw new HttpError(422, 'VALIDATION_FAILED', 'The certificate cannot be used', { details: uploaded.findings });
    const { certificate_id } = uploaded.record;
    return {
      status: 201,
      message: 'Certificate stored',
      data: certificateView(uploaded.record, new Date()),
      headers: { location: `/v2/certificates/${certificate_id}` },
    };
  },
  { auth: callers, json: true },
);
