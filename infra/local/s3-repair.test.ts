import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterEach, describe, expect, it } from 'vitest';
import { dropUnfinishedObjects } from '#infra/local/s3-repair.ts';

const dirs: string[] = [];
afterEach(() => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

/** One object as s3rver keeps it, its metadata as given. */
async function object(folder: string, key: string, metadata: string) {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${key}._S3rver_object`), '{"year":2026}');
  await writeFile(join(folder, `${key}._S3rver_object.md5`), '0');
  await writeFile(join(folder, `${key}._S3rver_metadata.json`), metadata);
}

async function list(dir: string): Promise<string[]> {
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
  it('removes an object whose metadata a crash cut short, so listing works again, and keeps the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'steuerbote-s3-'));
    dirs.push(dir);
    const folder = join(dir, 'bucket', 'submissions');
    await object(folder, 'tk_kept', '{"content-type":"application/json"}');
    await object(folder, 'tk_cut', '{"content-ty');
    await expect(list(dir)).rejects.toThrow();

    expect(await dropUnfinishedObjects(dir)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual(['tk_kept._S3rver_metadata.json', 'tk_kept._S3rver_object', 'tk_kept._S3rver_object.md5']);
    expect(await list(dir)).toEqual(['submissions/tk_kept']);
  });
});
