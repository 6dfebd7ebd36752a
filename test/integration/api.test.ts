// The v2 API over real HTTP against the local runtime and its stand-ins, webhooks off.

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datenartVersion, kinds } from '#shared/forms/registry.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';
import { startTestReceiver, type TestReceiver } from '#test/support/test-receiver.ts';

let service: LocalService;
let receiver: TestReceiver;

beforeAll(async () => {
  // HOOK_ENABLED stays unset: a receiver is configured, and must hear nothing.
  receiver = await startTestReceiver();
  service = await startService({ env: { HOOK_URI: receiver.url } });
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

const expectEnvelope = (json: any, status: number, success: boolean) => {
  expect(json).toMatchObject({ success, status, api_version: 'v2', service_version: expect.any(String) });
  expect(json.request_id).toMatch(/\S/);
  expect(new Date(json.timestamp).toISOString()).toBe(json.timestamp);
};

const expectError = (reply: { status: number; json: any }, status: number, code: string) => {
  expect(reply.status).toBe(status);
  expectEnvelope(reply.json, status, false);
  expect(reply.json.data).toBeNull();
  expect(reply.json.error.code).toBe(code);
};

describe('a UStVA from submission to protocol', () => {
  let ticket: string;
  let metadata: any;

  beforeAll(async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), client_reference: 'INV-2026-03' });
    expect(reply.status).toBe(202);
    ticket = reply.json.data.ticket;
    metadata = await service.waitForStatus(ticket, ['delivered', 'rejected', 'failed']);
  });

  it('answers 202 with the ticket summary and its location', async () => {
    const reply = await service.submit('ustva', ustvaSample());
    expect(reply.status).toBe(202);
    expectEnvelope(reply.json, 202, true);
    expect(reply.json.message).toBe('Submission accepted');
    const data = reply.json.data;
    expect(data).toMatchObject({ kind: 'ustva', status: 'queued', test: true });
    expect(data.ticket).toMatch(/^tk_[A-Za-z0-9_-]{22}$/);
    expect(reply.headers.get('location')).toBe(`/v2/ticket/${data.ticket}`);
    expect(data.links).toEqual({
      status: `/v2/status/${data.ticket}`,
      ticket: `/v2/ticket/${data.ticket}`,
      protocol: `/v2/protocol/${data.ticket}`,
    });
  });

  it('reaches delivered with the transfer ticket and file facts in the metadata', () => {
    expect(metadata).toMatchObject({
      ticket,
      kind: 'ustva',
      status: 'delivered',
      test: true,
      year: 2026,
      period: '03',
      tax_number: '*********0010',
      datenart_version: 'UStVA_2026',
      client_reference: 'INV-2026-03',
      attempts: 1,
      webhook: { status: 'disabled', attempts: 0 },
    });
    expect(metadata.transfer_ticket).toMatch(/^[a-z0-9]{32}$/);
    expect(metadata.file_name).toMatch(/\.pdf$/);
    expect(metadata.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    for (const field of ['created_at', 'updated_at', 'delivered_at', 'received_at']) {
      expect(new Date(metadata[field]).toISOString()).toBe(metadata[field]);
    }
    expect(metadata).not.toHaveProperty('client_id');
    expect(metadata).not.toHaveProperty('lease_until');
  });

  it('reports the status', async () => {
    const reply = await service.call('GET', `/v2/status/${ticket}`);
    expect(reply.status).toBe(200);
    expect(metadata.transmitted).toMatchObject({ datenart_version: 'UStVA_2026', size: expect.any(Number) });
    expect(reply.json.data).toEqual({ ticket, status: 'delivered', updated_at: metadata.updated_at, attempts: 1, transmitted: metadata.transmitted });
  });

  it('serves the protocol as JSON with the PDF in base64, under both paths', async () => {
    for (const path of ['protocol', 'response']) {
      const reply = await service.call('GET', `/v2/${path}/${ticket}`);
      expect(reply.status).toBe(200);
      const data = reply.json.data;
      expect(data).toMatchObject({ ticket, transfer_ticket: metadata.transfer_ticket, file_name: metadata.file_name, content_type: 'application/pdf' });
      const pdf = Buffer.from(data.file_content, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBe(data.file_size);
      expect(data.file_size).toBe(metadata.file_size);
    }
  });

  it('serves the raw PDF to a caller that accepts application/pdf', async () => {
    const reply = await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${metadata.file_name}"`);
    expect(Buffer.from(reply.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(reply.bytes).digest('hex')).toBe(metadata.file_sha256);
  });

  it('answers HEAD with the GET status and headers but no body', async () => {
    for (const path of [`/v2/status/${ticket}`, `/v2/ticket/${ticket}`, `/v2/protocol/${ticket}`, `/v2/response/${ticket}`, '/v2/version']) {
      const get = await service.call('GET', path);
      const head = await service.call('HEAD', path);
      expect(head.status).toBe(get.status);
      expect(head.text).toBe('');
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    }
    const missing = await service.call('HEAD', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('');
  });
});

describe('an ESt from submission to protocol', () => {
  it('is delivered with its own Datenart version and protocol', async () => {
    const reply = await service.submit('est', estSample());
    expect(reply.status).toBe(202);
    expect(reply.json.data.kind).toBe('est');
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', kind: 'est', year: 2025, datenart_version: 'ESt_2025' });
    expect(metadata).not.toHaveProperty('period');
    const protocol = await service.call('GET', `/v2/protocol/${metadata.ticket}`, { headers: { accept: 'application/pdf' } });
    expect(Buffer.from(protocol.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('a first ESt, with a tax office instead of a tax number', () => {
  it('is delivered, and its metadata names the tax office', async () => {
    const { tax_number: _, ...body } = estSample();
    const reply = await service.submit('est', { ...body, tax_office: '9198' });
    expect(reply.status).toBe(202);
    const metadata = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(metadata).toMatchObject({ status: 'delivered', tax_office: '9198' });
    expect(metadata).not.toHaveProperty('tax_number');
  });
});

describe('version', () => {
  it('is public and names the tax authority and Datenart versions', async () => {
    const reply = await service.call('GET', '/v2/version', { key: null });
    expect(reply.status).toBe(200);
    expectEnvelope(reply.json, 200, true);
    expect(reply.json.data).toMatchObject({ api_version: 'v2', tax_authority: 'sandbox', build: expect.any(String) });
    expect(reply.json.data.datenart_versions).toEqual(expect.arrayContaining(['UStVA_2026', 'ESt_2025']));
  });

  it('lists exactly what is accepted today (the tests hold 24 November 2026)', async () => {
    const { data } = (await service.call('GET', '/v2/version', { key: null })).json;
    expect(data.today).toBe('2026-11-24');
    // Each form's own years; a form added later is held to its facts by its own tests.
    expect(Object.keys(data.years).sort()).toEqual([...kinds].sort());
    expect(data.years).toMatchObject({
      est: [2022, 2023, 2024, 2025],
      euer: [2021, 2022, 2023, 2024, 2025],
      kst: [2021, 2022, 2023, 2024, 2025],
      lsta: [2021, 2022, 2023, 2024, 2025, 2026],
      ust: [2021, 2022, 2023, 2024, 2025],
      ustva: [2021, 2022, 2023, 2024, 2025, 2026],
      zm: [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026],
    });
    expect([...data.datenart_versions].sort()).toEqual(
      [...new Set(kinds.flatMap((kind) => data.years[kind].map((year: number) => datenartVersion(kind, year))))].sort(),
    );
    expect(data.datenart_versions).toEqual(
      expect.arrayContaining([
        ...['ESt_2022', 'ESt_2023', 'ESt_2024', 'ESt_2025'],
        ...['EUER_2021', 'EUER_2022', 'EUER_2023', 'EUER_2024', 'EUER_2025'],
        ...['LStA_2021', 'LStA_2022', 'LStA_2023', 'LStA_2024', 'LStA_2025', 'LStA_2026'],
        ...['USt_2021', 'USt_2022', 'USt_2023', 'USt_2024', 'USt_2025'],
        ...['UStVA_2021', 'UStVA_2022', 'UStVA_2023', 'UStVA_2024', 'UStVA_2025', 'UStVA_2026'],
        'ZMDO',
      ]),
    );
  });
});

describe('errors, each in the envelope', () => {
  const json = { 'content-type': 'application/json' };

  it('400 for a body that is not JSON', async () => {
    const reply = await service.call('POST', '/v2/ustva', { body: '{"year": 2026,', headers: json });
    expectError(reply, 400, 'MALFORMED_JSON');
  });

  it('415 for another content type', async () => {
    const reply = await service.call('POST', '/v2/ustva', { body: 'year=2026', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('413 for a body over 1 MiB', async () => {
    const body = JSON.stringify({ ...ustvaSample(), padding: 'x'.repeat(1024 * 1024) });
    expectError(await service.call('POST', '/v2/ustva', { body, headers: json }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('422 listing every failing field at once', async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), year: 1999, period: '13', tax_number: '123', kennzahlen: { kz81: 'ten' }, extra: 1 });
    expectError(reply, 422, 'VALIDATION_FAILED');
    const paths = reply.json.error.details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['year', 'period', 'tax_number', 'kennzahlen.kz81', 'extra']));
    for (const detail of reply.json.error.details) {
      expect(detail).toEqual({ path: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    }
  });

  it('422 naming the type a field takes and an example of it, for a value of the wrong type', async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), period: 9 });
    expectError(reply, 422, 'VALIDATION_FAILED');
    expect(reply.json.error.details).toEqual([{ path: 'period', code: 'INVALID_TYPE', message: 'must be a string, e.g. "01"' }]);
  });

  it('422 for a live submission the service does not allow', async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), test: false });
    expectError(reply, 422, 'VALIDATION_FAILED');
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'test', code: 'LIVE_NOT_ALLOWED' })]);
  });

  it('401 without a key or with an unknown one', async () => {
    expectError(await service.submit('ustva', ustvaSample(), null as never), 401, 'UNAUTHORIZED');
    expectError(await service.call('GET', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', { key: 'sbk_unknown' }), 401, 'UNAUTHORIZED');
  });

  it('accepts the key as x-api-key too', async () => {
    const reply = await service.call('GET', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', { key: null, headers: { 'x-api-key': service.runtime.apiKey } });
    expectError(reply, 404, 'NOT_FOUND');
  });

  it('404 for an unknown route, a malformed ticket ID and an unknown ticket', async () => {
    expectError(await service.call('GET', '/v2/nothing'), 404, 'NOT_FOUND');
    expectError(await service.call('GET', '/v2/status/..%2F..%2Fetc'), 404, 'NOT_FOUND');
    expectError(await service.call('GET', '/v2/ticket/tk_short'), 404, 'NOT_FOUND');
    expectError(await service.call('GET', '/v2/protocol/tk_AAAAAAAAAAAAAAAAAAAAAA'), 404, 'NOT_FOUND');
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const post = await service.call('DELETE', '/v2/ustva');
    expectError(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('POST');
    const get = await service.call('POST', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', { body: '{}', headers: json });
    expectError(get, 405, 'METHOD_NOT_ALLOWED');
    expect(get.headers.get('allow')).toBe('GET, HEAD');
    const head = await service.call('HEAD', '/v2/est');
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('POST');
  });

  it('echoes a sane x-request-id and replaces an insane one', async () => {
    const sane = await service.call('GET', '/v2/version', { headers: { 'x-request-id': 'caller-123.abc' } });
    expect(sane.headers.get('x-request-id')).toBe('caller-123.abc');
    expect(sane.json.request_id).toBe('caller-123.abc');
    const insane = await service.call('GET', '/v2/version', { headers: { 'x-request-id': 'a'.repeat(300) } });
    expect(insane.headers.get('x-request-id')).not.toBe('a'.repeat(300));
    expect(insane.json.request_id).toBe(insane.headers.get('x-request-id'));
  });

  it('never sends a stack trace or the submitted data back', async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), tax_number: '98765432109876' });
    expect(reply.text).not.toContain('98765432109876');
    expect(reply.text).not.toMatch(/\bat .+\.ts:\d+/);
  });
});

describe('tenancy', () => {
  it("answers 404 for another client's ticket on every read", async () => {
    const reply = await service.submit('ustva', ustvaSample());
    const ticket = reply.json.data.ticket;
    await service.waitForStatus(ticket, ['delivered']);
    const otherKey = await service.runtime.createApiKey('other-client');
    for (const path of [`/v2/status/${ticket}`, `/v2/ticket/${ticket}`, `/v2/protocol/${ticket}`, `/v2/response/${ticket}`]) {
      expectError(await service.call('GET', path, { key: otherKey }), 404, 'NOT_FOUND');
    }
    expectError(await service.call('GET', `/dummy/hook-run/${ticket}`, { key: otherKey, base: 'receiver' }), 404, 'NOT_FOUND');
  });
});

describe('webhooks switched off', () => {
  it('sends nothing: no request reaches the receiver, and hook-run answers 409 HOOK_DISABLED', async () => {
    const reply = await service.submit('ustva', ustvaSample());
    const ticket = reply.json.data.ticket;
    const metadata = await service.waitForStatus(ticket, ['delivered']);
    expect(metadata.webhook).toEqual({ status: 'disabled', attempts: 0 });
    const received = await readdir(join(service.dataDir, 'receiver')).catch(() => []);
    expect(received).toEqual([]);
    expectError(await service.call('GET', `/dummy/hook-run/${ticket}`, { base: 'receiver' }), 409, 'HOOK_DISABLED');
    expect(receiver.requests).toHaveLength(0);
  });
});
