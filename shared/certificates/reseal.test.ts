import { afterEach, describe, expect, it, vi } from 'vitest';
import { resealAll } from '#shared/certificates/reseal.ts';
import { uploadCertificate } from '#shared/certificates/upload.ts';
import type { PinStorage } from '#shared/domain/certificate.ts';
import { logger } from '#shared/logger.ts';
import { container, forgeContainer, testPin } from '#test/support/certificates.ts';
import { CountingKeyWrapper, MemoryCertificateStore } from '#test/fakes.ts';
import { keptTheOldWay } from '#test/support/sealed-before.ts';

const deps = () => ({ store: new MemoryCertificateStore(), wrapper: new CountingKeyWrapper(), metrics: { addMetric: vi.fn() } });

async function uploaded(d: ReturnType<typeof deps>, pin_storage: PinStorage) {
  const result = await uploadCertificate(d, 'client-a', { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage });
  if (!('record' in result)) throw new Error('upload refused');
  return result.record;
}

const logged = () => ({ info: vi.spyOn(logger, 'info'), error: vi.spyOn(logger, 'error').mockImplementation(() => undefined) });

afterEach(() => vi.restoreAllMocks());

describe('resealAll', () => {
  it('seals again each certificate sealed the old way, counts one that does not open, and goes on past it', async () => {
    const d = deps();
    const [stored, bound, broken] = await Promise.all([uploaded(d, 'stored'), uploaded(d, 'stored'), uploaded(d, 'stored')]);
    await keptTheOldWay(d.store, d.wrapper.file, stored, { container: container('modern'), pin: testPin });
    const old = await keptTheOldWay(d.store, d.wrapper.file, broken, { container: container('modern') });
    // Altered since: it opens neither way.
    d.store.records.get(`client-a/${broken.certificate_id}`)!.container.tag = old.container.tag.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const log = logged();

    expect(await resealAll(d)).toEqual({ resealed: 1, failed: 1, waiting: 0 });

    const kept = async (id: string) => (await d.store.get('client-a', id))!;
    expect([(await kept(stored.certificate_id)).container.version, (await kept(stored.certificate_id)).pin?.version]).toEqual([2, 2]);
    expect((await kept(bound.certificate_id)).container).toEqual(bound.container);
    expect((await kept(broken.certificate_id)).container.version).toBeUndefined();
    expect(log.error.mock.calls).toEqual([
      [
        'certificate could not be sealed again; it is still sealed the old way',
        { client_id: 'client-a', certificate_id: broken.certificate_id, error: { name: 'SealBroken', message: expect.any(String) } },
      ],
    ]);
    expect(log.info.mock.calls.map(([message]) => message)).not.toContain('no certificate is left sealed the old way');
    expect(JSON.stringify([log.info.mock.calls, log.error.mock.calls])).not.toContain(testPin);
    expect(d.metrics.addMetric.mock.calls).toEqual([
      ['CertificatesResealed', 'Count', 1],
      ['CertificatesNotResealed', 'Count', 1],
    ]);
  });

  it.each([
    ['a container of another certificate with its own PIN', () => ({ container: container('modern'), pin: testPin })],
    ['a PIN that does not open the record’s container', (own: Buffer) => ({ container: own, pin: '999999' })],
  ])('refuses to bind %s, sealed the old way and copied into a record, logging IDs and the error’s name only', async (_, secretsOf) => {
    const d = deps();
    const own = forgeContainer({ subject: 'Eigene GmbH' });
    const result = await uploadCertificate(d, 'client-b', { pkcs12: own.toString('base64'), pin: testPin });
    if (!('record' in result)) throw new Error('upload refused');
    const copied = await keptTheOldWay(d.store, d.wrapper.file, result.record, secretsOf(own));
    const log = logged();

    expect(await resealAll(d)).toEqual({ resealed: 0, failed: 1, waiting: 0 });

    const kept = (await d.store.get('client-b', result.record.certificate_id))!;
    expect([kept.container, kept.pin]).toEqual([copied.container, copied.pin]);
    expect(log.error.mock.calls).toEqual([
      [
        'certificate could not be sealed again; it is still sealed the old way',
        { client_id: 'client-b', certificate_id: result.record.certificate_id, error: { name: 'SealBroken', message: expect.any(String) } },
      ],
    ]);
    expect(JSON.stringify([log.info.mock.calls, log.error.mock.calls])).not.toMatch(/123456|999999|Eigene|Muster/);
    expect(d.metrics.addMetric.mock.calls).toContainEqual(['CertificatesNotResealed', 'Count', 1]);
  });

  it('leaves a certificate whose PIN comes with each submission to that submission, counting it as waiting', async () => {
    const d = deps();
    const perSubmission = await uploaded(d, 'per_submission');
    const old = await keptTheOldWay(d.store, d.wrapper.file, perSubmission, { container: container('modern') });
    const log = logged();

    expect(await resealAll(d)).toEqual({ resealed: 0, failed: 0, waiting: 1 });

    expect((await d.store.get('client-a', perSubmission.certificate_id))!.container).toEqual(old.container);
    expect(log.info.mock.calls).toEqual([
      ['certificate sealed the old way waits for a submission to bring its PIN', { client_id: 'client-a', certificate_id: perSubmission.certificate_id }],
    ]);
    expect(d.metrics.addMetric.mock.calls).toEqual([
      ['CertificatesResealed', 'Count', 0],
      ['CertificatesNotResealed', 'Count', 0],
    ]);
  });

  it('says so in one line, and records zeros, once none is left', async () => {
    const d = deps();
    const record = await uploaded(d, 'stored');
    await keptTheOldWay(d.store, d.wrapper.file, record, { container: container('modern'), pin: testPin });
    expect(await resealAll(d)).toEqual({ resealed: 1, failed: 0, waiting: 0 });
    const unwraps = d.wrapper.unwraps;
    d.metrics.addMetric.mockClear();
    const log = logged();

    expect(await resealAll(d)).toEqual({ resealed: 0, failed: 0, waiting: 0 });
    expect(d.wrapper.unwraps).toBe(unwraps);
    expect(log.info.mock.calls).toEqual([['no certificate is left sealed the old way', { resealed: 0, failed: 0, waiting: 0 }]]);
    expect(d.metrics.addMetric.mock.calls).toEqual([
      ['CertificatesResealed', 'Count', 0],
      ['CertificatesNotResealed', 'Count', 0],
    ]);
  });
});
