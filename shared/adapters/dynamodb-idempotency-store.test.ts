// Against dynalite, the local stand-in, in memory: its conditional expressions are what the local
// runtime relies on, and a mocked client would only echo this file's own reading of them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoIdempotencyStore } from '#shared/adapters/dynamodb-idempotency-store.ts';
import type { IdempotencyRecord } from '#shared/ports/idempotency-store.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let table: MemoryTable;
let store: DynamoIdempotencyStore;

beforeAll(async () => {
  table = await startMemoryTable('idempotency');
  store = new DynamoIdempotencyStore(table.client, table.tableName);
});

afterAll(() => table?.close());

let n = 0;
const aRecord = (overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
  key: `client-a:${++n}`,
  client_id: 'client-a',
  request_hash: 'hash-1',
  ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
  state: 'in_progress',
  created_at: '2026-11-22T10:00:00.000Z',
  lease_until: '2026-11-22T10:00:30.000Z',
  expires_at: 1000,
  ...overrides,
});

describe('DynamoIdempotencyStore', () => {
  it('claims a free key once, and reads the record back', async () => {
    const record = aRecord();
    expect(await store.claim(record, 500)).toBe(true);
    expect(await store.claim({ ...record, ticket: 'tk_BBBBBBBBBBBBBBBBBBBBBB' }, 999)).toBe(false);
    expect(await store.get(record.key, 999)).toEqual(record);
  });

  it('treats a record as gone from its expires_at on: it reads as absent and can be claimed anew', async () => {
    const record = aRecord();
    await store.claim(record, 500);
    expect(await store.get(record.key, 1000)).toBeUndefined();
    const next = { ...record, ticket: 'tk_BBBBBBBBBBBBBBBBBBBBBB', expires_at: 90_000 };
    expect(await store.claim(next, 1000)).toBe(true);
    expect(await store.get(record.key, 1000)).toEqual(next);
  });

  it('moves a lease only from the value it was seen with, and only while in progress', async () => {
    const record = aRecord();
    await store.claim(record, 500);
    expect(await store.takeOver(record.key, record.lease_until, '2026-11-22T10:01:00.000Z')).toBe(true);
    expect(await store.takeOver(record.key, record.lease_until, '2026-11-22T10:01:01.000Z')).toBe(false);
    expect((await store.get(record.key, 500))?.lease_until).toBe('2026-11-22T10:01:00.000Z');

    await store.complete(record.key, record.ticket);
    expect(await store.takeOver(record.key, '2026-11-22T10:01:00.000Z', '2026-11-22T10:02:00.000Z')).toBe(false);
    expect(await store.takeOver('client-a:missing', '', '2026-11-22T10:02:00.000Z')).toBe(false);
  });

  it('completes only a record that still names the ticket, and creates none', async () => {
    const record = aRecord();
    await store.claim(record, 500);
    await store.complete(record.key, 'tk_BBBBBBBBBBBBBBBBBBBBBB');
    expect((await store.get(record.key, 500))?.state).toBe('in_progress');
    await store.complete(record.key, record.ticket);
    expect((await store.get(record.key, 500))?.state).toBe('completed');
    await store.complete('client-a:missing', record.ticket);
    expect(await store.get('client-a:missing', 0)).toBeUndefined();
  });

  it('lets exactly one of many concurrent claims win', async () => {
    const key = 'client-a:contended';
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claim(aRecord({ key, ticket: `tk_${i}` }), 500)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.get(key, 500))?.ticket).toBe(`tk_${results.indexOf(true)}`);
  });
});
