import { createHash } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { NoticeFileStore, StoredFile } from '#shared/ports/notice-file-store.ts';
import { bucketFolders } from '#shared/setting-names.ts';

/**
 * The size of each part of a multipart upload: S3 takes parts of at least 5 MiB but the last, so one
 * part is all of a file a function holds at a time. A file smaller than one part is one PutObject.
 * An upload a crash leaves unfinished is never an object, and the bucket's lifecycle removes it.
 */
export const partBytes = 8 * 1024 * 1024;

export class S3NoticeFileStore implements NoticeFileStore {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(client: S3Client, bucket: string) {
    this.#client = client;
    this.#bucket = bucket;
  }

  async put(key: string, content: AsyncIterable<Uint8Array>, contentType: string): Promise<StoredFile> {
    const Key = bucketFolders.notices + key;
    const hash = createHash('sha256');
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const flush = async () => {
      uploadId ??= (await this.#client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key, ContentType: contentType }))).UploadId!;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.#client.send(
        new UploadPartCommand({ Bucket: this.#bucket, Key, UploadId: uploadId, PartNumber, Body: Buffer.concat(pending) }),
      );
      parts.push({ ETag: ETag!, PartNumber });
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of content) {
      hash.update(chunk);
      size += chunk.length;
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.length;
      if (pendingBytes >= partBytes) await flush();
    }
    if (uploadId === undefined) {
      await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key, Body: Buffer.concat(pending), ContentType: contentType }));
    } else {
      if (pendingBytes > 0) await flush();
      await this.#client.send(new CompleteMultipartUploadCommand({ Bucket: this.#bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    }
    return { size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<{ size: number; body: AsyncIterable<Uint8Array> } | undefined> {
    try {
      const { Body, ContentLength } = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: bucketFolders.notices + key }));
      return Body ? { size: ContentLength ?? 0, body: Body as AsyncIterable<Uint8Array> } : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  downloadUrl(key: string, fileName: string, seconds: number): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: bucketFolders.notices + key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    });
    return getSignedUrl(this.#client, command, { expiresIn: seconds });
  }
}
