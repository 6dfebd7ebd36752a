import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropUnfinishedObjects } from '#infra/local/unfinished-objects.ts';

/** What s3rver lists under `submissions/` when started on `dir`. */
async function listed(dir: string): Promise<string[]> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = (await server.run()) as { port: number };
  try {
    const client = new S3Client({
      region: 'eu-central-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: 'bucket', Prefix: 'submissions/' }));
    return Contents.map(({ Key }) => Key ?? '');
  } finally {
    await server.close();
  }
}

describe('dropUnfinishedObjects', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'steuerbote-s3-'));
    await mkdir(join(dir, 'bucket', 'submissions'), { recursive: true });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** The files s3rver writes for one object, as far as a write got. */
  async function object(name: string, files: { bytes?: string; md5?: string; metadata?: string }) {
    const base = join(dir, 'bucket', 'submissions', `${name}._S3rver_`);
    if (files.bytes !== undefined) await writeFile(`${base}object`, files.bytes);
    if (files.md5 !== undefined) await writeFile(`${base}object.md5`, files.md5);
    if (files.metadata !== undefined) await writeFile(`${base}metadata.json`, files.metadata);
  }
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const left = async () => (await readdir(join(dir, 'bucket', 'submissions'))).map((name) => name.split('._S3rver_')[0]).sort();

  it('keeps whole objects and drops those a killed write cut off, with all their files', async () => {
    await object('whole.json', { bytes: '{"a":1}', md5: md5('{"a":1}'), metadata: '{"content-type":"application/json"}' });
    await object('no-md5.json', { bytes: '{"a":1}' });
    await object('empty-metadata.json', { bytes: '{"a":1}', md5: md5('{"a":1}'), metadata: '' });
    await object('cut-bytes.json', { bytes: '{"a"', md5: md5('{"a":1}'), metadata: '{}' });
    expect(await dropUnfinishedObjects(dir)).toBe(3);
    expect(await left()).toEqual(['whole.json', 'whole.json', 'whole.json']);
  });

  it('lets s3rver list the folder again, which an object with cut-off metadata had made it refuse', async () => {
    await object('kept.json', { bytes: '{"a":1}', md5: md5('{"a":1}'), metadata: '{"content-type":"application/json"}' });
    await object('cut.json', { bytes: '{"a":1}', md5: md5('{"a":1}'), metadata: '{"content-ty' });
    await expect(listed(dir)).rejects.toThrow();
    await dropUnfinishedObjects(dir);
    expect(await listed(dir)).toEqual(['submissions/kept.json']);
  });
});
