import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropUnfinishedWrites, ObjectFiles } from '#infra/local/s3-files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-files-'));
  await mkdir(join(dir, 'bucket', 'submissions'), { recursive: true });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes the files one object has on disk, as far as a write got. */
const object = async (name: string, files: { bytes?: string; md5?: string; metadata?: string; partial?: string }) => {
  const base = join(dir, 'bucket', 'submissions', `${name}._S3rver_`);
  if (files.bytes !== undefined) await writeFile(`${base}object`, files.bytes);
  if (files.md5 !== undefined) await writeFile(`${base}object.md5`, files.md5);
  if (files.metadata !== undefined) await writeFile(`${base}metadata.json`, files.metadata);
  if (files.partial !== undefined) await writeFile(`${base}object.0a1b2c.partial`, files.partial);
};
const left = async () => (await readdir(join(dir, 'bucket', 'submissions'))).sort();

describe('dropUnfinishedWrites', () => {
  it('drops bytes without metadata, metadata without bytes and temporary files; keeps whole objects of either layout', async () => {
    await object('whole', { bytes: '{}', metadata: '{"content-type":"application/json"}' });
    await object('older-whole', { bytes: '{}', md5: '99914b932bd37a50b983c5e7c90ae93b', metadata: '{"content-type":"application/json"}' });
    await object('older-cut-in-bytes', { bytes: '{"ha' });
    await object('older-cut-before-metadata', { bytes: '{}', md5: '99914b932bd37a50b983c5e7c90ae93b' });
    await object('cut-before-bytes', { metadata: '{"content-type":"application/json"}', partial: '{"half' });

    expect(await dropUnfinishedWrites(dir)).toBe(2);
    expect(await left()).toEqual([
      'older-whole._S3rver_metadata.json',
      'older-whole._S3rver_object',
      'older-whole._S3rver_object.md5',
      'whole._S3rver_metadata.json',
      'whole._S3rver_object',
    ]);
  });

  it('reads an object whose metadata an older runtime cut off, as bytes of no particular type', async () => {
    await object('cut-metadata', { bytes: '{"a":1}', md5: 'x', metadata: '{"content-ty' });
    await dropUnfinishedWrites(dir);
    const files = new ObjectFiles(dir);
    const found = files.get('bucket', 'submissions/cut-metadata');
    expect(found?.body.toString()).toBe('{"a":1}');
    expect(found?.contentType).toBe('application/octet-stream');
    expect(files.keys('bucket', 'submissions/')).toEqual(['submissions/cut-metadata']);
  });

  it('deletes every file of an object, the older checksum included', async () => {
    await object('older', { bytes: '{}', md5: '99914b932bd37a50b983c5e7c90ae93b', metadata: '{}' });
    new ObjectFiles(dir).delete('bucket', 'submissions/older');
    expect(await left()).toEqual([]);
  });
});
