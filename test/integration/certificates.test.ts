// Each client's own ELSTER certificates over HTTP: uploaded once they open with their PIN, kept
// sealed, listed, shown and deleted, never returned or shown to another client.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { container, expiredContainer, testPin } from '#test/support/certificates.ts';
import { certificateStore } from '#shared/wiring/adapters.ts';

let service: LocalService;
let otherKey: string;

beforeAll(async () => {
  service = await startService();
  otherKey = await service.runtime.createApiKey('other-client');
});
afterAll(() => service?.stop());

const upload = (body: Record<string, unknown>, key?: string) => service.post('/v2/certificates', body, key);
const pkcs12 = (bytes: Buffer) => bytes.toString('base64');

describe('POST /v2/certificates', () => {
  it.each(['modern', 'legacy'] as const)('keeps a %s container once it opens with its PIN, and shows what it says of itself', async (kind) => {
    const reply = await upload({ pkcs12: pkcs12(container(kind)), pin: testPin, label: 'Muster GmbH' });
    expect(reply.status).toBe(201);
    expect(reply.json.data).toEqual({
      certificate_id: expect.stringMatching(/^crt_[A-Za-z0-9_-]{22}$/),
      label: 'Muster GmbH',
      subject: 'CN=Muster GmbH, O=Steuerbote Test',
      issuer: 'CN=Muster GmbH, O=Steuerbote Test',
      serial: expect.any(String),
      not_before: expect.any(String),
      not_after: expect.any(String),
      fingerprint_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      pin_storage: 'stored',
      created_at: expect.any(String),
      expires_in_days: expect.any(Number),
    });
    expect(reply.headers.get('location')).toBe(`/v2/certificates/${reply.json.data.certificate_id}`);
    expect(reply.text).not.toContain(testPin);
    expect(reply.text).not.toContain(pkcs12(container(kind)).slice(0, 40));
  });

  it('keeps the container and the PIN sealed, never in the clear', async () => {
    const { certificate_id } = (await upload({ pkcs12: pkcs12(container('modern')), pin: testPin })).json.data;
    const record = await certificateStore().get('dev', certificate_id);
    expect(JSON.stringify(record)).not.toContain(pkcs12(container('modern')).slice(0, 40));
    expect(record?.pin?.data).not.toBe(Buffer.from(testPin).toString('base64'));
  });

  it.each([
    ['not a container', { pkcs12: Buffer.from('hello').toString('base64'), pin: testPin }, 'pkcs12', 'CERTIFICATE_INVALID'],
    ['a container without a private key', { pkcs12: pkcs12(container('nokey')), pin: testPin }, 'pkcs12', 'CERTIFICATE_INVALID'],
    ['a wrong PIN', { pkcs12: pkcs12(container('modern')), pin: '000000' }, 'pin', 'CERTIFICATE_PIN_WRONG'],
    ['an expired certificate', { pkcs12: pkcs12(expiredContainer()), pin: testPin }, 'pkcs12', 'CERTIFICATE_EXPIRED'],
  ])('refuses %s with 422, storing nothing', async (_, body, path, code) => {
    const before = (await service.call('GET', '/v2/certificates')).json.data.certificates.length;
    const reply = await upload(body);
    expect(reply.status).toBe(422);
    expect(reply.json.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path, code }] });
    expect(reply.text).not.toContain(testPin);
    expect((await service.call('GET', '/v2/certificates')).json.data.certificates).toHaveLength(before);
  });
});

describe('a stored certificate', () => {
  it("is listed newest first, shown and deleted by its client only; another client's is 404 everywhere", async () => {
    const first = (await upload({ pkcs12: pkcs12(container('modern')), pin: testPin, label: 'first' })).json.data.certificate_id;
    const second = (await upload({ pkcs12: pkcs12(container('legacy')), pin: testPin, label: 'second', pin_storage: 'per_submission' })).json.data
      .certificate_id;
    const listed = (await service.call('GET', '/v2/certificates')).json.data.certificates.map((c: { certificate_id: string }) => c.certificate_id);
    expect(listed.indexOf(second)).toBeLessThan(listed.indexOf(first));
    expect((await service.call('GET', `/v2/certificates/${second}`)).json.data).toMatchObject({ label: 'second', pin_storage: 'per_submission' });

    expect((await service.call('GET', '/v2/certificates', { key: otherKey })).json.data.certificates).toEqual([]);
    expect((await service.call('GET', `/v2/certificates/${first}`, { key: otherKey })).status).toBe(404);
    expect((await service.call('DELETE', `/v2/certificates/${first}`, { key: otherKey })).status).toBe(404);

    expect((await service.call('DELETE', `/v2/certificates/${first}`)).json.data).toEqual({ certificate_id: first, deleted: true });
    expect((await service.call('GET', `/v2/certificates/${first}`)).status).toBe(404);
    expect((await service.call('DELETE', `/v2/certificates/${first}`)).status).toBe(404);
  });
});
