// A client's sealed certificate and PIN open only in the record they were sealed for: a copy put into
// another client's or another certificate's record through the DynamoDB stand-in is refused with a
// clear error, at submission or at transmission, and nothing secret is shown. Secrets sealed before
// they were bound to their owner are still read, once, and sealed again bound.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { container, forgeContainer, testPin } from '#test/support/certificates.ts';
import { keptTheOldWay } from '#test/support/sealed-before.ts';
import { certificateStore } from '#shared/wiring/adapters.ts';
import { sealingKey } from '#shared/config.ts';
import { newCertificateId } from '#shared/domain/certificate.ts';
import { ustvaSample } from '#test/support/samples.ts';

let service: LocalService;
let otherKey: string;

beforeAll(async () => {
  service = await startService();
  otherKey = await service.runtime.createApiKey('other-client');
});
afterAll(() => service?.stop());

const uploaded = async (pin_storage: 'stored' | 'per_submission') => {
  const reply = await service.post('/v2/certificates', { pkcs12: container('modern').toString('base64'), pin: testPin, pin_storage });
  expect(reply.status).toBe(201);
  return (await certificateStore().get('dev', reply.json.data.certificate_id))!;
};
const submit = (certificate_id: string, options: { key?: string; pin?: string } = {}) =>
  service.call('POST', '/v2/ustva', {
    body: JSON.stringify({ ...ustvaSample(), certificate_id }),
    headers: { 'content-type': 'application/json', ...(options.pin && { 'elster-pin': options.pin }) },
    key: options.key,
  });
const finished = (ticket: string, key?: string) => service.waitForStatus(ticket, ['delivered', 'failed', 'rejected'], key);
const ticketsOf = async (key?: string) => (await service.call('GET', '/v2/tickets', { key })).json.data.tickets.length;

describe('a sealed certificate copied into another record', () => {
  it.each([
    ['another client', { client_id: 'other-client' }, (): string | undefined => otherKey],
    ['another certificate of its client', { certificate_id: newCertificateId() }, (): string | undefined => undefined],
  ])('is refused at submission, when its per-submission PIN is tried, in the record of %s', async (_, moved, keyOf) => {
    const record = await uploaded('per_submission');
    const copy = { ...record, ...moved };
    await certificateStore().create(copy);
    const before = await ticketsOf(keyOf());
    const reply = await submit(copy.certificate_id, { key: keyOf(), pin: testPin });
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toEqual([
      { path: 'certificate_id', code: 'CERTIFICATE_SEAL_BROKEN', message: expect.stringContaining('upload it again') },
    ]);
    expect(reply.text).not.toContain(testPin);
    expect(await ticketsOf(keyOf())).toBe(before);
    // The original still signs for its own client.
    const own = await submit(record.certificate_id, { pin: testPin });
    expect(own.status).toBe(202);
    expect(await finished(own.json.data.ticket)).toMatchObject({ status: 'delivered' });
  });

  it('with a stored PIN, fails its ticket at transmission, sending nothing and showing no secret', async () => {
    const record = await uploaded('stored');
    await certificateStore().create({ ...record, client_id: 'other-client' });
    const reply = await submit(record.certificate_id, { key: otherKey });
    expect(reply.status).toBe(202);
    const failed = await finished(reply.json.data.ticket, otherKey);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'CERTIFICATE_SEAL_BROKEN', message: expect.stringContaining(record.certificate_id) } });
    expect(failed.transfer_ticket ?? null).toBeNull();
    expect(JSON.stringify(failed)).not.toContain(testPin);
  });
});

describe('a certificate sealed before secrets were bound to their owner', () => {
  it('is read the old way at its next submission, sealed again bound to it, and signs as before', async () => {
    const record = await uploaded('stored');
    const keyFile = (sealingKey() as { file: string }).file;
    const old = await keptTheOldWay(certificateStore(), keyFile, record, { container: container('modern'), pin: testPin });

    const reply = await submit(record.certificate_id);
    expect(reply.status).toBe(202);
    expect(await finished(reply.json.data.ticket)).toMatchObject({ status: 'delivered', certificate_id: record.certificate_id });
    const kept = (await certificateStore().get('dev', record.certificate_id))!;
    expect([kept.container.version, kept.pin?.version]).toEqual([2, 2]);
    expect(kept.container.key).not.toBe(old.container.key);

    // Sealed again, it is bound: a copy in another client's record no longer opens.
    await certificateStore().create({ ...kept, client_id: 'other-client' });
    const moved = await submit(record.certificate_id, { key: otherKey });
    expect(await finished(moved.json.data.ticket, otherKey)).toMatchObject({ status: 'failed', error: { code: 'CERTIFICATE_SEAL_BROKEN' } });
  });
});

describe('a container sealed the old way and copied into the record of another certificate', () => {
  it.each(['stored', 'per_submission'] as const)('is refused at submission in a %s record, never bound to it, and signs nothing', async (pin_storage) => {
    // The other client's own certificate, into whose record a copy of this client's container sealed the old way is put.
    const reply = await service.post('/v2/certificates', { pkcs12: forgeContainer().toString('base64'), pin: testPin, pin_storage }, otherKey);
    expect(reply.status).toBe(201);
    const record = (await certificateStore().get('other-client', reply.json.data.certificate_id))!;
    const keyFile = (sealingKey() as { file: string }).file;
    const copied = await keptTheOldWay(certificateStore(), keyFile, record, {
      container: container('modern'),
      ...(pin_storage === 'stored' && { pin: testPin }),
    });
    const before = await ticketsOf(otherKey);

    const refused = await submit(record.certificate_id, { key: otherKey, ...(pin_storage === 'per_submission' && { pin: testPin }) });
    expect(refused.status).toBe(422);
    expect(refused.json.error.details).toEqual([
      { path: 'certificate_id', code: 'CERTIFICATE_SEAL_BROKEN', message: expect.stringContaining('upload it again') },
    ]);
    expect(refused.text).not.toContain(testPin);
    expect(await ticketsOf(otherKey)).toBe(before);
    const kept = (await certificateStore().get('other-client', record.certificate_id))!;
    expect([kept.container, kept.pin]).toEqual([copied.container, copied.pin]);
  });
});
