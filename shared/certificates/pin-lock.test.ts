import { describe, expect, it, vi } from 'vitest';
import { uploadCertificate } from '#shared/certificates/upload.ts';
import { signerFor } from '#shared/certificates/signer.ts';
import { pinChecks } from '#shared/certificates/pin-lock.ts';
import { pinCheckUnderWay } from '#shared/domain/certificate.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { logger } from '#shared/logger.ts';
import { CountingKeyWrapper, MemoryCertificateStore } from '#test/fakes.ts';
import { container, testPin } from '#test/support/certificates.ts';

// Noon tomorrow: the test certificates are made valid from the moment they are made, for a year.
const start = Date.parse(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T12:00:00.000Z`);
const minutes = (n: number) => new Date(start + n * 60_000);

async function perSubmission() {
  const deps = { store: new MemoryCertificateStore(), wrapper: new CountingKeyWrapper(), metrics: { addMetric: vi.fn() }, events: { record: vi.fn() } };
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
  /** Reserves a place for a check that never ends, as a function that crashed while trying a PIN leaves it. */
  const leftUnderWay = (at: Date) => deps.store.reservePinCheck('client-a', id, `crashed-${at.getTime()}`, at.toISOString(), 10, []);
  return { deps, id, submit, leftUnderWay };
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
    // The message says the wait too, for whoever reads only the message.
    expect((right as HttpError).message).toMatch(/; retry after 1800 seconds$/);
    expect(await submit('wrong-10', minutes(109.99))).toMatchObject({ status: 423, headers: { 'retry-after': '1' } });
    expect(deps.metrics.addMetric).toHaveBeenCalledTimes(1);
    expect(deps.metrics.addMetric).toHaveBeenCalledWith('CertificatesPinLocked', 'Count', 1);
    expect(warn.mock.calls).toEqual([
      ['certificate locked after wrong PINs', { client_id: 'client-a', certificate_id: id, locked_until: minutes(110).toISOString() }],
    ]);
    warn.mockRestore();
    // Told to the client once, as an event with the certificate's ID and the lock's end alone.
    expect(deps.events.record.mock.calls).toEqual([
      [
        expect.objectContaining({
          type: 'certificate.locked',
          client_id: 'client-a',
          created_at: minutes(50).toISOString(),
          data: { certificate_id: id, locked_until: minutes(110).toISOString() },
        }),
      ],
    ]);

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

describe('PIN checks at once', () => {
  it('get no more than ten PINs tried in a burst of fifty: the rest are refused untried, and the tenth wrong one locks', async () => {
    const { deps, id, submit } = await perSubmission();
    const reserve = vi.spyOn(deps.store, 'reservePinCheck');
    const wrongAndRight = [...Array.from({ length: 45 }, (_, i) => `wrong-${i}`), testPin, ...Array.from({ length: 4 }, (_, i) => `late-${i}`)];
    const answers = await Promise.all(wrongAndRight.map((pin) => submit(pin, minutes(1))));
    const reserved = (await Promise.all(reserve.mock.results.map((result) => result.value))).filter(Boolean);
    expect(reserved).toHaveLength(10);
    expect(answers.filter((answer) => answer === 'CERTIFICATE_PIN_WRONG')).toHaveLength(9);
    expect(answers.filter((answer) => answer instanceof HttpError && answer.status === 423)).toHaveLength(1);
    expect(answers.filter((answer) => answer instanceof HttpError && answer.code === 'CERTIFICATE_PIN_BUSY')).toHaveLength(40);
    expect(answers[45]).toMatchObject({ status: 429, code: 'CERTIFICATE_PIN_BUSY', headers: { 'retry-after': '1' } });
    expect(Object.keys((await deps.store.get('client-a', id))!.wrong_pins!)).toHaveLength(10);
    expect(await submit(testPin, minutes(2))).toMatchObject({ status: 423, headers: { 'retry-after': '3540' } });
  });

  it('hold their places while under way: a right PIN gives its place back, and the next is refused 429 meanwhile, never locked', async () => {
    const { deps, id, submit } = await perSubmission();
    for (let i = 0; i < 9; i++) expect(await submit(`wrong-${i}`, minutes(i))).toBe('CERTIFICATE_PIN_WRONG');
    expect(await deps.store.reservePinCheck('client-a', id, 'under-way', minutes(9).toISOString(), 10, [])).toBe(true);
    const busy = await submit(testPin, minutes(9));
    expect(busy).toMatchObject({ status: 429, code: 'CERTIFICATE_PIN_BUSY', headers: { 'retry-after': '1' } });
    expect((busy as HttpError).message).not.toContain(testPin);
    await deps.store.releasePinCheck('client-a', id, 'under-way');
    expect(await submit(testPin, minutes(9))).toBe('signed');
    expect((await deps.store.get('client-a', id))?.locked_until).toBeUndefined();
  });

  it('count one left under way by a crash as a wrong PIN once it is overdue, which locks at the tenth, and forget it with the window', async () => {
    const { deps, id, submit, leftUnderWay } = await perSubmission();
    for (let i = 0; i < 9; i++) expect(await submit(`wrong-${i}`, minutes(i))).toBe('CERTIFICATE_PIN_WRONG');
    expect(await leftUnderWay(minutes(9))).toBe(true);
    expect(await submit(testPin, minutes(9.5))).toMatchObject({ status: 429 });
    const locked = await submit(testPin, minutes(10.5));
    expect(locked).toMatchObject({ status: 423, code: 'CERTIFICATE_PIN_LOCKED', headers: { 'retry-after': '3600' } });
    expect((await deps.store.get('client-a', id))?.locked_until).toBe(minutes(70.5).toISOString());
    expect(deps.metrics.addMetric).toHaveBeenCalledTimes(1);
    expect(await submit(testPin, minutes(70.5))).toBe('signed');
    expect(Object.keys((await deps.store.get('client-a', id))!.wrong_pins!)).toEqual([]);
  });

  it('race no longer than there are places: after ten tries lost to concurrent writes, 429 and no PIN tried', async () => {
    const { deps, id, submit } = await perSubmission();
    const reserve = vi.spyOn(deps.store, 'reservePinCheck').mockResolvedValue(false);
    expect(await submit(testPin, minutes(1))).toMatchObject({ status: 429, code: 'CERTIFICATE_PIN_BUSY' });
    expect(reserve).toHaveBeenCalledTimes(10);
    expect((await deps.store.get('client-a', id))?.wrong_pins).toBeUndefined();
  });

  it('give the place of a check that failed before judging the PIN back', async () => {
    const { deps, id, submit } = await perSubmission();
    const unwrap = vi.spyOn(deps.wrapper, 'unwrap').mockRejectedValue(new Error('key service unavailable'));
    await expect(submit(testPin, minutes(1))).rejects.toThrow('key service unavailable');
    unwrap.mockRestore();
    expect((await deps.store.get('client-a', id))?.wrong_pins).toEqual({});
  });

  it('refuse untried a PIN for a certificate deleted while it was about to be tried', async () => {
    const { deps, id, submit } = await perSubmission();
    const get = deps.store.get.bind(deps.store);
    vi.spyOn(deps.store, 'get').mockImplementationOnce(async (...args) => {
      const found = await get(...args);
      await deps.store.delete('client-a', id);
      return found;
    });
    expect(await submit(testPin, minutes(1))).toBe('CERTIFICATE_UNKNOWN');
  });
});

describe('pinChecks', () => {
  const now = new Date('2026-11-24T11:00:00.000Z');
  it('forgets what is an hour old, counts the rest, and takes a check under way for a wrong PIN once a minute has passed', () => {
    const notes = {
      old: '2026-11-24T10:00:00.000Z',
      [pinCheckUnderWay('old')]: '2026-11-24T09:59:00.000Z',
      wrong: '2026-11-24T10:00:00.001Z',
      [pinCheckUnderWay('overdue')]: '2026-11-24T10:59:00.000Z',
      [pinCheckUnderWay('fresh')]: '2026-11-24T10:59:00.001Z',
    };
    expect(pinChecks(notes, now)).toEqual({ forget: ['old', pinCheckUnderWay('old')], taken: 3, wrong: 2 });
    expect(pinChecks(undefined, now)).toEqual({ forget: [], taken: 0, wrong: 0 });
  });
});
