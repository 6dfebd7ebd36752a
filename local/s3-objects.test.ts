import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLocked, ObjectStore } from '#local/s3-objects.ts';

let dir: string;
let store: ObjectStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-objects-'));
  store = await ObjectStore.open(dir);
  await store.createBucket('bucket');
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);
const keysOf = async (prefix: string, after = '', limit = 1000) => {
  const { objects, more } = await store.list('bucket', prefix, after, limit);
  return { keys: objects.map(({ key }) => key), more };
};

describe('ObjectStore', () => {
  it('keeps an object whole with its type, ETag and time, and its buckets, across a reopening', async () => {
    const modified = new Date('2026-01-02T03:04:05.678Z');
    const { version } = (await store.put('bucket', 'a/b.pdf', bytes('%PDF'), 'application/pdf', { modified }))!;
    await store.close();
    store = await ObjectStore.open(dir);
    expect(store.hasBucket('bucket')).toBe(true);
    expect(store.hasBucket('other')).toBe(false);
    const found = store.get('bucket', 'a/b.pdf');
    expect(found?.body.toString()).toBe('%PDF');
    expect(found).toMatchObject({ contentType: 'application/pdf', etag: '"bfa4b10a76324b166cfdad5e02a63730"', lastModified: modified, version });
    expect(found?.retention).toBeUndefined();
    expect(await store.createBucket('bucket')).toBe(false);
  });

  it('lets one of two only-if-absent writes to a key win, and none after an object is there', async () => {
    const [first, second] = await Promise.all([
      store.put('bucket', 'once', bytes('1'), 'text/plain', { onlyIfAbsent: true }),
      store.put('bucket', 'once', bytes('2'), 'text/plain', { onlyIfAbsent: true }),
    ]);
    expect([first === undefined, second === undefined].sort()).toEqual([false, true]);
    expect(await store.put('bucket', 'once', bytes('3'), 'text/plain', { onlyIfAbsent: true })).toBeUndefined();
    expect(store.get('bucket', 'once')?.body.toString()).toBe(first === undefined ? '2' : '1');
  });

  it("keeps a version's retention and legal hold, each version under an ID of its own", async () => {
    const until = new Date('2036-01-01T00:00:00.000Z');
    const first = await store.put('bucket', 'kept', bytes('1'), 'text/plain', { retention: { mode: 'GOVERNANCE', until }, legalHold: 'ON' });
    const found = store.get('bucket', 'kept')!;
    expect(found).toMatchObject({ version: first!.version, retention: { mode: 'GOVERNANCE', until }, legalHold: 'ON' });
    expect(isLocked(found, new Date('2040-01-01'))).toBe(true);
    expect(isLocked({ ...found, legalHold: 'OFF' }, new Date('2035-12-31'))).toBe(true);
    expect(isLocked({ ...found, legalHold: 'OFF' }, until)).toBe(false);
    const second = await store.put('bucket', 'other', bytes('1'), 'text/plain');
    expect(second!.version).not.toBe(first!.version);
  });

  it('lists a prefix in byte order, a page after a key, and no other bucket', async () => {
    await store.createBucket('bucket-2');
    for (const key of ['p/b', 'p/a', 'p/ä', 'p/Z', 'q/a', 'p']) await store.put('bucket', key, bytes(key), 'text/plain');
    await store.put('bucket-2', 'p/c', bytes('x'), 'text/plain');
    expect(await keysOf('p/')).toEqual({ keys: ['p/Z', 'p/a', 'p/b', 'p/ä'], more: false });
    expect(await keysOf('p/', '', 2)).toEqual({ keys: ['p/Z', 'p/a'], more: true });
    expect(await keysOf('p/', 'p/a', 2)).toEqual({ keys: ['p/b', 'p/ä'], more: false });
    expect(await keysOf('p/', 'a')).toEqual({ keys: ['p/Z', 'p/a', 'p/b', 'p/ä'], more: false });
    expect(await keysOf('p/', 'r')).toEqual({ keys: [], more: false });
    expect(await keysOf('', '', 0)).toEqual({ keys: [], more: false });
    expect((await store.list('bucket', 'p/a', '', 10)).objects).toEqual([{ key: 'p/a', size: 3, lastModified: expect.any(Date) }]);
  });

  it('forgets a deleted object', async () => {
    await store.put('bucket', 'gone', bytes('x'), 'text/plain');
    await store.delete('bucket', 'gone');
    await store.delete('bucket', 'gone');
    expect(store.get('bucket', 'gone')).toBeUndefined();
    expect(await keysOf('')).toEqual({ keys: [], more: false });
  });
});
