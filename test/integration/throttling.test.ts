// The per-client budget (429 RATE_LIMITED with Retry-After, as the OpenAPI document says) over real HTTP against the
// local runtime, with a budget of three requests a minute.

import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#shared/adapters/dynamo-client.ts';
import { tableName } from '#shared/config.ts';
import { type Reply, serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile({ env: { RATE_LIMIT_PER_MINUTE: '3' } });

/** Each test's requests fit in one minute of the budget only if none begins just before it ends. */
async function freshMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const status = (key: string) => service.call('GET', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', { key });

async function ticketsOf(clientId: string): Promise<string[]> {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('tickets'), ConsistentRead: true }));
  return Items.map((item) => unmarshall(item))
    .filter((ticket) => ticket.client_id === clientId)
    .map((ticket) => ticket.ticket);
}

const expectThrottled = (reply: Reply) => {
  expect(reply.status).toBe(429);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(reply.json).toMatchObject({ success: false, status: 429, data: null, api_version: 'v2', error: { code: 'RATE_LIMITED' } });
  expect(reply.json.request_id).toBe(reply.headers.get('x-request-id'));
};

describe('per-client budget', () => {
  it("answers a client's fourth request in a minute with 429 and Retry-After, and stores nothing for it", async () => {
    const { clientId, apiKey: key } = await service.newClient('throttled');
    await freshMinute();
    const accepted = await service.submit('ustva', ustvaSample(), key);
    expect(accepted.status).toBe(202);
    expect((await status(key)).status).toBe(404);
    expect((await status(key)).status).toBe(404);

    const refused = await service.submit('ustva', ustvaSample(), key);
    expectThrottled(refused);
    expect(await ticketsOf(clientId)).toEqual([accepted.json.data.ticket]);
    expectThrottled(await status(key));
  });

  it('shares one budget among the keys of a client, and leaves other clients alone', async () => {
    const { clientId, apiKey: first } = await service.newClient('throttled');
    const second = await service.runtime.createApiKey(clientId);
    const other = await service.newClient('throttled');
    await freshMinute();
    for (const key of [first, second, first]) expect((await status(key)).status).toBe(404);
    expectThrottled(await status(second));

    expect((await service.submit('ustva', ustvaSample(), other.apiKey)).status).toBe(202);
    expect((await status(other.apiKey)).status).toBe(404);
  });

  it('never counts requests without a valid key, nor public routes', async () => {
    const { apiKey: key } = await service.newClient('throttled');
    await freshMinute();
    for (let i = 0; i < 4; i++) {
      expect((await service.call('GET', '/v2/version', { key: null })).status).toBe(200);
      expect((await service.call('GET', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', { key: 'sbk_unknown' })).status).toBe(401);
    }
    expect((await status(key)).status).toBe(404);
  });
});
