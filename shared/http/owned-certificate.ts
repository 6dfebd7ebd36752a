import { certificateIdPattern, type CertificateRecord } from '#shared/domain/certificate.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';

/** The caller's certificate of that ID; anything else, another client's included, is 404 alike. */
export async function ownedCertificate(store: CertificateStore, id: string | undefined, clientId: string | undefined): Promise<CertificateRecord> {
  const record = id && clientId && certificateIdPattern.test(id) ? await store.get(clientId, id) : undefined;
  if (!record) throw new HttpError(404, 'NOT_FOUND', 'No such certificate');
  return record;
}
