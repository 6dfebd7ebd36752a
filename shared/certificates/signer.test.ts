import { describe, expect, it } from 'vitest';
import { uploadCertificate } from '#shared/certificates/upload.ts';
import { signerFor, unsealSigner } from '#shared/certificates/signer.ts';
import { CountingKeyWrapper, MemoryCertificateStore } from '#test/fakes.ts';
import { keptTheOldWay } from '#test/support/sealed-before.ts';
import { container, forgeContainer, testPin } from '#test/support/certificates.ts';

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
    const signed = await signerFor(d, 'client-a', record.certificate_id, undefined);
    expect(signed.findings).toBeUndefined();
    expect(await signed.signer?.('tk_1')).toEqual({ certificate_id: record.certificate_id, certificate_subject: record.subject });
  });

  it('seals a per-submission PIN that opens the container for its ticket alone, and refuses one that is too long', async () => {
    const d = deps();
    const record = await uploaded(d, 'per_submission');
    const signed = await signerFor(d, 'client-a', record.certificate_id, testPin);
    expect(signed.findings).toBeUndefined();
    const { sealed_pin } = (await signed.signer?.('tk_1'))!;
    const ticket = { ticket: 'tk_1', client_id: 'client-a', certificate_id: record.certificate_id, sealed_pin };
    expect(await unsealSigner(d, ticket)).toEqual({
      certificate: { certificate_id: record.certificate_id, subject: record.subject, pkcs12: container('modern'), pin: testPin },
    });
    expect(await unsealSigner(d, { ...ticket, ticket: 'tk_2' })).toEqual({ refused: expect.objectContaining({ code: 'CERTIFICATE_SEAL_BROKEN' }) });
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

  it.each(['stored', 'per_submission'] as const)(
    'refuses a %s certificate copied into another client’s record, since its secrets do not open there',
    async (pinStorage) => {
      const d = deps();
      const record = await uploaded(d, pinStorage);
      await d.store.create({ ...record, client_id: 'client-b' });
      const pin = pinStorage === 'stored' ? undefined : testPin;
      // A stored PIN is first opened at transmission (below); a per-submission one is tried on the container now.
      if (pinStorage === 'per_submission') {
        expect((await signerFor(d, 'client-b', record.certificate_id, pin)).findings).toEqual([
          expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_SEAL_BROKEN' }),
        ]);
      }
      const ticket = { ticket: 'tk_1', client_id: 'client-b', certificate_id: record.certificate_id };
      const sealed_pin =
        pinStorage === 'stored' ? undefined : (await (await signerFor(d, 'client-a', record.certificate_id, pin)).signer?.('tk_1'))?.sealed_pin;
      expect(await unsealSigner(d, { ...ticket, sealed_pin })).toEqual({
        refused: { code: 'CERTIFICATE_SEAL_BROKEN', message: expect.stringContaining(record.certificate_id) },
      });
    },
  );

  it('opens the secrets of a certificate sealed before they were bound, and seals them again bound to it, once', async () => {
    const d = deps();
    const record = await uploaded(d, 'stored');
    await keptTheOldWay(d.store, d.wrapper.file, record, { container: container('modern'), pin: testPin });
    const signed = await signerFor(d, 'client-a', record.certificate_id, undefined);
    expect(signed.findings).toBeUndefined();
    const kept = (await d.store.get('client-a', record.certificate_id))!;
    expect([kept.container.version, kept.pin?.version]).toEqual([2, 2]);
    const unwraps = d.wrapper.unwraps;
    await signerFor(d, 'client-a', record.certificate_id, undefined);
    expect(d.wrapper.unwraps).toBe(unwraps);
    expect(await unsealSigner(d, { ticket: 'tk_1', client_id: 'client-a', certificate_id: record.certificate_id })).toMatchObject({
      certificate: { pkcs12: container('modern'), pin: testPin },
    });
  });

  it('seals a per-submission certificate sealed the old way again only once the PIN its submission brings opens it', async () => {
    const d = deps();
    const record = await uploaded(d, 'per_submission');
    await keptTheOldWay(d.store, d.wrapper.file, record, { container: container('modern') });
    expect((await signerFor(d, 'client-a', record.certificate_id, '999999')).findings).toEqual([expect.objectContaining({ code: 'CERTIFICATE_PIN_WRONG' })]);
    expect((await d.store.get('client-a', record.certificate_id))!.container.version).toBeUndefined();
    expect((await signerFor(d, 'client-a', record.certificate_id, testPin)).findings).toBeUndefined();
    expect((await d.store.get('client-a', record.certificate_id))!.container.version).toBe(2);
  });

  it.each(['stored', 'per_submission'] as const)(
    'refuses a %s certificate whose container, sealed the old way, was copied from another certificate’s record, binding nothing',
    async (pinStorage) => {
      const d = deps();
      const own = await uploadCertificate(d, 'client-b', { pkcs12: forgeContainer().toString('base64'), pin: testPin, pin_storage: pinStorage });
      if (!('record' in own)) throw new Error('upload refused');
      const copied = await keptTheOldWay(d.store, d.wrapper.file, own.record, {
        container: container('modern'),
        ...(pinStorage === 'stored' && { pin: testPin }),
      });
      const pin = pinStorage === 'stored' ? undefined : testPin;
      expect((await signerFor(d, 'client-b', own.record.certificate_id, pin)).findings).toEqual([
        expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_SEAL_BROKEN' }),
      ]);
      expect((await d.store.get('client-b', own.record.certificate_id))!.container).toEqual(copied.container);
    },
  );
});
