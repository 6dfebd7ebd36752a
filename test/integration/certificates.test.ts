// Each client's own ELSTER certificates over HTTP: uploaded once they open with their PIN, kept
// sealed, listed, shown and deleted, never returned or shown to another client; submissions that
// name one are signed with it, and a per-submission PIN is kept only until the transmission ends.

import { Worker } from 'node:worker_threads';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import {
  container,
  containerOfCurve,
  containerOfIterations,
  containerValidUntil,
  forgeContainer,
  keptCurves,
  testPin,
  umlautPin,
  withIterations,
} from '#test/support/certificates.ts';
import { certificateStore, keyWrapper, ticketStore } from '#shared/wiring/adapters.ts';
import { newCertificateId, sealedFor, type CertificateRecord } from '#shared/domain/certificate.ts';
import { seal } from '#shared/certificates/envelope.ts';
import { ustvaSample } from '#test/support/samples.ts';

let service: LocalService;
let otherKey: string;

beforeAll(async () => {
  // Slow enough that a ticket is still unfinished right after its 202.
  service = await startService({ env: { SANDBOX_LATENCY_MS: '600' } });
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
      key_type: 'rsa',
      key_bits: 2048,
      pin_storage: 'stored',
      created_at: expect.any(String),
      expires_in_days: expect.any(Number),
      usable: true,
      problems: [],
      locked_until: null,
      mailbox_checks: null,
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
    ['an expired certificate', { pkcs12: pkcs12(containerValidUntil()), pin: testPin }, 'pkcs12', 'CERTIFICATE_EXPIRED'],
    ['a container without a MAC', { pkcs12: pkcs12(container('nomac')), pin: testPin }, 'pkcs12', 'CERTIFICATE_INVALID'],
    [
      'a key beside the certificate of another key',
      { pkcs12: pkcs12(forgeContainer({ foreignKey: true })), pin: testPin },
      'pkcs12',
      'CERTIFICATE_KEY_MISMATCH',
    ],
    [
      'a certificate not yet valid',
      { pkcs12: pkcs12(forgeContainer({ notBefore: new Date(Date.now() + 864e5) })), pin: testPin },
      'pkcs12',
      'CERTIFICATE_NOT_YET_VALID',
    ],
    ['an RSA key of 1024 bits', { pkcs12: pkcs12(forgeContainer({ bits: 1024 })), pin: testPin }, 'pkcs12', 'CERTIFICATE_KEY_TOO_WEAK'],
    ['a notBefore that is no time', { pkcs12: pkcs12(forgeContainer({ unreadableTime: true })), pin: testPin }, 'pkcs12', 'CERTIFICATE_UNREADABLE'],
    [
      'a subject of 55,289 characters (55 OU of 1,000)',
      { pkcs12: pkcs12(forgeContainer({ subjectUnits: Array.from({ length: 55 }, () => 'x'.repeat(1000)) })), pin: testPin },
      'pkcs12',
      'CERTIFICATE_SUBJECT_TOO_LONG',
    ],
    [
      'an issuer of 1,119 characters',
      { pkcs12: pkcs12(forgeContainer({ issuerUnits: ['x'.repeat(1100)] })), pin: testPin },
      'pkcs12',
      'CERTIFICATE_ISSUER_TOO_LONG',
    ],
    ['an EC key on P-192', { pkcs12: pkcs12(containerOfCurve('prime192v1')), pin: testPin }, 'pkcs12', 'CERTIFICATE_KEY_TOO_WEAK'],
    ['an EC key on P-224', { pkcs12: pkcs12(containerOfCurve('secp224r1')), pin: testPin }, 'pkcs12', 'CERTIFICATE_KEY_TOO_WEAK'],
    ['an EC key on secp256k1', { pkcs12: pkcs12(containerOfCurve('secp256k1')), pin: testPin }, 'pkcs12', 'CERTIFICATE_KEY_TOO_WEAK'],
    ['an EC key on brainpoolP256r1', { pkcs12: pkcs12(containerOfCurve('brainpoolP256r1')), pin: testPin }, 'pkcs12', 'CERTIFICATE_KEY_TOO_WEAK'],
  ])('refuses %s with 422, storing nothing', async (_, body, path, code) => {
    const before = (await service.call('GET', '/v2/certificates')).json.data.certificates.length;
    const reply = await upload(body);
    expect(reply.status).toBe(422);
    expect(reply.json.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path, code }] });
    expect(reply.text).not.toContain(testPin);
    expect((await service.call('GET', '/v2/certificates')).json.data.certificates).toHaveLength(before);
  });
});

describe('POST /v2/certificates, keys', () => {
  it.each(keptCurves)('keeps a key on %s and shows its size', async (curve, key_type, key_bits) => {
    const reply = await upload({ pkcs12: pkcs12(containerOfCurve(curve)), pin: testPin });
    expect(reply.status).toBe(201);
    expect(reply.json.data).toMatchObject({ key_type, key_bits, usable: true });
  });
});

describe('POST /v2/certificates, bounded work', () => {
  // Nothing is derived above the cap: were it, 2^31 iterations would hold the service for hours.
  it.each([
    ['its MAC', 'mac', 'modern'],
    ['its encryptions', 'encryption', 'modern'],
    ['its legacy encryptions', 'encryption', 'legacy'],
  ] as const)('refuses a container of 2^31 iterations in %s at once, with the right PIN or a wrong one, naming the cap', async (_, where, kind) => {
    const bytes = pkcs12(withIterations(container(kind), where, 2 ** 31));
    for (const pin of [testPin, '000000']) {
      const reply = await upload({ pkcs12: bytes, pin });
      expect(reply.status).toBe(422);
      expect(reply.json.error.details).toEqual([{ path: 'pkcs12', code: 'CERTIFICATE_INVALID', message: expect.stringContaining('100,000') }]);
    }
  });

  it('asks the PKCS#12 thread about at most two containers at a time however many uploads are in flight', async () => {
    // Each container handed to the thread, from the question until its answer.
    const asked = new Set<number>();
    let most = 0;
    const post = Worker.prototype.postMessage;
    const spy = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, message: { id: number }, transfer) {
      asked.add(message.id);
      most = Math.max(most, asked.size);
      const answered = (answer: { id: number }) => {
        if (answer.id !== message.id) return;
        asked.delete(message.id);
        this.off('message', answered);
      };
      this.on('message', answered);
      post.call(this, message, transfer);
    });
    try {
      const bytes = pkcs12(containerOfIterations('modern', 20_000));
      const replies = await Promise.all(Array.from({ length: 8 }, () => upload({ pkcs12: bytes, pin: testPin })));
      expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(201));
    } finally {
      spy.mockRestore();
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('keeps at most 100 certificates per client, refusing the next before opening it', async () => {
    const key = await service.runtime.createApiKey('busy-client');
    const first = await upload({ pkcs12: pkcs12(container('modern')), pin: testPin }, key);
    expect(first.status).toBe(201);
    const record = (await certificateStore().get('busy-client', first.json.data.certificate_id))!;
    for (let i = 1; i < 100; i++) await certificateStore().create({ ...record, certificate_id: newCertificateId() });
    const over = await upload({ pkcs12: pkcs12(container('modern')), pin: testPin }, key);
    expect(over.status).toBe(422);
    expect(over.json.error.details).toEqual([{ path: 'pkcs12', code: 'CERTIFICATE_LIMIT_REACHED', message: expect.stringContaining('100') }]);
    await service.call('DELETE', `/v2/certificates/${first.json.data.certificate_id}`, { key });
    expect((await upload({ pkcs12: pkcs12(container('modern')), pin: testPin }, key)).status).toBe(201);
  });
});

describe('POST /v2/certificates, what it shows', () => {
  it.each(['umlaut', 'umlaut-legacy'] as const)('opens an OpenSSL %s container under a PIN beyond ASCII', async (kind) => {
    const reply = await upload({ pkcs12: pkcs12(container(kind)), pin: umlautPin });
    expect(reply.status).toBe(201);
    expect((await upload({ pkcs12: pkcs12(container(kind)), pin: 'Grusse-Pin9' })).json.error.details).toEqual([
      expect.objectContaining({ path: 'pin', code: 'CERTIFICATE_PIN_WRONG' }),
    ]);
  });

  it('decodes names by their string type and shows them without control, invisible or bidi characters', async () => {
    const bytes = forgeContainer({ subject: 'Grüße\u0000\u202e\n GmbH\u200b', teletexOrganisation: 'M\u00fcller' });
    const reply = await upload({ pkcs12: pkcs12(bytes), pin: testPin });
    expect(reply.status).toBe(201);
    expect(reply.json.data.subject).toBe('CN=Grüße\uFFFD GmbH\uFFFD, O=Müller');
    expect((await service.call('GET', `/v2/certificates/${reply.json.data.certificate_id}`)).json.data.issuer).toBe('CN=Grüße\uFFFD GmbH\uFFFD, O=Müller');
  });
});

describe('names shown as RFC 4514 writes them', () => {
  it('escapes a comma in a common name in the certificate’s view, the ticket’s metadata and the protocol', async () => {
    const escaped = 'CN=Muster GmbH\\, O=Finanzamt München';
    const reply = await upload({ pkcs12: pkcs12(forgeContainer({ subject: 'Muster GmbH, O=Finanzamt München' })), pin: testPin });
    expect(reply.status).toBe(201);
    const { certificate_id } = reply.json.data;
    expect(reply.json.data).toMatchObject({ subject: escaped, issuer: escaped });
    expect((await service.call('GET', '/v2/certificates')).json.data.certificates).toContainEqual(
      expect.objectContaining({ certificate_id, subject: escaped }),
    );

    const submitted = await service.call('POST', '/v2/ustva', {
      body: JSON.stringify({ ...ustvaSample(), certificate_id }),
      headers: { 'content-type': 'application/json' },
    });
    expect(submitted.status).toBe(202);
    const { ticket } = submitted.json.data;
    expect(await service.waitForStatus(ticket, ['delivered', 'failed', 'rejected'])).toMatchObject({ status: 'delivered', certificate_subject: escaped });
    const pdf = (await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } })).bytes;
    const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
    expect(text).toContain('Muster GmbH\\, O=Finanzamt München');
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

describe('a submission that names a certificate', () => {
  const stored = async (key?: string) => (await upload({ pkcs12: pkcs12(container('modern')), pin: testPin }, key)).json.data.certificate_id as string;
  const perSubmission = async () =>
    (await upload({ pkcs12: pkcs12(container('legacy')), pin: testPin, pin_storage: 'per_submission' })).json.data.certificate_id as string;
  const submit = (certificate_id: string | undefined, headers: Record<string, string> = {}, key?: string) =>
    service.call('POST', '/v2/ustva', {
      body: JSON.stringify({ ...ustvaSample(), certificate_id }),
      headers: { 'content-type': 'application/json', ...headers },
      key,
    });

  it('is signed with it: the ticket shows the certificate, and the certificate cannot be deleted until the ticket has finished', async () => {
    const certificate_id = await stored();
    const reply = await submit(certificate_id, { 'idempotency-key': 'signed-before-deletion' });
    expect(reply.status).toBe(202);
    const { ticket } = reply.json.data;
    const busy = await service.call('DELETE', `/v2/certificates/${certificate_id}`);
    expect(busy.status).toBe(409);
    expect(busy.json.error.code).toBe('CONFLICT');
    expect(busy.json.message).toContain(ticket);

    const done = await service.waitForStatus(ticket, ['delivered', 'failed', 'rejected']);
    expect(done).toMatchObject({ status: 'delivered', certificate_id, certificate_subject: 'CN=Muster GmbH, O=Steuerbote Test' });
    expect((await service.call('DELETE', `/v2/certificates/${certificate_id}`)).status).toBe(200);
    // The ticket still says who signed it, and a retry of the request that made it still gets it.
    expect((await service.call('GET', `/v2/ticket/${ticket}`)).json.data).toMatchObject({ certificate_id, certificate_subject: expect.any(String) });
    const retry = await submit(certificate_id, { 'idempotency-key': 'signed-before-deletion' });
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json.data).toMatchObject({ ticket, status: 'delivered' });
  });

  it('with a per-submission PIN: needs Elster-Pin, refuses a wrong one, and keeps a right one sealed only until the transmission ends', async () => {
    const certificate_id = await perSubmission();
    const missing = await submit(certificate_id);
    expect(missing.status).toBe(422);
    expect(missing.json.error.details).toEqual([expect.objectContaining({ path: 'Elster-Pin', code: 'PIN_REQUIRED' })]);
    const wrong = await submit(certificate_id, { 'elster-pin': '999999' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.details).toEqual([expect.objectContaining({ path: 'Elster-Pin', code: 'CERTIFICATE_PIN_WRONG' })]);
    expect(wrong.text).not.toContain('999999');

    const reply = await submit(certificate_id, { 'Elster-Pin': testPin });
    expect(reply.status).toBe(202);
    const { ticket } = reply.json.data;
    const waiting = await ticketStore().get(ticket);
    expect(waiting?.sealed_pin?.data).toEqual(expect.any(String));
    expect(JSON.stringify(waiting)).not.toContain(testPin);
    expect(await service.waitForStatus(ticket, ['delivered', 'failed', 'rejected'])).toMatchObject({ status: 'delivered', certificate_id });
    expect((await ticketStore().get(ticket))?.sealed_pin).toBeUndefined();
  });

  it.each([
    ['a stored certificate given a PIN', async () => ({ id: await stored(), headers: { 'elster-pin': testPin } }), 'Elster-Pin', 'PIN_NOT_EXPECTED'],
    ['a PIN without a certificate_id', async () => ({ id: undefined, headers: { 'elster-pin': testPin } }), 'Elster-Pin', 'PIN_NOT_EXPECTED'],
    ["another client's certificate", async () => ({ id: await stored(otherKey), headers: {} }), 'certificate_id', 'CERTIFICATE_UNKNOWN'],
    ['a certificate ID of the wrong shape', async () => ({ id: 'crt_short', headers: {} }), 'certificate_id', 'INVALID_FORMAT'],
  ])('refuses %s with 422, making no ticket', async (_, given, path, code) => {
    const { id, headers } = await given();
    const reply = await submit(id, headers);
    expect(reply.status).toBe(422);
    expect(reply.json.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path, code })] });
    expect(reply.text).not.toContain(testPin);
  });

  it('fails at transmission when the PIN kept with the certificate no longer opens it, as ELSTER would', async () => {
    const certificate_id = await stored();
    const record = (await certificateStore().get('dev', certificate_id))!;
    // What a container re-issued under a new PIN would leave behind: a kept PIN that no longer opens it.
    await certificateStore().delete('dev', certificate_id);
    await certificateStore().create({ ...record, pin: await seal(keyWrapper(), sealedFor(record), Buffer.from('000000')) });
    const reply = await submit(certificate_id);
    expect(reply.status).toBe(202);
    const failed = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'failed', 'rejected']);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'CERTIFICATE_PIN_WRONG' } });
    expect(JSON.stringify(failed)).not.toContain('000000');
  });
});

describe('a certificate kept before keys were matched to certificates', () => {
  /** What an earlier release kept: the facts of its certificate, without its key's, whatever the container holds. */
  const keptEarlier = async (bytes: Buffer, changes: Partial<CertificateRecord> = {}, pin_storage: 'stored' | 'per_submission' = 'stored') => {
    const fresh = (await upload({ pkcs12: pkcs12(container('modern')), pin: testPin })).json.data.certificate_id as string;
    const { key_type: _type, key_bits: _bits, ...record } = (await certificateStore().get('dev', fresh))!;
    const certificate_id = newCertificateId();
    const owner = { client_id: record.client_id, certificate_id };
    await certificateStore().create({
      ...record,
      certificate_id,
      pin_storage,
      container: await seal(keyWrapper(), owner, bytes),
      ...(pin_storage === 'stored' ? { pin: await seal(keyWrapper(), owner, Buffer.from(testPin)) } : { pin: undefined }),
      ...changes,
    });
    return certificate_id;
  };
  const submit = (certificate_id: string, headers: Record<string, string> = {}) =>
    service.call('POST', '/v2/ustva', {
      body: JSON.stringify({ ...ustvaSample(), certificate_id }),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it.each([
    ['a key beside another key’s certificate', { foreignKey: true }, 'CERTIFICATE_KEY_MISMATCH'],
    ['an RSA key of 1024 bits', { bits: 1024 }, 'CERTIFICATE_KEY_TOO_WEAK'],
  ] as const)('is flagged as unchecked, and refused at submission when it holds %s', async (_, options, code) => {
    for (const storage of ['stored', 'per_submission'] as const) {
      const certificate_id = await keptEarlier(forgeContainer(options), {}, storage);
      const shown = (await service.call('GET', `/v2/certificates/${certificate_id}`)).json.data;
      expect(shown.problems).toEqual([{ code: 'CERTIFICATE_UNCHECKED', message: expect.any(String) }]);
      expect((await service.call('GET', '/v2/certificates')).json.data.certificates).toContainEqual(
        expect.objectContaining({ certificate_id, problems: shown.problems }),
      );
      const reply = await submit(certificate_id, storage === 'stored' ? {} : { 'elster-pin': testPin });
      expect(reply.status).toBe(422);
      expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'certificate_id', code })]);
    }
  });

  it('is flagged and refused when it is not yet valid', async () => {
    const certificate_id = await keptEarlier(container('modern'), { not_before: new Date(Date.now() + 864e5).toISOString() });
    const shown = (await service.call('GET', `/v2/certificates/${certificate_id}`)).json.data;
    expect(shown).toMatchObject({ usable: false, problems: expect.arrayContaining([expect.objectContaining({ code: 'CERTIFICATE_NOT_YET_VALID' })]) });
    const reply = await submit(certificate_id);
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_NOT_YET_VALID' })]);
  });

  it('is flagged and refused, naming it, when its subject is longer than names are kept now', async () => {
    const subject = `CN=${'x'.repeat(55_286)}`;
    const certificate_id = await keptEarlier(container('modern'), { subject, key_type: 'rsa', key_bits: 2048 });
    const listed = (await service.call('GET', '/v2/certificates')).json.data.certificates.find(
      (certificate: { certificate_id: string }) => certificate.certificate_id === certificate_id,
    );
    expect(listed).toMatchObject({ usable: false, problems: [{ code: 'CERTIFICATE_SUBJECT_TOO_LONG', message: expect.stringContaining('55,289') }] });
    expect(listed.subject).toHaveLength(1024);
    const reply = await submit(certificate_id);
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toEqual([
      { path: 'certificate_id', code: 'CERTIFICATE_SUBJECT_TOO_LONG', message: expect.stringContaining('names a certificate that has a subject of 55,289') },
    ]);
  });

  it('is flagged and refused when its key’s size was not known when it was kept (a curve no longer accepted)', async () => {
    const certificate_id = await keptEarlier(containerOfCurve('prime192v1'), { key_type: 'ec', key_bits: 0 });
    const shown = (await service.call('GET', `/v2/certificates/${certificate_id}`)).json.data;
    expect(shown).toMatchObject({ key_bits: 0, usable: false, problems: [{ code: 'CERTIFICATE_KEY_TOO_WEAK', message: expect.any(String) }] });
    const reply = await submit(certificate_id);
    expect(reply.status).toBe(422);
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'certificate_id', code: 'CERTIFICATE_KEY_TOO_WEAK' })]);
  });

  it('is used as before when it breaks no rule', async () => {
    const certificate_id = await keptEarlier(container('legacy'));
    expect((await submit(certificate_id)).status).toBe(202);
  });
});

describe('Elster-Pin beyond ASCII', () => {
  it("takes a PIN as utf-8'' and its percent-encoded UTF-8 bytes (RFC 8187), and refuses one that does not decode", async () => {
    const certificate_id = (await upload({ pkcs12: pkcs12(container('umlaut')), pin: umlautPin, pin_storage: 'per_submission' })).json.data.certificate_id;
    const submit = (pin: string) =>
      service.call('POST', '/v2/ustva', {
        body: JSON.stringify({ ...ustvaSample(), certificate_id }),
        headers: { 'content-type': 'application/json', 'elster-pin': pin },
      });
    const reply = await submit(`utf-8''${encodeURIComponent(umlautPin)}`);
    expect(reply.status).toBe(202);
    expect(await service.waitForStatus(reply.json.data.ticket, ['delivered', 'failed', 'rejected'])).toMatchObject({ status: 'delivered' });
    expect((await submit("UTF-8''Gr%C3%BC%C3%9Fe-Pin8")).json.error.details).toEqual([expect.objectContaining({ code: 'CERTIFICATE_PIN_WRONG' })]);
    expect((await submit("utf-8''Gr%FC%zz")).json.error.details).toEqual([expect.objectContaining({ path: 'Elster-Pin', code: 'PIN_INVALID' })]);
    expect((await submit("utf-8''")).json.error.details).toEqual([expect.objectContaining({ path: 'Elster-Pin', code: 'PIN_REQUIRED' })]);
  });
});
