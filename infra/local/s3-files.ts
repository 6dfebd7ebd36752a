// The S3 stand-in's objects on disk, in the layout the data directory has always had: under
// `<bucket>/`, an object's key as folders and a last part, its bytes in `<last>._S3rver_object` and
// its content type in `<last>._S3rver_metadata.json` (a `<last>._S3rver_object.md5` beside them is
// an older runtime's, and is ignored).
//
// The metadata is written first, the bytes then under a temporary name and renamed into place: an
// object is there exactly when its bytes are, and they are never seen half written. What a killed
// process leaves (temporary files, metadata without bytes, or an older runtime's bytes without
// metadata, which it wrote last) was never acknowledged, and `dropUnfinishedWrites` removes it;
// metadata a kill cut off beside older bytes reads as no particular content type.
//
// The calls are synchronous: on the stand-ins' own thread, a small file read or written at once
// costs a third of the CPU that the same call handed to the thread pool and back does, and a
// conditional write decides in one step, as nothing else runs between its check and its write.

import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';

const objectSuffix = '._S3rver_object';
const metadataSuffix = '._S3rver_metadata.json';
const olderChecksumSuffix = `${objectSuffix}.md5`;
const temporarySuffix = '.partial';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** A key S3 accepts but a file path could not hold safely: empty parts, `.` and `..` would leave the bucket's folder. */
export const keyFitsOnDisk = (key: string) =>
  key.length > 0 && key.length <= 1024 && !key.includes('\0') && key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

export class ObjectFiles {
  readonly #root: string;
  readonly #folders = new Set<string>();

  constructor(root: string) {
    this.#root = root;
  }

  #path(bucket: string, key: string, suffix: string): string {
    return join(this.#root, bucket, ...key.split('/')) + suffix;
  }

  // Known folders are remembered: nothing here removes one, and every request asks after its bucket.
  hasBucket(bucket: string): boolean {
    const folder = join(this.#root, bucket);
    if (this.#folders.has(folder)) return true;
    const found = statSync(folder, { throwIfNoEntry: false })?.isDirectory() ?? false;
    if (found) this.#folders.add(folder);
    return found;
  }

  /** False when the bucket was there already. */
  createBucket(bucket: string): boolean {
    return mkdirSync(join(this.#root, bucket), { recursive: true }) !== undefined;
  }

  exists(bucket: string, key: string): boolean {
    return statSync(this.#path(bucket, key, objectSuffix), { throwIfNoEntry: false }) !== undefined;
  }

  put(bucket: string, key: string, body: Uint8Array, contentType: string): void {
    const object = this.#path(bucket, key, objectSuffix);
    const folder = dirname(object);
    if (!this.#folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.#folders.add(folder);
    }
    writeFileSync(this.#path(bucket, key, metadataSuffix), JSON.stringify({ 'content-type': contentType }));
    const temporary = `${object}.${randomBytes(6).toString('hex')}${temporarySuffix}`;
    writeFileSync(temporary, body);
    renameSync(temporary, object);
  }

  get(bucket: string, key: string): StoredObject | undefined {
    const object = this.#path(bucket, key, objectSuffix);
    try {
      const body = readFileSync(object);
      const { mtime } = statSync(object);
      return { body, contentType: contentTypeOf(readFileSync(this.#path(bucket, key, metadataSuffix), 'utf8')), lastModified: mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  delete(bucket: string, key: string): void {
    // The bytes go first: from then on the object is gone, whatever happens to the rest.
    for (const suffix of [objectSuffix, olderChecksumSuffix, metadataSuffix]) rmSync(this.#path(bucket, key, suffix), { force: true });
  }

  /** The keys that start with `prefix`, in S3's order (by their bytes). */
  keys(bucket: string, prefix: string): string[] {
    // Only the folder the prefix's last complete part names can hold matching keys.
    const start = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (start && !keyFitsOnDisk(start)) return [];
    let entries: string[];
    try {
      entries = readdirSync(join(this.#root, bucket, ...start.split('/')), { recursive: true, encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.endsWith(objectSuffix))
      .map((entry) => (start ? `${start}/` : '') + entry.slice(0, -objectSuffix.length).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort(byBytes);
  }

  /** Size and time of each of `keys` still there. */
  describe(bucket: string, keys: string[]): ListedObject[] {
    return keys.flatMap((key) => {
      const found = statSync(this.#path(bucket, key, objectSuffix), { throwIfNoEntry: false });
      return found ? [{ key, size: found.size, lastModified: found.mtime }] : [];
    });
  }
}

/** Removes under `root` what writes that never finished left behind; answers how many objects were dropped. */
export async function dropUnfinishedWrites(root: string): Promise<number> {
  const files = new Set(await readdir(root, { recursive: true }));
  let dropped = 0;
  for (const file of files) {
    const path = join(root, file);
    if (file.endsWith(temporarySuffix)) await rm(path, { force: true });
    else if (file.endsWith(objectSuffix) && !files.has(file.slice(0, -objectSuffix.length) + metadataSuffix)) {
      await rm(path, { force: true });
      await rm(path + '.md5', { force: true });
      dropped++;
    } else if (file.endsWith(metadataSuffix) && !files.has(file.slice(0, -metadataSuffix.length) + objectSuffix)) await rm(path, { force: true });
  }
  return dropped;
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

/** S3's order of keys: by their UTF-8 bytes. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
