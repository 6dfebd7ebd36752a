import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpNotifier } from '#shared/adapters/http-notifier.ts';

let server: Server;
let base: string;
const seen: { headers: IncomingMessage['headers']; body: string; socket: unknown }[] = [];
const answers: Record<string, (response: ServerResponse) => void> = {
  '/ok': (response) => response.writeHead(200).end('a body nobody reads'),
  '/busy': (response) => response.writeHead(429, { 'retry-after': '120' }).end(),
  '/moved': (response) => response.writeHead(302, { location: '/ok' }).end(),
  '/slow': () => undefined,
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    seen.push({ headers: request.headers, body, socket: request.socket });
    answers[request.url!]!(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const notify = (path: string, timeoutMs = 2000) =>
  new HttpNotifier().notify({ url: base + path, body: '{"ticket":"tk_ä"}', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, timeoutMs });

describe('HttpNotifier', () => {
  it('POSTs the body and headers whole, and answers the status; a second delivery reuses the connection', async () => {
    seen.length = 0;
    expect(await notify('/ok')).toEqual({ status: 200 });
    expect(await notify('/ok')).toEqual({ status: 200 });
    expect(seen[0]).toMatchObject({
      body: '{"ticket":"tk_ä"}',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'content-length': '18' },
    });
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
  });

  it("passes on the receiver's Retry-After, and does not follow a redirect", async () => {
    expect(await notify('/busy')).toEqual({ status: 429, retryAfter: '120' });
    expect(await notify('/moved')).toEqual({ status: 302 });
  });

  it('tells a timeout from a receiver that cannot be reached', async () => {
    expect(await notify('/slow', 200)).toEqual({ error: 'timeout' });
    expect(await new HttpNotifier().notify({ url: 'http://127.0.0.1:1/hook', body: '{}', headers: {}, timeoutMs: 2000 })).toEqual({ error: 'unreachable' });
    expect(await new HttpNotifier().notify({ url: 'ftp://example.test/hook', body: '{}', headers: {}, timeoutMs: 2000 })).toEqual({ error: 'unreachable' });
  });
});
