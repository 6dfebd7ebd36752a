// The daily job that seals again every certificate still sealed the old way, run on the local
// runtime's schedule: no submission has to name a certificate first, and each signs as before. A
// container copied from another certificate's record stays unbound, and one whose PIN comes with
// each submission waits for that submission.

import { describe, expect, it } from 'vitest';
import { sealingKey } from '#shared/config.ts';
import type { PinStorage } from '#shared/domain/certificate.ts';
import { certificateStore } from '#shared/wiring/adapters.ts';
import { container, forgeContainer, testPin } from '#test/support/certificates.ts';
import { eventually, serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { keptTheOldWay } from '#test/support/sealed-before.ts';

const service = serviceOfFile({ scheduleEverySeconds: 0.5 });

const uploaded = async (pin_storage: PinStorage, pkcs12 = container('modern')) => {
  const reply = await service.post('/v2/certificates', { pkcs12: pkcs12.toString('base64'), pin: testPin, pin_storage });
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
  it('seals again, bound to their owner, the certificates sealed the old way whose container is their own, which then sign as before', async () => {
    const keyFile = (sealingKey() as { file: string }).file;
    // Put first, so that every run that finds `stored` below finds these too.
    const copiedInto = await uploaded('stored', forgeContainer());
    const copied = await keptTheOldWay(certificateStore(), keyFile, copiedInto, { container: container('modern'), pin: testPin });
    const perSubmission = await uploaded('per_submission');
    const waiting = await keptTheOldWay(certificateStore(), keyFile, perSubmission, { container: container('modern') });
    const stored = await uploaded('stored');
    const old = await keptTheOldWay(certificateStore(), keyFile, stored, { container: container('modern'), pin: testPin });

    const storedNow = await boundAgain(stored.certificate_id);
    expect([storedNow.container.version, storedNow.pin?.version]).toEqual([2, 2]);
    expect(storedNow.container.key).not.toBe(old.container.key);
    expect(storedNow.pin?.key).not.toBe(old.pin?.key);
    // Runs follow one another: once a later one has bound this too, the run that bound `stored` has ended.
    const later = await uploaded('stored');
    await keptTheOldWay(certificateStore(), keyFile, later, { container: container('modern'), pin: testPin });
    await boundAgain(later.certificate_id);

    // Another certificate's container is never bound to a record; one whose PIN comes with each submission waits for it.
    const left = [];
    for await (const key of certificateStore().sealedBeforeOwners()) left.push(key.certificate_id);
    expect(left.sort()).toEqual([copiedInto.certificate_id, perSubmission.certificate_id].sort());
    const recordOf = async (id: string) => (await certificateStore().get('dev', id))!;
    expect([(await recordOf(copiedInto.certificate_id)).container, (await recordOf(copiedInto.certificate_id)).pin]).toEqual([copied.container, copied.pin]);
    expect((await recordOf(perSubmission.certificate_id)).container).toEqual(waiting.container);

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
    // Its submission brought the PIN that shows the container is its own: bound now.
    expect((await recordOf(perSubmission.certificate_id)).container.version).toBe(2);
  });
});
