// Webhooks switched on: the example receiver stores the protocol, hook-run sends again, and a
// receiver that fails is retried by the queue rather than forgotten.

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

describe('with the example receiver', () => {
  let service: LocalService;

  beforeAll(async () => {
    service = await startService({ env: { HOOK_ENABLED: 'true' } });
  });
  afterAll(() => service?.stop());

  it('stores the exact PDF bytes under the ticket', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const metadata = await service.waitForStatus(json.data.ticket, ['delivered']);
    const webhook = await eventually(async () => {
      const reply = await service.call('GET', `/v2/ticket/${metadata.ticket}`);
      return reply.json.data.webhook.status === 'delivered' && reply.json.data.webhook;
    });
    expect(webhook).toMatchObject({ status: 'delivered', attempts: 1, last_response_status: 200 });
    const stored = await readFile(join(service.dataDir, 'receiver', metadata.ticket, metadata.file_name));
    const served = await service.call('GET', `/v2/protocol/${metadata.ticket}`, { headers: { accept: 'application/pdf' } });
    expect(Buffer.compare(stored, Buffer.from(served.bytes))).toBe(0);
  });

  it('sends the notification again on hook-run, as a new delivery', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const ticket = json.data.ticket;
    const first = await eventually(async () => {
      const { data } = (await service.call('GET', `/v2/ticket/${ticket}`)).json;
      return data.webhook.status === 'delivered' && data.webhook;
    });

    const run = await service.call('GET', `/dummy/hook-run/${ticket}`, { base: 'receiver' });
    expect(run.status).toBe(202);
    expect(run.json.data).toEqual({ ticket, webhook_id: expect.stringMatching(/^msg_/) });
    const webhook = await eventually(async () => {
      const { data } = (await service.call('GET', `/v2/ticket/${ticket}`)).json;
      return data.webhook.status === 'delivered' && data.webhook.last_attempt_at > first.last_attempt_at && data.webhook;
    });
    expect(webhook).toMatchObject({ attempts: 1, last_response_status: 200 });
  });

  it('answers hook-run for an unknown ticket with 404 and requires the key', async () => {
    expect((await service.call('GET', '/dummy/hook-run/tk_AAAAAAAAAAAAAAAAAAAAAA', { base: 'receiver' })).status).toBe(404);
    expect((await service.call('GET', '/dummy/hook-run/tk_AAAAAAAAAAAAAAAAAAAAAA', { base: 'receiver', key: null })).status).toBe(401);
  });

  it('refuses what is not a PDF notification', async () => {
    const post = (body: unknown, contentType = 'application/json') =>
      service.call('POST', '/dummy/hook-endpoint', { base: 'receiver', key: null, body: JSON.stringify(body), headers: { 'content-type': contentType } });
    const notPdf = await post({ ticket: 'tk_x', file_name: 'a.pdf', file_content: Buffer.from('hello').toString('base64') });
    expect(notPdf.status).toBe(422);
    expect(notPdf.json.error.details[0].code).toBe('NOT_A_PDF');
    expect((await post({ ticket: 'tk_x' })).status).toBe(422);
    expect((await post({}, 'text/plain')).status).toBe(415);
    const unstored = await post({ ticket: 'tk_x', file_name: 'a.pdf', file_content: Buffer.from('%PDF-1.7 x').toString('base64'), store: false });
    expect(unstored.status).toBe(200);
    expect(unstored.json.data).toMatchObject({ stored: false, file_size: 10 });
  });
});

describe('with a receiver that fails first', () => {
  let service: LocalService;
  let receiver: Server;
  const seen: IncomingHttpHeaders[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        seen.push(request.headers);
        response.statusCode = failuresLeft-- > 0 ? 500 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    service = await startService({ env: { HOOK_ENABLED: 'true', HOOK_URI: `http://127.0.0.1:${port}/hook` } });
  });
  afterAll(async () => {
    await service?.stop();
    receiver?.close();
  });

  it('is retried through the queue until it answers 2xx, with one webhook-id', async () => {
    const { json } = await service.submit('ustva', ustvaSample());
    const webhook = await eventually(async () => {
      const { data } = (await service.call('GET', `/v2/ticket/${json.data.ticket}`)).json;
      return data.webhook.status === 'delivered' && data.webhook;
    });
    expect(webhook).toMatchObject({ attempts: 2, last_response_status: 204 });
    expect(seen).toHaveLength(2);
    expect(seen[0]!['webhook-id']).toMatch(/^msg_/);
    expect(seen[1]!['webhook-id']).toBe(seen[0]!['webhook-id']);
    expect(seen[0]!['content-type']).toBe('application/json');
  });
});
