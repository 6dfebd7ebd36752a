import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpNotifier } from '#shared/adapters/http-notifier.ts';

let server: Server;
let base: string;
const seen: { headers: IncomingMessage['headers']; body: string; socket: unknown }[] = [];
const answers: Record<string, (response: ServerResponse) => void> = {
  '/ok': (response) => response.writeHead(200).end('thanks'),
  '/long': (response) => response.writeHead(500).end(`x${'ä'.repeat(200)}${'x'.repeat(100_000)}`),
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
  it("POSTs the body and headers whole, and answers the status and the answer's body; a second delivery reuses the connection", async () => {
    seen.length = 0;
    expect(await notify('/ok')).toEqual({ status: 200, excerpt: 'thanks' });
    expect(await notify('/ok')).toEqual({ status: 200, excerpt: 'thanks' });
    expect(seen[0]).toMatchObject({
      body: '{"ticket":"tk_ä"}',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'content-length': '18' },
    });
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
  });

  it('keeps the first 256 bytes of a long answer, a character cut in two replaced, and drains the rest', async () => {
    expect(await notify('/long')).toEqual({ status: 500, excerpt: `x${'ä'.repeat(127)}\uFFFD` });
    expect(await notify('/ok')).toEqual({ status: 200, excerpt: 'thanks' });
  });

  it("passes on the receiver's Retry-After, and does not follow a redirect", async () => {
    expect(await notify('/busy')).toEqual({ status: 429, retryAfter: '120' });
    expect(await notify('/moved')).toEqual({ status: 302 });
  });

  it('tells a timeout, a refused connection, an unknown host and a URL it cannot use apart', async () => {
    const to = (url: string) => new HttpNotifier().notify({ url, body: '{}', headers: {}, timeoutMs: 2000 });
    expect(await notify('/slow', 200)).toEqual({ error: 'timeout' });
    expect(await to('http://127.0.0.1:1/hook')).toEqual({ error: 'connection_refused' });
    expect(await to('http://no-such-host.invalid/hook')).toEqual({ error: 'dns' });
    expect(await to('ftp://example.test/hook')).toEqual({ error: 'invalid_url' });
  });
});
