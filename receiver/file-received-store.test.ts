import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileReceivedStore } from '#receiver/file-received-store.ts';
import { deliveryMarker } from '#receiver/store-once.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.7 ${text}`);

describe('FileReceivedStore', () => {
  let root: string;
  let store: FileReceivedStore;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'steuerbote-received-'));
    store = new FileReceivedStore(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const read = (path: string) => readFile(join(root, path), 'utf8');
  const markers = async () => (await readdir(join(root, '.deliveries'))).map((name) => `.deliveries/${name}`).sort();

  it('stores a file, answers duplicate for the same bytes again and conflict for others, and never replaces it', async () => {
    expect(await store.save('tk_a/p.pdf', pdf('one'))).toBe('stored');
    expect(await store.save('tk_a/p.pdf', pdf('one'))).toBe('duplicate');
    expect(await store.save('tk_a/p.pdf', pdf('two'))).toBe('conflict');
    expect(await store.save('tk_a/p.pdf', pdf('two'), 'msg_2')).toBe('conflict');
    expect(await read('tk_a/p.pdf')).toBe('%PDF-1.7 one');
    expect(await readdir(join(root, 'tk_a'))).toEqual(['p.pdf']);
  });

  it('answers duplicate for a delivery ID seen before, whatever it carries, and writes nothing', async () => {
    expect(await store.save('tk_a/p.pdf', pdf('one'), 'msg_1')).toBe('stored');
    expect(await store.save('tk_a/p.pdf', pdf('one'), 'msg_1')).toBe('duplicate');
    expect(await store.save('tk_a/p.pdf', pdf('other'), 'msg_1')).toBe('duplicate');
    expect(await store.save('tk_b/p.pdf', pdf('elsewhere'), 'msg_1')).toBe('duplicate');
    expect(await read('tk_a/p.pdf')).toBe('%PDF-1.7 one');
    expect((await readdir(root)).sort()).toEqual(['.deliveries', 'tk_a']);
  });

  it('marks a new delivery ID that brings the same bytes, and not one refused as a conflict', async () => {
    await store.save('tk_a/p.pdf', pdf('one'), 'msg_1');
    expect(await store.save('tk_a/p.pdf', pdf('one'), 'msg_2')).toBe('duplicate');
    expect(await store.save('tk_a/p.pdf', pdf('two'), 'msg_3')).toBe('conflict');
    expect(await markers()).toEqual([deliveryMarker('msg_1'), deliveryMarker('msg_2')].sort());
  });

  it('answers "stored" to exactly one of many simultaneous deliveries, and leaves no partial file', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.save('tk_a/p.pdf', pdf('one'), i % 2 ? 'msg_1' : undefined)));
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'conflict')).toHaveLength(0);
    expect(await readdir(join(root, 'tk_a'))).toEqual(['p.pdf']);
  });

  it('keeps its markers in a hidden folder, named by a hash of the ID, holding the ID', async () => {
    await store.save('tk_a/p.pdf', pdf('one'), '../../evil/id');
    expect(deliveryMarker('../../evil/id')).toMatch(/^\.deliveries\/[0-9a-f]{64}$/);
    expect(await read(deliveryMarker('../../evil/id'))).toBe('../../evil/id');
    expect((await readdir(root)).sort()).toEqual(['.deliveries', 'tk_a']);
  });

  it('marks nothing when the file cannot be written, so the retry stores it', async () => {
    await writeFile(join(root, 'tk_a'), 'a file where the folder should be');
    await expect(store.save('tk_a/p.pdf', pdf('one'), 'msg_1')).rejects.toThrow();
    await expect(readdir(join(root, '.deliveries'))).rejects.toThrow();
    await rm(join(root, 'tk_a'));
    expect(await store.save('tk_a/p.pdf', pdf('one'), 'msg_1')).toBe('stored');
    expect(await read('tk_a/p.pdf')).toBe('%PDF-1.7 one');
  });

  it.each(['../outside.pdf', '/etc/x.pdf', 'tk_a/../../x.pdf', '.'])('refuses the path %j, which leaves the store', async (path) => {
    await expect(store.save(path, pdf('x'))).rejects.toThrow('leaves the store');
  });
});
