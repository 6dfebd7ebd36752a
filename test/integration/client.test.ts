// The typed client against the real local runtime over HTTP: its generated types match the document
// the service serves, every route answers through it, errors come typed, and a POST whose answer was
// lost is retried under the Idempotency-Key the client chose, filing once.

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSteuerbote, SteuerboteError, SteuerboteUnreachable, type Steuerbote, type UstvaSubmission } from '#client/src/index.ts';
import { generatedTypesFile, typesFrom } from '#client/scripts/openapi-types.ts';
import { closedPort } from '#test/support/closed-port.ts';
import { container, testPin, umlautPin } from '#test/support/certificates.ts';
import { lockedCertificate } from '#test/support/locked-certificate.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

let service: LocalService;
let client: Steuerbote;

beforeAll(async () => {
  // Slow enough that a ticket is still unfinished right after its 202.
  service = await startService({ env: { SANDBOX_LATENCY_MS: '600' } });
  client = createSteuerbote({ baseUrl: service.runtime.apiUrl, apiKey: service.runtime.apiKey });
});
afterAll(() => service?.stop());

describe('the generated types', () => {
  it('are what the generator makes of the document the service serves (npm run generate -w client after an API change)', async () => {
    const served = await service.call('GET', '/v2/openapi.json');
    expect(served.status).toBe(200);
    expect(await readFile(generatedTypesFile, 'utf8')).toBe(await typesFrom(served.json));
  });

  it('know the Kennzahlen of the UStVA by name, so a mistyped one does not compile (the type check of npm test)', () => {
    const kennzahlen: UstvaSubmission['kennzahlen'] = {
      kz81: 10_000,
      // @ts-expect-error kz811 is no Kennzahl
      kz811: 10_000,
    };
    expect(kennzahlen).toHaveProperty('kz81');
  });

  it('carry the hints of the check in the 202', async () => {
    const late: UstvaSubmission = {
      test: true,
      year: 2025,
      tax_number: ustvaSample().tax_number,
      supplier: ustvaSample().supplier,
      type: 'dauerfristverlaengerung',
    };
    const accepted = await client.submit('ustva', late);
    expect(accepted.hints?.map(({ code }) => code)).toEqual(['APPLICATION_LATE']);
  });
});

describe('every route through the client', () => {
  it('submits, follows the ticket to delivered, and fetches status, metadata, protocol and Nutzdaten', async () => {
    const accepted = await client.submit('ustva', ustvaSample());
    expect(accepted).toMatchObject({ kind: 'ustva', status: 'queued', replayed: false });
    const seen: string[] = [];
    const final = await client.waitForTicket(accepted.ticket, { onStatus: ({ status }) => seen.push(status), timeoutMs: 20_000 });
    expect(final.status).toBe('delivered');
    expect(seen.at(-1)).toBe('delivered');
    expect(await client.status(accepted.ticket)).toMatchObject({ ticket: accepted.ticket, status: 'delivered', attempts: 1 });
    const metadata = await client.ticket(accepted.ticket);
    expect(metadata.transfer_ticket).toEqual(expect.any(String));
    const pdf = await client.protocol(accepted.ticket);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await client.nutzdaten(accepted.ticket)).toContain('<Anmeldungssteuern');
  });

  it('answers a submission again under the same key with the same ticket, told as replayed', async () => {
    const body = { ...ustvaSample(), period: '04' };
    const first = await client.submit('ustva', body, { idempotencyKey: 'client-test-replay' });
    const again = await client.submit('ustva', body, { idempotencyKey: 'client-test-replay' });
    expect(again).toMatchObject({ ticket: first.ticket, replayed: true });
  });

  it('lists the tickets a page at a time, and all of them by following the cursors', async () => {
    const reference = 'client-test-list';
    const made: string[] = [];
    for (const period of ['05', '06', '07']) made.unshift((await client.submit('ustva', { ...ustvaSample(), period, client_reference: reference })).ticket);
    const page = await client.tickets({ client_reference: reference, limit: 2 });
    expect(page.tickets.map((t) => t.ticket)).toEqual(made.slice(0, 2));
    expect(page.next_cursor).toEqual(expect.any(String));
    const all: string[] = [];
    for await (const ticket of client.allTickets({ client_reference: reference, limit: 1 })) all.push(ticket.ticket);
    expect(all).toEqual(made);
  });

  it('validates, with the Nutzdaten when asked', async () => {
    const result = await client.validate('ustva', ustvaSample(), { nutzdaten: true });
    expect(result).toMatchObject({ valid: true, datenart_version: 'UStVA_2026', findings: [] });
    expect(result.nutzdaten).toContain('<Anmeldungssteuern');
  });

  it('keeps, lists, shows and deletes a certificate', async () => {
    const kept = await client.certificates.add({ pkcs12: container('modern').toString('base64'), pin: testPin, label: 'Muster GmbH' });
    expect(kept).toMatchObject({ label: 'Muster GmbH', pin_storage: 'stored' });
    expect((await client.certificates.list()).map((c) => c.certificate_id)).toContain(kept.certificate_id);
    expect(await client.certificates.get(kept.certificate_id)).toMatchObject({ certificate_id: kept.certificate_id });
    expect(await client.certificates.remove(kept.certificate_id)).toEqual({ certificate_id: kept.certificate_id, deleted: true });
  });

  it("sends a per-submission PIN beyond ASCII as utf-8'' and its percent-encoded bytes, which the service reads", async () => {
    const kept = await client.certificates.add({ pkcs12: container('umlaut').toString('base64'), pin: umlautPin, pin_storage: 'per_submission' });
    const accepted = await client.submit('ustva', { ...ustvaSample(), period: '07', certificate_id: kept.certificate_id }, { elsterPin: umlautPin });
    expect(accepted.status).toBe('queued');
    const wrong = await client
      .submit('ustva', { ...ustvaSample(), period: '07', certificate_id: kept.certificate_id }, { elsterPin: 'Grüße-Pin8' })
      .catch((caught: unknown) => caught);
    expect(wrong).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ code: 'CERTIFICATE_PIN_WRONG' })] });
  });

  it('reads the public version without a key', async () => {
    const version = await createSteuerbote({ baseUrl: service.runtime.apiUrl }).version();
    expect(version).toMatchObject({ api_version: 'v2', tax_authority: 'sandbox' });
  });

  it('reaches every route of the document through `api`, typed', async () => {
    const { data, response } = await client.api.GET('/v2/certificates');
    expect(response.status).toBe(200);
    expect(data?.data.certificates).toEqual(expect.any(Array));
  });
});

describe('errors', () => {
  it('come as SteuerboteError with the code, every finding and the request ID', async () => {
    const wrong = { ...ustvaSample(), kennzahlen: { kz81: 10_000, kz83: '1.00' } };
    const error = await client.submit('ustva', wrong).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SteuerboteError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: 'kennzahlen.kz83', expected: '1900.00' })],
      requestId: expect.any(String),
    });
  });

  it('a ticket that is not there is NOT_FOUND; a protocol not ready yet is PROTOCOL_NOT_READY with its status', async () => {
    await expect(client.status('tk_AAAAAAAAAAAAAAAAAAAAAA')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const { ticket } = await client.submit('ustva', { ...ustvaSample(), period: '06' });
    const error = await client.protocol(ticket).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, code: 'PROTOCOL_NOT_READY', data: { status: expect.stringMatching(/^(queued|processing)$/) } });
  });
});

describe('retries', () => {
  it('sends a POST whose answer was lost again under the key the client chose, and the service files it once', async () => {
    const keys: (string | null)[] = [];
    let lost = false;
    const flaky = createSteuerbote({
      baseUrl: service.runtime.apiUrl,
      apiKey: service.runtime.apiKey,
      retry: { baseDelayMs: 10 },
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key'));
        const response = await fetch(request);
        if (lost) return response;
        lost = true;
        throw new TypeError('fetch failed');
      },
    });
    const accepted = await flaky.submit('ustva', { ...ustvaSample(), period: '05' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(accepted.replayed).toBe(true);
  });

  it('does not retry a 423: a certificate locked after wrong PINs stays locked for an hour', async () => {
    const certificate_id = await lockedCertificate(service);
    let sent = 0;
    const counting = createSteuerbote({
      baseUrl: service.runtime.apiUrl,
      apiKey: service.runtime.apiKey,
      retry: { baseDelayMs: 10 },
      fetch: (request) => {
        sent++;
        return fetch(request);
      },
    });
    const error = await counting.submit('ustva', { ...ustvaSample(), certificate_id }, { elsterPin: testPin }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SteuerboteError);
    expect(error).toMatchObject({ status: 423, code: 'CERTIFICATE_PIN_LOCKED' });
    expect(sent).toBe(1);
    expect(await client.certificates.get(certificate_id)).toMatchObject({ usable: false, locked_until: expect.any(String) });
  });

  it('does not retry when nothing listens on this machine: SteuerboteUnreachable with ECONNREFUSED after one try', async () => {
    const port = await closedPort();
    let sent = 0;
    const retries: unknown[] = [];
    const nowhere = createSteuerbote({
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { onRetry: (retry) => retries.push(retry) },
      fetch: (request) => {
        sent++;
        return fetch(request);
      },
    });
    const error = await nowhere.status('tk_AAAAAAAAAAAAAAAAAAAAAA').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SteuerboteUnreachable);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', url: `http://127.0.0.1:${port}/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA` });
    expect(sent).toBe(1);
    expect(retries).toEqual([]);
  });
});
