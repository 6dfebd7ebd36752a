// The S3 stand-in's buckets and objects, kept in a LevelDB database (the same store dynalite keeps
// its tables in). Kept as files, two an object and a folder a ticket, they cost the kernel about
// half a millisecond of CPU for every file or folder created on the machines measured, eight a
// submission; an append to the database's log costs a few microseconds (BENCHMARKS.md, 2026-11-25,
// third part).
//
// Each object is one record: a write is whole or absent, also when the process is killed during
// it, and what was acknowledged is in the log. Records are ordered by their keys' bytes, which is
// S3's order of keys, so a listing page reads just that page.

import { dirname } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { ClassicLevel } from 'classic-level';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** Its version ID; `null`, as S3 names it, for one stored before the stand-in gave IDs. */
  version: string;
  retention?: Retention;
  legalHold?: 'ON' | 'OFF';
}

/** S3 Object Lock's retention of one version. */
export interface Retention {
  mode: 'GOVERNANCE' | 'COMPLIANCE';
  until: Date;
}

/** Whether S3 Object Lock keeps the version from being deleted or replaced at `now`. */
export const isLocked = (object: StoredObject, now: Date) => object.legalHold === 'ON' || (object.retention !== undefined && object.retention.until > now);

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

// Record keys: `b/<bucket>` marks a bucket, `o/<bucket>/<key>` holds an object. Bucket names have no "/".
const bucketRecord = (bucket: string) => `b/${bucket}`;
const objectRecord = (bucket: string, key: string) => `o/${bucket}/${key}`;

// An object's record: the length of a JSON header (4 bytes, big-endian), the header, then the bytes.
interface Header {
  type: string;
  etag: string;
  modified: number;
  version?: string;
  lock?: { mode: Retention['mode']; until: number };
  hold?: 'ON' | 'OFF';
}

function encode(header: Header, body: Uint8Array): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, body]);
}

function decode(record: Buffer): { header: Header; body: Buffer } {
  const end = 4 + record.readUInt32BE(0);
  return { header: JSON.parse(record.subarray(4, end).toString('utf8')) as Header, body: record.subarray(end) };
}

export const md5Of = (bytes: Uint8Array, encoding: 'hex' | 'base64') => createHash('md5').update(bytes).digest(encoding);
/** S3's ETag of a whole object: the MD5 of its bytes, quoted. */
const etagOf = (bytes: Uint8Array) => `"${md5Of(bytes, 'hex')}"`;

/** What a bucket's record holds: whether S3 Object Lock is on; a bucket stored before it could be holds nothing. */
interface BucketSettings {
  objectLock?: true;
}

export class ObjectStore {
  readonly #db: ClassicLevel<string, Buffer>;
  readonly #buckets = new Map<string, BucketSettings>();
  // Keys whose write has begun and not ended: an only-if-absent write counts them as there.
  readonly #writing = new Set<string>();

  private constructor(db: ClassicLevel<string, Buffer>) {
    this.#db = db;
  }

  static async open(directory: string): Promise<ObjectStore> {
    const db = new ClassicLevel<string, Buffer>(directory, { keyEncoding: 'utf8', valueEncoding: 'buffer' });
    try {
      await db.open();
    } catch (error) {
      // LevelDB lets one process at a time hold its directory; the other is told so, not just that it failed.
      if ((error as { cause?: { code?: string } }).cause?.code === 'LEVEL_LOCKED')
        throw new Error(`another instance holds the data directory ${dirname(directory)}: stop it first, or start this one with another DATA_DIR`, {
          cause: error,
        });
      throw error;
    }
    const store = new ObjectStore(db);
    for await (const [key, value] of db.iterator({ gte: 'b/', lt: 'b0' })) {
      store.#buckets.set(key.slice(2), value.length ? (JSON.parse(value.toString('utf8')) as BucketSettings) : {});
    }
    return store;
  }

  close(): Promise<void> {
    return this.#db.close();
  }

  hasBucket(bucket: string): boolean {
    return this.#buckets.has(bucket);
  }

  /** False when the bucket was there already. */
  async createBucket(bucket: string, settings: { objectLock?: boolean } = {}): Promise<boolean> {
    if (this.#buckets.has(bucket)) return false;
    await this.#saveBucket(bucket, settings.objectLock ? { objectLock: true } : {});
    return true;
  }

  /** Whether S3 Object Lock is on for the bucket, which every version's lock needs. */
  objectLock(bucket: string): boolean {
    return this.#buckets.get(bucket)?.objectLock === true;
  }

  /** Turns Object Lock on for a bucket that has it off, as S3 allows for a versioned bucket; it never goes off. */
  async enableObjectLock(bucket: string): Promise<void> {
    await this.#saveBucket(bucket, { ...this.#buckets.get(bucket), objectLock: true });
  }

  async #saveBucket(bucket: string, settings: BucketSettings): Promise<void> {
    this.#buckets.set(bucket, settings);
    await this.#db.put(bucketRecord(bucket), Buffer.from(JSON.stringify(settings)));
  }

  /**
   * Stores the object and answers its ETag; with `onlyIfAbsent`, answers undefined instead when the
   * key holds an object or another write to it is under way. The check and the claim happen in one
   * step of the event loop, so two such writes to one key never both succeed.
   */
  async put(
    bucket: string,
    key: string,
    body: Uint8Array,
    contentType: string,
    options: { onlyIfAbsent?: boolean; modified?: Date; retention?: Retention; legalHold?: 'ON' | 'OFF' } = {},
  ): Promise<{ etag: string; version: string } | undefined> {
    const record = objectRecord(bucket, key);
    if (options.onlyIfAbsent && (this.#writing.has(record) || this.#db.getSync(record) !== undefined)) return undefined;
    const etag = etagOf(body);
    const version = randomBytes(16).toString('base64url');
    const { retention, legalHold } = options;
    const header: Header = {
      type: contentType,
      etag,
      modified: (options.modified ?? new Date()).getTime(),
      version,
      ...(retention && { lock: { mode: retention.mode, until: retention.until.getTime() } }),
      ...(legalHold && { hold: legalHold }),
    };
    this.#writing.add(record);
    try {
      await this.#db.put(record, encode(header, body));
    } finally {
      this.#writing.delete(record);
    }
    return { etag, version };
  }

  get(bucket: string, key: string): StoredObject | undefined {
    const record = this.#db.getSync(objectRecord(bucket, key));
    if (record === undefined) return undefined;
    const { header, body } = decode(record);
    return {
      body,
      contentType: header.type,
      etag: header.etag,
      lastModified: new Date(header.modified),
      version: header.version ?? 'null',
      ...(header.lock && { retention: { mode: header.lock.mode, until: new Date(header.lock.until) } }),
      ...(header.hold && { legalHold: header.hold }),
    };
  }

  async delete(bucket: string, key: string): Promise<void> {
    await this.#db.del(objectRecord(bucket, key));
  }

  /** Up to `limit` objects whose keys start with `prefix` and come after `after`, in S3's order; `more` when others follow. */
  async list(bucket: string, prefix: string, after: string, limit: number): Promise<{ objects: ListedObject[]; more: boolean }> {
    const base = objectRecord(bucket, '');
    const start = base + prefix;
    const resume = base + after;
    const objects: ListedObject[] = [];
    let more = false;
    if (limit === 0) return { objects, more };
    // Byte order is also the string order of UTF-8 records, so the later of the two bounds is where to begin.
    const range = after && Buffer.compare(Buffer.from(resume), Buffer.from(start)) >= 0 ? { gt: resume } : { gte: start };
    for await (const [record, value] of this.#db.iterator({ ...range, lt: `o/${bucket}0` })) {
      if (!record.startsWith(start)) break;
      if (objects.length === limit) {
        more = true;
        break;
      }
      const { header, body } = decode(value);
      objects.push({ key: record.slice(base.length), size: body.length, lastModified: new Date(header.modified) });
    }
    return { objects, more };
  }
}
