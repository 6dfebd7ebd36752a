import { afterEach, describe, expect, it } from 'vitest';
import { apis } from '../shared/manifest.ts';
import { startGateway, type Gateway, type HttpLambda } from '#local/http-gateway.ts';
import { http11, rawRequest } from '../test/support/raw-http.ts';

let gateway: Gateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

const start = async (handler: HttpLambda) => (gateway = await startGateway(apis.api, () => handler, { host: '127.0.0.1', port: 0 }));

describe('the local gateway', () => {
  it.each([
    [
      'throws',
      (async () => {
        throw new Error('tax number 9198011310010 at /srv/secret.ts:12');
      }) as HttpLambda,
    ],
    ['returns nothing', (async () => undefined) as unknown as HttpLambda],
  ])('answers 500 INTERNAL in the envelope when a function %s', async (_, handler) => {
    const { url } = await start(handler);
    const reply = await fetch(`${url}/v2/version`, { headers: { 'x-request-id': 'caller-1' } });
    const text = await reply.text();
    expect(reply.status).toBe(500);
    expect(JSON.parse(text)).toMatchObject({ success: false, status: 500, request_id: 'caller-1', data: null, error: { code: 'INTERNAL', details: [] } });
    expect(text).not.toContain('9198011310010');
  });

  it("keeps a function's Content-Length for HEAD and measures every other body itself", async () => {
    const { url } = await start(async () => ({ statusCode: 200, headers: { 'content-length': '999' }, body: 'four' }));
    const head = await rawRequest(url, [http11('HEAD /v2/version', [])]);
    expect(head.headers['content-length']).toBe('999');
    const get = await rawRequest(url, [http11('GET /v2/version', [])]);
    expect([get.headers['content-length'], get.text]).toEqual(['4', 'four']);
  });

  it('hands a function repeated headers joined with commas, as API Gateway does', async () => {
    let seen: Record<string, string | undefined> = {};
    const { url } = await start(async (event) => {
      seen = event.headers;
      return { statusCode: 204 };
    });
    // Node itself would keep only the first User-Agent, as it does of Authorization.
    await rawRequest(url, [
      http11('GET /v2/version', [
        ['User-Agent', 'a'],
        ['user-agent', 'b'],
        ['X-Thing', 'c'],
        ['x-thing', 'd'],
        ['Accept', 'e'],
      ]),
    ]);
    expect(seen).toMatchObject({ 'user-agent': 'a,b', 'x-thing': 'c,d', accept: 'e' });
  });

  it('refuses a single-valued header sent twice itself, as every function would, before the body', async () => {
    let called = false;
    const { url } = await start(async () => {
      called = true;
      return { statusCode: 204 };
    });
    const reply = await rawRequest(url, [
      http11('GET /v2/version', [
        ['Authorization', 'a'],
        ['authorization', 'b'],
      ]),
    ]);
    expect([reply.status, reply.json?.error.code, reply.headers.connection]).toEqual([400, 'BAD_REQUEST', 'close']);
    expect(called).toBe(false);
  });

  it('hands over a JSON body that is not UTF-8 base64-encoded, byte for byte', async () => {
    let seen: { body?: string; isBase64Encoded: boolean } = { isBase64Encoded: false };
    const { url } = await start(async (event) => {
      seen = event;
      return { statusCode: 204 };
    });
    const bytes = Buffer.from('{"name":"Müller"}', 'latin1');
    await fetch(`${url}/v2/ustva`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
    expect(seen.isBase64Encoded).toBe(true);
    expect(Buffer.from(seen.body!, 'base64')).toEqual(bytes);
    await fetch(`${url}/v2/ustva`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Müller"}' });
    expect(seen).toMatchObject({ body: '{"name":"Müller"}', isBase64Encoded: false });
  });
});
