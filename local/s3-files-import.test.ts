import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importObjectFiles } from '#local/s3-files-import.ts';
import { ObjectStore } from '#local/s3-objects.ts';

let dir: string;
let store: ObjectStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-import-'));
  await mkdir(join(dir, 's3', 'bucket', 'submissions', 'tk_1'), { recursive: true });
  store = await ObjectStore.open(join(dir, 'objects'));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** Writes the files one object has in the older layout, as far as a write got. */
const object = async (name: string, files: { bytes?: string; md5?: string; metadata?: string; partial?: string }) => {
  const base = join(dir, 's3', 'bucket', 'submissions', 'tk_1', `${name}._S3rver_`);
  if (files.bytes !== undefined) await writeFile(`${base}object`, files.bytes);
  if (files.md5 !== undefined) await writeFile(`${base}object.md5`, files.md5);
  if (files.metadata !== undefined) await writeFile(`${base}metadata.json`, files.metadata);
  if (files.partial !== undefined) await writeFile(`${base}object.0a1b2c.partial`, files.partial);
};
const keys = async () => (await store.list('bucket', '', '', 1000)).objects.map(({ key }) => key);

describe('importObjectFiles', () => {
  it('moves whole objects of either older layout with their type and time, drops unfinished writes, and removes the files', async () => {
    await object('whole.json', { bytes: '{"a":1}', metadata: '{"content-type":"application/json"}' });
    await object('older-whole.pdf', { bytes: '%PDF', md5: 'x', metadata: '{"content-type":"application/pdf"}' });
    await object('cut-metadata', { bytes: '{}', metadata: '{"content-ty' });
    await object('cut-in-bytes', { bytes: '{"ha' });
    await object('cut-before-bytes', { metadata: '{"content-type":"application/json"}', partial: '{"half' });
    const then = new Date('2026-05-06T07:08:09Z');
    await utimes(join(dir, 's3', 'bucket', 'submissions', 'tk_1', 'whole.json._S3rver_object'), then, then);

    expect(await importObjectFiles(join(dir, 's3'), store)).toBe(3);
    expect(await keys()).toEqual(['submissions/tk_1/cut-metadata', 'submissions/tk_1/older-whole.pdf', 'submissions/tk_1/whole.json']);
    expect(store.get('bucket', 'submissions/tk_1/whole.json')).toMatchObject({ contentType: 'application/json', lastModified: then });
    expect(store.get('bucket', 'submissions/tk_1/whole.json')?.body.toString()).toBe('{"a":1}');
    expect(store.get('bucket', 'submissions/tk_1/older-whole.pdf')?.contentType).toBe('application/pdf');
    expect(store.get('bucket', 'submissions/tk_1/cut-metadata')?.contentType).toBe('application/octet-stream');
    await expect(stat(join(dir, 's3'))).rejects.toThrow(/ENOENT/);
  });

  it('moves an empty bucket, and finds nothing to move the next time', async () => {
    await mkdir(join(dir, 's3', 'empty'));
    expect(await importObjectFiles(join(dir, 's3'), store)).toBe(0);
    expect(store.hasBucket('empty')).toBe(true);
    expect(await importObjectFiles(join(dir, 's3'), store)).toBe(0);
  });
});
