import { DeleteObjectCommand, GetObjectCommand, GetObjectLockConfigurationCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { bucketFolders } from '#shared/setting-names.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import type { KeptFile, ProtocolStore } from '#shared/ports/protocol-store.ts';
import type { FilingStore } from '#shared/ports/filing-store.ts';

/** Objects under one prefix of the stage bucket; the bucket's default encryption applies to each. */
export class S3Folder {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(client: S3Client, bucket: string, prefix: string) {
    this.#client = client;
    this.#bucket = bucket;
    this.#prefix = prefix;
  }

  /**
   * With `onlyIfAbsent`, an S3 conditional write (`If-None-Match: *`), decided by S3 in one step:
   * false when the key holds an object already, which stays as it is.
   */
  async put(key: string, body: Uint8Array, contentType: string, kept: KeptFile = {}, onlyIfAbsent = false): Promise<boolean> {
    const locked = kept.retainUntil && {
      // Governance mode: an administrator granted s3:BypassGovernanceRetention can still erase a
      // record the law requires erased (docs/operations/); nobody else, until the date.
      ObjectLockMode: 'GOVERNANCE' as const,
      ObjectLockRetainUntilDate: kept.retainUntil,
    };
    const command = new PutObjectCommand({
      Bucket: this.#bucket,
      Key: this.#prefix + key,
      Body: body,
      ContentType: contentType,
      ...locked,
      ...(onlyIfAbsent && { IfNoneMatch: '*' }),
    });
    try {
      await this.#client.send(command);
      return true;
    } catch (error) {
      const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (onlyIfAbsent && (name === 'PreconditionFailed' || $metadata?.httpStatusCode === 412)) return false;
      throw error;
    }
  }

  /** An S3 conditional write: false when the key exists, decided by S3 in one step. */
  create(key: string, body: Uint8Array, contentType: string): Promise<boolean> {
    return this.put(key, body, contentType, {}, true);
  }

  /**
   * Undefined for a key S3 says is not there (NoSuchKey, to a caller that may list the bucket).
   * To one that may not, S3 answers a missing key AccessDenied, as it answers a key the caller may
   * not read: that is `MissingOrRefused`, for the caller to weigh.
   */
  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const { Body } = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key }));
      return Body ? await Body.transformToByteArray() : undefined;
    } catch (error) {
      const { name, message } = error as { name?: string; message?: string };
      if (error instanceof NoSuchKey || name === 'NoSuchKey') return undefined;
      if (name === 'AccessDenied') throw new MissingOrRefused(`${this.#prefix}${key}: ${message}`, { cause: error });
      throw error;
    }
  }

  /** In the versioned stage bucket this adds a delete marker; the bucket's lifecycle removes the old version. */
  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key }));
  }
}

export class S3FilingStore implements FilingStore {
  readonly #folder: S3Folder;

  constructor(client: S3Client, bucket: string) {
    this.#folder = new S3Folder(client, bucket, bucketFolders.submissions);
  }

  async put(ticket: string, body: unknown): Promise<void> {
    await this.#folder.put(`${ticket}.json`, Buffer.from(JSON.stringify(body)), 'application/json');
  }

  async get(ticket: string): Promise<unknown> {
    const bytes = await this.#folder.get(`${ticket}.json`);
    return bytes && JSON.parse(Buffer.from(bytes).toString('utf8'));
  }

  delete(ticket: string): Promise<void> {
    return this.#folder.delete(`${ticket}.json`);
  }
}

export class S3ProtocolStore implements ProtocolStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #folder: S3Folder;
  /** Object Lock, once on, cannot be turned off: a bucket found locking is asked no more. */
  #locks = false;

  constructor(client: S3Client, bucket: string) {
    this.#client = client;
    this.#bucket = bucket;
    this.#folder = new S3Folder(client, bucket, bucketFolders.protocols);
  }

  async put(ticket: string, fileName: string, content: Uint8Array, kept?: KeptFile): Promise<void> {
    await this.#folder.put(`${ticket}/${fileName}`, content, contentTypeOf(fileName), kept);
  }

  putOnce(ticket: string, fileName: string, content: Uint8Array, kept?: KeptFile): Promise<boolean> {
    return this.#folder.put(`${ticket}/${fileName}`, content, contentTypeOf(fileName), kept, true);
  }

  async locksFiles(): Promise<boolean> {
    if (this.#locks) return true;
    try {
      const { ObjectLockConfiguration } = await this.#client.send(new GetObjectLockConfigurationCommand({ Bucket: this.#bucket }));
      this.#locks = ObjectLockConfiguration?.ObjectLockEnabled === 'Enabled';
    } catch (error) {
      // S3's answer for a bucket that never had Object Lock on.
      if ((error as { name?: string }).name !== 'ObjectLockConfigurationNotFoundError') throw error;
    }
    return this.#locks;
  }

  get(ticket: string, fileName: string): Promise<Uint8Array | undefined> {
    return this.#folder.get(`${ticket}/${fileName}`);
  }
}

// Beside the PDF a ticket keeps the Nutzdaten it was sent with, and may keep the tax authority's answer (XML).
const contentTypeOf = (fileName: string) => (fileName.endsWith('.xml') ? 'application/xml' : 'application/pdf');
