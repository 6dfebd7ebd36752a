// Against dynalite, the local stand-in, in memory: the conditional ADD is what keeps concurrent
// containers within one budget, and a mocked client would only echo this file's reading of it.

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '#infra/manifest.ts';
import { DynamoRateCounter } from '#shared/adapters/dynamodb-rate-counter.ts';

let server: Server;
let client: DynamoDBClient;
let counter: DynamoRateCounter;
const key = tables.rateLimits.partitionKey;

beforeAll(async () => {
  server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await client.send(
    new CreateTableCommand({
      TableName: 'rateLimits',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
      KeySchema: [{ AttributeName: key, KeyType: 'HASH' }],
    }),
  );
  counter = new DynamoRateCounter(client, 'rateLimits');
});

afterAll(async () => {
  client?.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const read = async (name: string) => {
  const { Item } = await client.send(new GetItemCommand({ TableName: 'rateLimits', Key: marshall({ [key]: name }), ConsistentRead: true }));
  return Item && unmarshall(Item);
};

describe('DynamoRateCounter', () => {
  it('counts up to the limit, refuses beyond it without counting, and sets the expiry', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await counter.increment('client-a#60', 3, 120));
    expect(results).toEqual([true, true, true, false]);
    expect(await read('client-a#60')).toEqual({ [key]: 'client-a#60', count: 3, [tables.rateLimits.ttlAttribute]: 120 });
  });

  it('keeps counters apart by key', async () => {
    expect(await counter.increment('client-b#60', 1, 120)).toBe(true);
    expect(await counter.increment('client-b#60', 1, 120)).toBe(false);
    expect(await counter.increment('client-b#120', 1, 180)).toBe(true);
    expect(await counter.increment('client-c#60', 1, 120)).toBe(true);
  });

  it('admits exactly the limit among many concurrent requests', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => counter.increment('client-d#60', 5, 120)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect((await read('client-d#60'))?.count).toBe(5);
  });
});
