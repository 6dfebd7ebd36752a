import { describe, expect, it, vi } from 'vitest';
import { CachedApiKeyStore } from '#shared/adapters/cached-api-key-store.ts';
import type { ApiKeyRecord } from '#shared/domain/api-key.ts';
import { MemoryApiKeyStore } from '#test/fakes.ts';

const record = (hash: string, revoked_at?: string): ApiKeyRecord => ({
  key_hash: hash,
  key_id: `key_${hash}`,
  client_id: 'client-a',
  created_at: '2026-11-22T10:00:00.000Z',
  revoked_at,
});

async function setup(records: ApiKeyRecord[], maxEntries?: number) {
  let now = 0;
  const inner = new MemoryApiKeyStore();
  for (const one of records) await inner.put(one);
  vi.spyOn(inner, 'findByHash');
  const store = new CachedApiKeyStore(inner, { ttlMs: 30_000, maxEntries, now: () => now });
  return { inner, store, advance: (ms: number) => (now += ms) };
}

describe('CachedApiKeyStore', () => {
  it('answers a found key from memory until the time to live has passed', async () => {
    const { inner, store, advance } = await setup([record('a')]);
    expect(await store.findByHash('a')).toEqual(record('a'));
    advance(29_999);
    expect(await store.findByHash('a')).toEqual(record('a'));
    expect(inner.findByHash).toHaveBeenCalledTimes(1);
    advance(1);
    await store.findByHash('a');
    expect(inner.findByHash).toHaveBeenCalledTimes(2);
  });

  it('sees a revocation once the cached entry has lapsed', async () => {
    const { inner, store, advance } = await setup([record('a')]);
    await store.findByHash('a');
    inner.records.set('a', record('a', '2026-11-22T10:01:00.000Z'));
    advance(30_000);
    expect((await store.findByHash('a'))?.revoked_at).toBe('2026-11-22T10:01:00.000Z');
  });

  it('never remembers unknown or revoked keys', async () => {
    const { inner, store } = await setup([record('r', '2026-11-22T10:01:00.000Z')]);
    await store.findByHash('unknown');
    await store.findByHash('unknown');
    await store.findByHash('r');
    await store.findByHash('r');
    expect(inner.findByHash).toHaveBeenCalledTimes(4);
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const { inner, store } = await setup([record('a'), record('b'), record('c')], 2);
    await store.findByHash('a');
    await store.findByHash('b');
    await store.findByHash('c');
    await store.findByHash('a');
    expect(inner.findByHash).toHaveBeenCalledTimes(4);
    await store.findByHash('c');
    expect(inner.findByHash).toHaveBeenCalledTimes(4);
  });

  it('forgets a key it revokes at once, within its time to live', async () => {
    const { inner, store } = await setup([record('a')]);
    await store.findByHash('a');
    expect(await store.revoke('key_a', '2026-11-22T10:01:00.000Z')).toMatchObject({ revoked_at: '2026-11-22T10:01:00.000Z' });
    expect((await store.findByHash('a'))?.revoked_at).toBe('2026-11-22T10:01:00.000Z');
    expect(inner.findByHash).toHaveBeenCalledTimes(2);
  });

  it('keeps the first revocation time when revoked twice, and answers undefined for an unknown key_id', async () => {
    const { store } = await setup([record('a')]);
    await store.revoke('key_a', '2026-11-22T10:01:00.000Z');
    expect((await store.revoke('key_a', '2026-11-22T10:02:00.000Z'))?.revoked_at).toBe('2026-11-22T10:01:00.000Z');
    expect(await store.revoke('key_nope', '2026-11-22T10:02:00.000Z')).toBeUndefined();
  });

  it('lists what the store holds, without caching', async () => {
    const { inner, store } = await setup([record('a'), record('b')]);
    expect(await store.list()).toEqual([record('a'), record('b')]);
    inner.records.delete('a');
    expect(await store.list()).toEqual([record('b')]);
  });
});
