import { describe, expect, it, vi } from 'vitest';
import { uploadCertificate } from '#shared/certificates/upload.ts';
import { signerFor } from '#shared/certificates/signer.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { logger } from '#shared/logger.ts';
import { CountingKeyWrapper, MemoryCertificateStore } from '#test/fakes.ts';
import { container, testPin } from '#test/support/certificates.ts';

// Noon tomorrow: the test certificates are made valid from the moment they are made, for a year.
const start = Date.parse(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T12:00:00.000Z`);
const minutes = (n: number) => new Date(start + n * 60_000);

async function perSubmission() {
  const deps = { store: new MemoryCertificateStore(), wrapper: new CountingKeyWrapper(), metrics: { addMetric: vi.fn() } };
  const uploaded = await uploadCertificate(deps, 'client-a', { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage: 'per_submission' });
  if (!('record' in uploaded)) throw new Error('upload refused');
  const id = uploaded.record.certificate_id;
  /** Submits with `pin` at `at`: the findings, the 423 it was refused with, or 'signed'. */
  const submit = async (pin: string, at: Date, clientId = 'client-a') => {
    try {
      const signed = await signerFor({ ...deps, now: () => at }, clientId, id, pin);
      return signed.findings ? signed.findings.map((finding) => finding.code).join() : 'signed';
    } catch (error) {
      if (error instanceof HttpError) return error;
      throw error;
    }
  };
  return { deps, id, submit };
}

describe('wrong per-submission PINs', () => {
  it('lock the certificate at the tenth within an hour: 423 with Retry-After, the right PIN refused too, counted once', async () => {
    const { deps, id, submit } = await perSubmission();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    for (let i = 0; i < 9; i++) expect(await submit(`wrong-${i}`, minutes(i * 5))).toBe('CERTIFICATE_PIN_WRONG');
    const locking = await submit('wrong-9', minutes(50));
    expect(locking).toMatchObject({ status: 423, code: 'CERTIFICATE_PIN_LOCKED', headers: { 'retry-after': '3600' } });
    expect((locking as HttpError).message).toContain(`locked until ${minutes(110).toISOString()}`);

    const right = await submit(testPin, minutes(80));
    expect(right).toMatchObject({ status: 423, code: 'CERTIFICATE_PIN_LOCKED', headers: { 'retry-after': '1800' } });
    expect(await submit('wrong-10', minutes(109.99))).toMatchObject({ status: 423, headers: { 'retry-after': '1' } });
    expect(deps.metrics.addMetric).toHaveBeenCalledTimes(1);
    expect(deps.metrics.addMetric).toHaveBeenCalledWith('CertificatesPinLocked', 'Count', 1);
    expect(warn.mock.calls).toEqual([
      ['certificate locked after wrong PINs', { client_id: 'client-a', certificate_id: id, locked_until: minutes(110).toISOString() }],
    ]);
    warn.mockRestore();

    // The cool-down over, the right PIN signs again, and a wrong one starts a new count.
    expect(await submit(testPin, minutes(110))).toBe('signed');
    expect(await submit('wrong-11', minutes(111))).toBe('CERTIFICATE_PIN_WRONG');
  });

  it('add up across right PINs: a right PIN resets nothing', async () => {
    const { submit } = await perSubmission();
    for (let i = 0; i < 9; i++) {
      expect(await submit(`wrong-${i}`, minutes(i))).toBe('CERTIFICATE_PIN_WRONG');
      expect(await submit(testPin, minutes(i + 0.5))).toBe('signed');
    }
    expect(await submit('wrong-9', minutes(9))).toMatchObject({ status: 423 });
  });

  it('count only within the last hour, and the older ones are forgotten', async () => {
    const { deps, id, submit } = await perSubmission();
    for (let i = 0; i < 9; i++) expect(await submit(`wrong-${i}`, minutes(i))).toBe('CERTIFICATE_PIN_WRONG');
    expect(await submit('wrong-9', minutes(60.5))).toBe('CERTIFICATE_PIN_WRONG');
    const record = await deps.store.get('client-a', id);
    const kept = [1, 2, 3, 4, 5, 6, 7, 8, 60.5].map((n) => minutes(n).toISOString());
    expect(Object.values(record!.wrong_pins!).sort()).toEqual(kept);
    expect(record!.locked_until).toBeUndefined();
  });

  it('never count for another client naming the certificate: it is unknown to it', async () => {
    const { deps, id, submit } = await perSubmission();
    for (let i = 0; i < 12; i++) expect(await submit(`wrong-${i}`, minutes(i), 'client-b')).toBe('CERTIFICATE_UNKNOWN');
    expect((await deps.store.get('client-a', id))?.wrong_pins).toBeUndefined();
    expect(await submit(testPin, minutes(13))).toBe('signed');
  });
});
