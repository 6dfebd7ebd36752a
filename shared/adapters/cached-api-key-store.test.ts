import { describe, expect, it, vi } from 'vitest';
import { CachedApiKeyStore } from '#shared/adapters/cached-api-key-store.ts';
import type { ApiKeyRecord, ApiKeyStore } from '#shared/ports.ts';

const record = (hash: string, revoked_at?: string): ApiKeyRecord => ({
  key_hash: hash,
  key_id: `key_${hash}`,
  client_id: 'client-a',
  created_at: '2026-11-22T10:00:00.000Z',
  revoked_at,
});

function setup(records: Record<string, ApiKeyRecord>, maxEntries?: number) {
  let now = 0;
  const inner: ApiKeyStore = { findByHash: vi.fn(async (hash: string) => records[hash]), put: vi.fn(async () => undefined) };
  const store = new CachedApiKeyStore(inner, { ttlMs: 30_000, maxEntries, now: () => now });
  return { inner, store, advance: (ms: number) => (now += ms) };
}

describe('CachedApiKeyStore', () => {
  it('answers a found key from memory until the time to live has passed', async () => {
    const { inner, store, advance } = setup({ a: record('a') });
    expect(await store.findByHash('a')).toEqual(record('a'));
    advance(29_999);
    expect(await store.findByHash('a')).toEqual(record('a'));
    expect(inner.findByHash).toHaveBeenCalledTimes(1);
    advance(1);
    await store.findByHash('a');
    expect(inner.findByHash).toHaveBeenCalledTimes(2);
  });

  it('sees a revocation once the cached entry has lapsed', async () => {
    const records = { a: record('a') };
    const { store, advance } = setup(records);
    await store.findByHash('a');
    records.a = record('a', '2026-11-22T10:01:00.000Z');
    advance(30_000);
    expect((await store.findByHash('a'))?.revoked_at).toBe('2026-11-22T10:01:00.000Z');
  });

  it('never remembers unknown or revoked keys', async () => {
    const { inner, store } = setup({ r: record('r', '2026-11-22T10:01:00.000Z') });
    await store.findByHash('unknown');
    await store.findByHash('unknown');
    await store.findByHash('r');
    await store.findByHash('r');
    expect(inner.findByHash).toHaveBeenCalledTimes(4);
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const { inner, store } = setup({ a: record('a'), b: record('b'), c: record('c') }, 2);
    await store.findByHash('a');
    await store.findByHash('b');
    await store.findByHash('c');
    await store.findByHash('a');
    expect(inner.findByHash).toHaveBeenCalledTimes(4);
    await store.findByHash('c');
    expect(inner.findByHash).toHaveBeenCalledTimes(4);
  });
});
