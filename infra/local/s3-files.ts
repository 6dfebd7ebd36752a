// The S3 stand-in's objects on disk, in the layout the data directory has always had: under
// `<bucket>/`, an object's key as folders and a last part, its bytes in `<last>._S3rver_object` and
// its content type in `<last>._S3rver_metadata.json` (a `<last>._S3rver_object.md5` beside them is
// an older runtime's, and is ignored).
//
// Each file is written whole under a temporary name and renamed into place, the metadata first: an
// object is there exactly when its bytes are, and they are never seen half written. What a killed
// process leaves (temporary files, metadata without bytes, or an older runtime's bytes without
// metadata, which it wrote last) was never acknowledged, and `dropUnfinishedWrites` removes it.

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  async hasBucket(bucket: string): Promise<boolean> {
    return (await stat(join(this.#root, bucket)).catch(() => undefined))?.isDirectory() ?? false;
  }

  /** False when the bucket was there already. */
  async createBucket(bucket: string): Promise<boolean> {
    return (await mkdir(join(this.#root, bucket), { recursive: true })) !== undefined;
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return (await stat(this.#path(bucket, key, objectSuffix)).catch(() => undefined)) !== undefined;
  }

  async put(bucket: string, key: string, body: Uint8Array, contentType: string): Promise<void> {
    const object = this.#path(bucket, key, objectSuffix);
    const folder = dirname(object);
    if (!this.#folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.#folders.add(folder);
    }
    await replace(this.#path(bucket, key, metadataSuffix), JSON.stringify({ 'content-type': contentType }));
    await replace(object, body);
  }

  async get(bucket: string, key: string): Promise<StoredObject | undefined> {
    const object = this.#path(bucket, key, objectSuffix);
    try {
      const [body, { mtime }, metadata] = await Promise.all([readFile(object), stat(object), readFile(this.#path(bucket, key, metadataSuffix), 'utf8')]);
      return { body, contentType: contentTypeOf(metadata), lastModified: mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<void> {
    // The bytes go first: from then on the object is gone, whatever happens to the rest.
    for (const suffix of [objectSuffix, olderChecksumSuffix, metadataSuffix]) await rm(this.#path(bucket, key, suffix), { force: true });
  }

  /** The keys that start with `prefix`, in S3's order (by their bytes). */
  async keys(bucket: string, prefix: string): Promise<string[]> {
    // Only the folder the prefix's last complete part names can hold matching keys.
    const start = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (start && !keyFitsOnDisk(start)) return [];
    const entries = await readdir(join(this.#root, bucket, ...start.split('/').filter(Boolean)), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return entries
      .filter((entry) => entry.endsWith(objectSuffix))
      .map((entry) => (start ? `${start}/` : '') + entry.slice(0, -objectSuffix.length).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort(byBytes);
  }

  /** Size and time of each of `keys` still there. */
  async describe(bucket: string, keys: string[]): Promise<ListedObject[]> {
    const listed = await Promise.all(
      keys.map(async (key) => {
        const found = await stat(this.#path(bucket, key, objectSuffix)).catch(() => undefined);
        return found && { key, size: found.size, lastModified: found.mtime };
      }),
    );
    return listed.filter((object) => object !== undefined);
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

async function replace(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}${temporarySuffix}`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

// An older runtime killed while writing the metadata left it cut off; the bytes before it are whole.
function contentTypeOf(metadata: string): string {
  try {
    const type = (JSON.parse(metadata) as Record<string, unknown>)['content-type'];
    return typeof type === 'string' ? type : 'application/octet-stream';
  } catch {
    return 'application/octet-stream';
  }
}

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
