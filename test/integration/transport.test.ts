// What reaches the service over HTTP must mean one thing, and every answer, even to a request no
// handler sees, comes in the envelope: against the local runtime, with raw sockets where fetch
// cannot send the case.

import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { newApiKey } from '#shared/domain/api-key.ts';
import { transportLimits } from '#shared/http/transport.ts';
import { logger } from '#shared/logger.ts';
import { openapiDocument } from '#shared/openapi/document.ts';
import { apiKeyStore } from '#shared/wiring/adapters.ts';
import { storedRecords } from '#test/faults/stored-records.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { http11, http11Head, rawRequest } from '#test/support/raw-http.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

// Shorter than the defaults, so the timeouts are waited for in seconds, yet far enough apart that
// a request cut off by the wrong one shows, with the margins below, on a busy machine.
const timeouts = { headersTimeoutSeconds: 3, requestTimeoutSeconds: 7 };
const service = serviceOfFile(timeouts);

const expectError = (reply: { status: number; json: any }, status: number, code: string) => {
  expect(reply.status).toBe(status);
  expect(reply.json).toMatchObject({ success: false, status, data: null, error: { code, details: expect.any(Array) } });
  expect(reply.json).toMatchObject({ request_id: expect.any(String), api_version: 'v2', service_version: expect.any(String), timestamp: expect.any(String) });
};

const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  service.call('POST', path, { body, headers: { 'content-type': 'application/json', ...headers } });

/** Runs `send` and expects it to leave no ticket, idempotency record or stored body behind. */
async function storesNothing<T>(send: () => Promise<T>): Promise<T> {
  const before = await storedRecords();
  const reply = await send();
  expect(await storedRecords()).toBe(before);
  return reply;
}

/**
 * Each operation of the OpenAPI document with a URL to call it by, its responses (HEAD documents the
 * statuses of its GET, without bodies) and the error codes it documents for a status.
 */
function documentedOperations() {
  const doc = openapiDocument() as any;
  const resolve = (node: any): any =>
    node?.$ref
      ? resolve(
          node.$ref
            .slice(2)
            .split('/')
            .reduce((at: any, key: string) => at[key], doc),
        )
      : node;
  const examples: Record<string, string> = { '{ticket}': 'tk_AAAAAAAAAAAAAAAAAAAAAA', '{certificate_id}': 'crt_AAAAAAAAAAAAAAAAAAAAAA' };
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    ['get', 'head', 'post', 'delete']
      .filter((method) => item[method])
      .map((method) => {
        const responses = item[method].responses;
        const documented = (status: string): string[] | undefined =>
          resolve((method === 'head' ? item.get : item[method]).responses[status])?.content?.['application/json'].schema.allOf[1].properties.error.properties
            .code.enum;
        return { path, method, url: path.replace(/\{\w+\}/g, (name) => examples[name]!), responses, documented };
      }),
  );
}

describe('a body that means one thing', () => {
  const latin1 = Buffer.from(JSON.stringify({ ...ustvaSample(), supplier: { ...ustvaSample().supplier, name: 'Müller GmbH' } }), 'latin1');

  it('400 MALFORMED_JSON with the offset of the first byte that is not UTF-8', async () => {
    const reply = await storesNothing(() => post('/v2/ustva', latin1));
    expectError(reply, 400, 'MALFORMED_JSON');
    expect(reply.json.message).toContain(`offset ${latin1.indexOf(0xfc)} `);
  });

  it('415 for a charset other than UTF-8, on submit and validate alike', async () => {
    for (const path of ['/v2/ustva', '/v2/ustva/validate']) {
      expectError(await storesNothing(() => post(path, latin1, { 'content-type': 'application/json; charset=iso-8859-1' })), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await post('/v2/ustva/validate', JSON.stringify(ustvaSample()), { 'content-type': 'application/json; charset=UTF-8' })).status).toBe(200);
  });

  it('415 for a compressed body', async () => {
    const gzipped = gzipSync(JSON.stringify(ustvaSample()));
    expectError(await storesNothing(() => post('/v2/ustva', gzipped, { 'content-encoding': 'gzip' })), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('400 naming a key an object repeats, so "test" cannot be both false and true', async () => {
    const body = JSON.stringify(ustvaSample()).replace('"test":true', '"test":false,"test":true');
    const reply = await storesNothing(() => post('/v2/ustva', body));
    expectError(reply, 400, 'MALFORMED_JSON');
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'test', code: 'DUPLICATE_KEY' })]);
  });

  it('422 naming __proto__ in kennzahlen, never dropping it', async () => {
    const body = JSON.stringify(ustvaSample()).replace('"kennzahlen":{', '"kennzahlen":{"__proto__":{"kz81":1},');
    const reply = await storesNothing(() => post('/v2/ustva', body));
    expectError(reply, 422, 'VALIDATION_FAILED');
    expect(reply.json.error.details).toEqual([expect.objectContaining({ path: 'kennzahlen.__proto__', code: 'KEY_NOT_ALLOWED' })]);
  });

  it('422 for __proto__, constructor and prototype in an ESt, on submit and validate', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = JSON.stringify(estSample()).replace('"deductions":{', `"deductions":{"${key}":"1.00",`);
      for (const path of ['/v2/est', '/v2/est/validate']) {
        const reply = await storesNothing(() => post(path, body));
        expectError(reply, 422, 'VALIDATION_FAILED');
        expect(reply.json.error.details).toEqual([expect.objectContaining({ path: `deductions.${key}`, code: 'KEY_NOT_ALLOWED' })]);
      }
    }
  });
});

describe('a single-valued header sent twice', () => {
  const send = (headers: [string, string][]) => {
    const body = JSON.stringify(ustvaSample());
    return rawRequest(service.runtime.apiUrl, [http11('POST /v2/ustva', [['Content-Type', 'application/json'], ...headers], body)]);
  };
  const bearer = (): [string, string] => ['Authorization', `Bearer ${service.runtime.apiKey}`];

  it('400 for two Idempotency-Key headers, rather than one key "k1,k2"', async () => {
    const reply = await storesNothing(() => send([bearer(), ['Idempotency-Key', 'k1'], ['Idempotency-Key', 'k2']]));
    expectError(reply, 400, 'BAD_REQUEST');
    expect(reply.json.message).toContain('Idempotency-Key');
  });

  it('400 for two Authorization headers, even when both name the same key', async () => {
    expectError(await storesNothing(() => send([bearer(), bearer()])), 400, 'BAD_REQUEST');
    expectError(await storesNothing(() => send([bearer(), ['Authorization', 'Bearer sbk_other']])), 400, 'BAD_REQUEST');
  });

  it('400 for two x-api-key headers', async () => {
    const key: [string, string] = ['x-api-key', service.runtime.apiKey];
    expectError(await storesNothing(() => send([key, key])), 400, 'BAD_REQUEST');
  });

  it('400 BAD_REQUEST on every route, as the OpenAPI document says of each operation', async () => {
    const operations = documentedOperations();
    expect(operations.length).toBeGreaterThanOrEqual(26);
    for (const { path, method, url, responses, documented } of operations) {
      const reply = await service.call(method.toUpperCase(), url, {
        key: null,
        headers: { 'x-api-key': `${service.runtime.apiKey},${service.runtime.apiKey}`, 'content-type': 'application/json' },
        ...(method === 'post' && { body: '{}' }),
      });
      expect(reply.status, `${method} ${path}`).toBe(400);
      if (method !== 'head') expect(reply.json.error.code, `${method} ${path}`).toBe('BAD_REQUEST');
      expect(responses, `${method} ${path}`).toHaveProperty('400');
      expect(documented('400'), `${method} ${path}`).toContain('BAD_REQUEST');
    }
  });

  it('still takes each of them once', async () => {
    const reply = await send([bearer(), ['Idempotency-Key', 'transport-once']]);
    expect(reply.status).toBe(202);
  });
});

describe('a request without a valid key, answered before its body is read', () => {
  const api = () => service.runtime.apiUrl;
  const tenMiB = transportLimits.maxBodyBytes;
  const json: [string, string] = ['Content-Type', 'application/json'];

  async function revokedKey(): Promise<string> {
    const { key, record } = newApiKey('revoked-at-the-gateway');
    await apiKeyStore().put({ ...record, revoked_at: new Date().toISOString() });
    return key;
  }

  it.each([
    ['no key', async (): Promise<[string, string][]> => []],
    ['an unknown key', async (): Promise<[string, string][]> => [['Authorization', 'Bearer sbk_unknown']]],
    ['a revoked key', async (): Promise<[string, string][]> => [['x-api-key', await revokedKey()]]],
  ])('401 for a 10 MiB POST with %s, while the client still holds back all but 64 KiB, and the connection closed', async (_, credentials) => {
    // The client waits for the server to close before it would send more: only an answer that does
    // not wait for the rest of the body can arrive (one that waits gets 408 once the request times out).
    const head = http11Head('POST /v2/ustva', [json, ...(await credentials())], tenMiB);
    const reply = await storesNothing(() => rawRequest(api(), [head, Buffer.alloc(64 * 1024, 0x20)]));
    expectError(reply, 401, 'UNAUTHORIZED');
    expect(reply.headers).toMatchObject({ connection: 'close', 'www-authenticate': 'Bearer' });
  });

  it('401 on every route the OpenAPI document lists 401 for, with none of the announced body sent', async () => {
    const authenticated = documentedOperations().filter(({ responses }) => '401' in responses);
    expect(authenticated.length).toBeGreaterThanOrEqual(20);
    for (const { path, method, url, documented } of authenticated) {
      const reply = await rawRequest(api(), [http11Head(`${method.toUpperCase()} ${url}`, [json], tenMiB)]);
      expect([`${method} ${path}`, reply.status, reply.headers.connection]).toEqual([`${method} ${path}`, 401, 'close']);
      expect(documented('401')).toContain('UNAUTHORIZED');
    }
  });

  it('401 for a client that sends its whole 10 MiB at once, too', async () => {
    const reply = await rawRequest(api(), [http11Head('POST /v2/ustva', [json], tenMiB), Buffer.alloc(tenMiB, 0x20)]);
    expectError(reply, 401, 'UNAUTHORIZED');
  });

  it('401 instead of 100 Continue for a client that waits for it, which so never sends its body', async () => {
    expect(await postExpecting('100-continue', JSON.stringify(ustvaSample()), null)).toEqual({ continued: false, status: 401 });
  });

  it('100 Continue, and then the answer, for a request with a valid key, however the expectation is spelt', async () => {
    for (const expectation of ['100-continue', '100-Continue', '100-CONTINUE']) {
      expect(await postExpecting(expectation, JSON.stringify(ustvaSample()), service.runtime.apiKey)).toEqual({ continued: true, status: 200 });
    }
  });

  it('reads the body of a public route, which needs no key', async () => {
    const reply = await rawRequest(api(), [http11('POST /v2/version', [json], '{}')]);
    expectError(reply, 405, 'METHOD_NOT_ALLOWED');
  });
});

/** POSTs `body` to validate with `Expect` through Node's client, which sends the body only once the server answers 100 Continue. */
function postExpecting(expectation: string, body: string, key: string | null): Promise<{ continued: boolean; status: number }> {
  const { hostname, port } = new URL(service.runtime.apiUrl);
  const headers = {
    expect: expectation,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...(key && { authorization: `Bearer ${key}` }),
  };
  return new Promise((resolve, reject) => {
    let continued = false;
    const request = httpRequest({ hostname, port, method: 'POST', path: '/v2/ustva/validate', headers, agent: false });
    request.on('continue', () => {
      continued = true;
      request.end(body);
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        resolve({ continued, status: response.statusCode! });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}

describe('HEAD', () => {
  it('carries the Content-Length GET sends, for JSON, the raw PDF and errors', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const ticket = json.data.ticket;
    await service.waitForStatus(ticket, ['delivered']);
    const reads: [string, Record<string, string>][] = [
      [`/v2/status/${ticket}`, {}],
      [`/v2/ticket/${ticket}`, {}],
      [`/v2/protocol/${ticket}`, {}],
      [`/v2/protocol/${ticket}`, { accept: 'application/pdf' }],
      ['/v2/version', {}],
      ['/v2/openapi.json', {}],
      ['/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', {}],
      ['/v2/nothing', {}],
    ];
    for (const [path, headers] of reads) {
      // The same request ID on both, so the envelopes are of equal length.
      const same = { ...headers, 'x-request-id': 'head-length' };
      const get = await service.call('GET', path, { headers: same });
      const head = await service.call('HEAD', path, { headers: same });
      expect(head.text).toBe('');
      expect([path, head.headers.get('content-length')]).toEqual([path, String(get.bytes.length)]);
    }
  });
});

describe('answers the gateway gives itself, in the envelope', () => {
  const api = () => service.runtime.apiUrl;

  it(`413 PAYLOAD_TOO_LARGE for a body over ${transportLimits.maxBodyBytes} bytes`, async () => {
    const reply = await storesNothing(() => post('/v2/ustva', Buffer.alloc(transportLimits.maxBodyBytes + 1, 0x20)));
    expectError(reply, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('431 HEADERS_TOO_LARGE for headers over the limit', async () => {
    const reply = await rawRequest(api(), [http11('GET /v2/version', [['x-padding', 'x'.repeat(transportLimits.maxHeaderBytes)]])]);
    expectError(reply, 431, 'HEADERS_TOO_LARGE');
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(reply.text)));
  });

  /** The Authorization header line of the development key: a body without a key is never read. */
  const bearerLine = () => `Authorization: Bearer ${service.runtime.apiKey}\r\n`;

  it.each([
    ['a space in a header name', () => http11('GET /v2/version', [['Bad Header', 'x']])],
    [
      'a broken chunked body',
      () => `POST /v2/ustva HTTP/1.1\r\nHost: s\r\n${bearerLine()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nzz\r\n`,
    ],
    [
      'both Content-Length and Transfer-Encoding',
      () => `POST /v2/ustva HTTP/1.1\r\nHost: s\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    ['no HTTP at all', () => 'HELLO\r\n\r\n'],
  ])('400 BAD_REQUEST for %s', async (_, request) => {
    expectError(await rawRequest(api(), [request()]), 400, 'BAD_REQUEST');
  });

  /** A request line as sent, its headers, and a close. */
  const lines = (requestLine: string, headers = ['Host: steuerbote']) => `${[requestLine, ...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`;

  /** Sends `request` and returns the answer with the log lines the gateway wrote for it, found by its request ID. */
  async function sendLogged(request: string) {
    // The tests run at level ERROR; the gateway logs its refusals as warnings.
    const level = logger.getLevelName();
    logger.setLogLevel('WARN');
    const written: string[] = [];
    const capture = (chunk: unknown) => Boolean(written.push(String(chunk)));
    const spies = [vi.spyOn(process.stdout, 'write').mockImplementation(capture), vi.spyOn(process.stderr, 'write').mockImplementation(capture)];
    try {
      const reply = await rawRequest(api(), [request]);
      const logged = written.filter((line) => line.includes(`"request_id":"${reply.json?.request_id}"`));
      return { reply, logged: logged.map((line) => JSON.parse(line) as Record<string, unknown>), written: logged.join('') };
    } finally {
      for (const spy of spies) spy.mockRestore();
      logger.setLogLevel(level);
    }
  }

  it.each([
    ['an absolute-form target whose authority is a broken IPv6 literal', lines('GET http://[ HTTP/1.1'), 'http://['],
    ['an absolute-form target whose port is out of range', lines('GET http://127.0.0.1:99999/v2/version HTTP/1.1'), '99999'],
    ['an absolute-form target whose host is a broken percent-encoding', lines('GET http://%zz/v2/version HTTP/1.1'), '%zz'],
    ['an absolute-form target with user information', lines('GET http://user:secret@steuerbote/v2/version HTTP/1.1'), 'secret'],
    ['an absolute-form target of another scheme', lines('GET ftp://steuerbote/v2/version HTTP/1.1'), 'ftp:'],
    ['an absolute-form target without a host', lines('GET http:///v2/version HTTP/1.1'), 'http:'],
    ['a Host that is a broken percent-encoding', lines('GET /v2/version HTTP/1.1', ['Host: %zz']), '%zz'],
    ['a Host whose port is out of range', lines('GET /v2/version HTTP/1.1', ['Host: steuerbote:99999']), '99999'],
    ['a Host with a space', lines('GET /v2/version HTTP/1.1', ['Host: steuer bote']), 'steuer bote'],
    ['an empty Host', lines('GET /v2/version HTTP/1.1', ['Host:']), '/v2/version'],
    ['two Host headers', lines('GET /v2/version HTTP/1.1', ['Host: steuerbote', 'Host: other']), 'other'],
    ['no Host in HTTP/1.1', lines('GET /v2/version HTTP/1.1', []), '/v2/version'],
    ['a path with a broken percent-encoding', lines('GET /v2/status/%zz HTTP/1.1'), '%zz'],
    ['a query with a broken percent-encoding', lines('GET /v2/version?q=%4 HTTP/1.1'), '%4'],
    ['a fragment', lines('GET /v2/version#top HTTP/1.1'), '#top'],
    ['the target *', lines('OPTIONS * HTTP/1.1'), 'OPTIONS *'],
    ['CONNECT', lines('CONNECT steuerbote:443 HTTP/1.1', ['Host: steuerbote:443']), 'steuerbote:443'],
    ['HTTP/0.9', lines('GET /v2/version HTTP/0.9'), 'HTTP/0.9'],
    ['HTTP/2.0 over an HTTP/1 connection', lines('GET /v2/version HTTP/2.0'), 'HTTP/2.0'],
  ])('400 BAD_REQUEST for %s, with a log line that does not repeat it', async (_, request, sent) => {
    const { reply, logged, written } = await sendLogged(request);
    expectError(reply, 400, 'BAD_REQUEST');
    expect(logged).toEqual([expect.objectContaining({ level: 'WARN', status: 400, code: 'BAD_REQUEST', reason: reply.json.message })]);
    expect(written).not.toContain(sent);
  });

  it("logs Node's own refusals too, by the parser's code", async () => {
    const { reply, logged } = await sendLogged('HELLO\r\n\r\n');
    expectError(reply, 400, 'BAD_REQUEST');
    expect(logged).toEqual([expect.objectContaining({ level: 'WARN', status: 400, code: 'BAD_REQUEST', parser_code: expect.stringMatching(/^HPE_/) })]);
  });

  it('takes a well-formed absolute-form target, and routes a path as sent', async () => {
    expect((await rawRequest(api(), [lines('GET http://steuerbote:3000/v2/version HTTP/1.1')])).status).toBe(200);
    expect((await rawRequest(api(), [lines('GET /v2/version HTTP/1.0', [])])).status).toBe(200);
    // No URL resolution: "//host/…" stays a path, and so do dot segments, so neither reaches /v2/version.
    for (const path of ['//steuerbote/v2/version', '/v2/../v2/version', '/v2\\version']) {
      expectError(await rawRequest(api(), [lines(`GET ${path} HTTP/1.1`)]), 404, 'NOT_FOUND');
    }
  });

  it.each(['something-else', '100-continue-x', '100-Continue-X', 'x-100-continue', '100-continue=1', '100-continue, foo'])(
    '417 EXPECTATION_FAILED for Expect: %s, never a 100 Continue first',
    async (expectation) => {
      const reply = await rawRequest(api(), [
        http11(
          'POST /v2/ustva/validate',
          [
            ['Expect', expectation],
            ['Authorization', `Bearer ${service.runtime.apiKey}`],
            ['Content-Type', 'application/json'],
          ],
          '{}',
        ),
      ]);
      expectError(reply, 417, 'EXPECTATION_FAILED');
    },
  );

  // These wait for the real timeouts, side by side.
  it.concurrent.each([
    ['headers', timeouts.headersTimeoutSeconds, () => ['GET /v2/version HTTP/1.1\r\n', ...Array.from({ length: 30 }, (_, i) => `X-Slow-${i}: 1\r\n`)]],
    [
      'a body',
      timeouts.requestTimeoutSeconds,
      () => [`POST /v2/ustva HTTP/1.1\r\nHost: s\r\n${bearerLine()}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n`, ...Array(60).fill('{')],
    ],
  ])(
    '408 REQUEST_TIMEOUT for a client that trickles %s, within seconds of the limit',
    async (_, seconds, parts) => {
      const reply = await rawRequest(api(), parts() as string[], { gapMs: 1000 });
      expectError(reply, 408, 'REQUEST_TIMEOUT');
      expect(reply.json.message).toBe(
        `The request must arrive within ${timeouts.requestTimeoutSeconds} s, its headers within ${timeouts.headersTimeoutSeconds} s`,
      );
      expect(reply.ms).toBeGreaterThanOrEqual(seconds * 1000 - 500);
      expect(reply.ms).toBeLessThan(seconds * 1000 + 3000);
    },
    timeouts.requestTimeoutSeconds * 1000 + 10_000,
  );

  it.concurrent(
    'closes an idle kept-alive connection after a few seconds',
    async () => {
      const reply = await rawRequest(api(), ['GET /v2/version HTTP/1.1\r\nHost: s\r\n\r\n']);
      expect(reply.status).toBe(200);
      expect(reply.ms).toBeLessThan(transportLimits.keepAliveSeconds * 1000 + 2000);
    },
    15_000,
  );
});
