import { describe, expect, it } from 'vitest';
import { uploadCertificate } from '#shared/certificates/upload.ts';
import { signerFor, unsealSigner } from '#shared/certificates/signer.ts';
import { CountingKeyWrapper, MemoryCertificateStore } from '#test/fakes.ts';
import { container, testPin } from '#test/support/certificates.ts';

const deps = () => ({ store: new MemoryCertificateStore(), wrapper: new CountingKeyWrapper() });

async function uploaded(d: ReturnType<typeof deps>, pin_storage: 'stored' | 'per_submission') {
  const result = await uploadCertificate(d, 'client-a', { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage });
  if (!('record' in result)) throw new Error('upload refused');
  return result.record;
}

describe('signerFor', () => {
  it("leaves a submission without certificate_id to the stage's certificate, and refuses a PIN beside it", async () => {
    expect(await signerFor(deps(), 'client-a', undefined, undefined)).toEqual({});
    expect(await signerFor(deps(), 'client-a', undefined, testPin)).toEqual({
      findings: [expect.objectContaining({ path: 'Elster-Pin', code: 'PIN_NOT_EXPECTED' })],
    });
  });

  it('keeps the certificate and its subject for a stored PIN, and nothing secret', async () => {
    const d = deps();
    const record = await uploaded(d, 'stored');
    expect(await signerFor(d, 'client-a', record.certificate_id, undefined)).toEqual({
      signer: { certificate_id: record.certificate_id, certificate_subject: record.subject },
    });
  });

  it('seals a per-submission PIN that opens the container, and refuses one that is too long', async () => {
    const d = deps();
    const record = await uploaded(d, 'per_submission');
    const signed = await signerFor(d, 'client-a', record.certificate_id, testPin);
    expect(signed.findings).toBeUndefined();
    const sealed_pin = 'signer' in signed ? signed.signer?.sealed_pin : undefined;
    const certificate = await unsealSigner(d, { client_id: 'client-a', certificate_id: record.certificate_id, sealed_pin });
    expect(certificate).toEqual({ certificate: { certificate_id: record.certificate_id, subject: record.subject, pkcs12: container('modern'), pin: testPin } });
    expect((await signerFor(d, 'client-a', record.certificate_id, 'x'.repeat(129))).findings).toEqual([expect.objectContaining({ code: 'PIN_TOO_LONG' })]);
  });

  it('refuses a certificate that has expired since its upload, and one of another client', async () => {
    const d = deps();
    const record = await uploaded(d, 'stored');
    const later = { ...d, now: () => new Date(Date.parse(record.not_after) + 1000) };
    expect((await signerFor(later, 'client-a', record.certificate_id, undefined)).findings).toEqual([
      expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_EXPIRED' }),
    ]);
    expect((await signerFor(d, 'client-b', record.certificate_id, undefined)).findings).toEqual([
      expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_UNKNOWN' }),
    ]);
  });
});
