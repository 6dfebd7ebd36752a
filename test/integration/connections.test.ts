// The local runtime serves a bounded number of connections at once (docs/reference/limits.md, "Transport"): one
// beyond the limit is answered in the envelope and closed, and is served again once another has
// gone. Against its own runtime with a limit of two, over raw sockets that hold their connections.

import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { http11, http11Head, rawRequest } from '#test/support/raw-http.ts';

const maxConnections = 2;
let service: LocalService;
const holders: Socket[] = [];

beforeAll(async () => {
  service = await startService({ maxConnections });
});
afterAll(async () => {
  for (const socket of holders) socket.destroy();
  await service?.stop();
});

/**
 * A connection that holds its place: connected, and in the middle of a request whose body the
 * gateway waits for (up to its request timeout). Resolves once the connection is made, so a
 * connection made after it is accepted after it.
 */
function hold(): Promise<Socket> {
  const { hostname, port } = new URL(service.runtime.apiUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${http11Head('POST /v2/nothing', [['Content-Type', 'application/json']], 100)}{`);
      resolve(socket);
    });
    socket.on('error', reject);
    holders.push(socket);
  });
}

describe(`a limit of ${maxConnections} connections`, () => {
  it('answers a connection beyond it 503 UNAVAILABLE in the envelope, with Retry-After, and closes it', async () => {
    for (let i = 0; i < maxConnections; i++) await hold();
    const reply = await rawRequest(service.runtime.apiUrl, [http11('GET /v2/version', [])]);
    expect(reply.status).toBe(503);
    expect(reply.json).toMatchObject({ success: false, status: 503, data: null, error: { code: 'UNAVAILABLE', details: [] } });
    expect(reply.json.message).toContain(`at most ${maxConnections} connections`);
    expect(reply.headers).toMatchObject({ 'retry-after': '1', connection: 'close' });
  });

  it('serves again once a connection has gone, and keeps to the limit however many it turned away', async () => {
    const version = async () => (await rawRequest(service.runtime.apiUrl, [http11('GET /v2/version', [])])).status;
    holders.shift()!.destroy();
    await eventually(async () => (await version()) === 200);
    await hold();
    expect(await version()).toBe(503);
  });
});
