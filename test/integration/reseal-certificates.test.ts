// The daily job that seals again every certificate still sealed the old way, run on the local
// runtime's schedule: no submission has to name a certificate first, and each signs as before.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealingKey } from '#shared/config.ts';
import type { PinStorage } from '#shared/domain/certificate.ts';
import { certificateStore } from '#shared/wiring/adapters.ts';
import { container, testPin } from '#test/support/certificates.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { keptTheOldWay } from '#test/support/sealed-before.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startService({ scheduleEverySeconds: 0.5 });
});
afterAll(() => service?.stop());

const uploaded = async (pin_storage: PinStorage) => {
  const reply = await service.post('/v2/certificates', { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage });
  expect(reply.status).toBe(201);
  return (await certificateStore().get('dev', reply.json.data.certificate_id))!;
};

/** The record once its container and PIN are both bound to their owner again. */
const boundAgain = (certificateId: string) =>
  eventually(async () => {
    const record = await certificateStore().get('dev', certificateId);
    return record?.container.version === 2 && (record.pin === undefined || record.pin.version === 2) && record;
  }, 60_000);

describe('the scheduled job resealCertificates', { timeout: 120_000 }, () => {
  it('seals again, bound to their owner, the certificates sealed the old way, which then sign as before', async () => {
    const keyFile = (sealingKey() as { file: string }).file;
    const stored = await uploaded('stored');
    const perSubmission = await uploaded('per_submission');
    const old = {
      stored: await keptTheOldWay(certificateStore(), keyFile, stored, { container: container('modern'), pin: testPin }),
      perSubmission: await keptTheOldWay(certificateStore(), keyFile, perSubmission, { container: container('modern') }),
    };

    const [storedNow, perSubmissionNow] = await Promise.all([boundAgain(stored.certificate_id), boundAgain(perSubmission.certificate_id)]);
    expect([storedNow.container.version, storedNow.pin?.version, perSubmissionNow.container.version]).toEqual([2, 2, 2]);
    expect(storedNow.container.key).not.toBe(old.stored.container.key);
    expect(storedNow.pin?.key).not.toBe(old.stored.pin?.key);
    expect(perSubmissionNow.container.key).not.toBe(old.perSubmission.container.key);
    expect(perSubmissionNow.pin).toBeUndefined();
    // The scan the job starts from finds none now: it tells the bound from the old by the stand-in's own filter.
    const left = [];
    for await (const key of certificateStore().sealedBeforeOwners()) left.push(key);
    expect(left).toEqual([]);

    for (const [certificate_id, pin] of [
      [stored.certificate_id, undefined],
      [perSubmission.certificate_id, testPin],
    ] as const) {
      const reply = await service.call('POST', '/v2/ustva', {
        body: JSON.stringify({ ...ustvaSample(), certificate_id }),
        headers: { 'content-type': 'application/json', ...(pin && { 'elster-pin': pin }) },
      });
      expect(reply.status).toBe(202);
      expect(await service.waitForStatus(reply.json.data.ticket, ['delivered', 'failed', 'rejected'])).toMatchObject({ status: 'delivered', certificate_id });
    }
  });
});
