// Against dynalite, the local stand-in, in memory: the conditional ADD is what keeps concurrent
// containers within one budget, and a mocked client would only echo this file's reading of it.

import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '#shared/manifest.ts';
import { DynamoRateCounter } from '#shared/adapters/dynamodb-rate-counter.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let table: MemoryTable;
let counter: DynamoRateCounter;
const key = tables.rateLimits.partitionKey;

beforeAll(async () => {
  table = await startMemoryTable('rateLimits');
  counter = new DynamoRateCounter(table.client, table.tableName);
});

afterAll(() => table?.close());

const read = async (name: string) => {
  const { Item } = await table.client.send(new GetItemCommand({ TableName: table.tableName, Key: marshall({ [key]: name }), ConsistentRead: true }));
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
