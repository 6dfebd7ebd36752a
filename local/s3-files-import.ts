// Data directories written before the S3 stand-in kept its objects in LevelDB (s3-objects.ts) hold
// them as files: under `s3/<bucket>/`, an object's key as folders and a last part, its bytes in
// `<last>._S3rver_object` and its content type in `<last>._S3rver_metadata.json`. The first start
// of this runtime moves them into the store, with their times, and removes the files.
//
// Those runtimes wrote the metadata first and the bytes last, under a temporary name: bytes without
// metadata, metadata without bytes and `.partial` files are writes a killed process never
// acknowledged, and are not carried over. A start killed during the move moves the rest next time.

import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { ObjectStore } from '#local/s3-objects.ts';

const objectSuffix = '._S3rver_object';
const metadataSuffix = '._S3rver_metadata.json';

/** Moves the objects under `root` into `store` and removes `root`; answers how many objects moved. */
export async function importObjectFiles(root: string, store: ObjectStore): Promise<number> {
  let buckets: string[];
  try {
    buckets = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const bucket of buckets) {
    await store.createBucket(bucket);
    const files = new Set(await readdir(join(root, bucket), { recursive: true }));
    for (const file of files) {
      if (!file.endsWith(objectSuffix)) continue;
      const name = file.slice(0, -objectSuffix.length);
      if (!files.has(name + metadataSuffix)) continue;
      const path = join(root, bucket, file);
      const [body, metadata, { mtime }] = await Promise.all([readFile(path), readFile(join(root, bucket, name + metadataSuffix), 'utf8'), stat(path)]);
      await store.put(bucket, name.split(sep).join('/'), body, contentTypeOf(metadata), { modified: mtime });
      moved++;
    }
  }
  await rm(root, { recursive: true, force: true });
  return moved;
}

// A runtime killed while writing the metadata left it cut off; the bytes beside it are whole.
function contentTypeOf(metadata: string): string {
  try {
    const type = (JSON.parse(metadata) as Record<string, unknown>)['content-type'];
    return typeof type === 'string' ? type : 'application/octet-stream';
  } catch {
    return 'application/octet-stream';
  }
}
