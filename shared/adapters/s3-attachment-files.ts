import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3Folder } from '#shared/adapters/s3-stores.ts';
import type { AttachmentFiles, UploadTarget } from '#shared/ports/attachment-files.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import { bucketFolders } from '#shared/setting-names.ts';

/**
 * Attachments' bytes under `attachments/` in the stage bucket. The upload URL signs the type, the size
 * and the SHA-256 as headers (the checksum kept out of the query, so that S3 checks the body against
 * it), so S3 stores those bytes and no others; the bucket's lifecycle removes them (infra/stack.ts).
 */
export class S3AttachmentFiles implements AttachmentFiles {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #folder: S3Folder;

  constructor(client: S3Client, bucket: string) {
    this.#client = client;
    this.#bucket = bucket;
    this.#folder = new S3Folder(client, bucket, bucketFolders.attachments);
  }

  async uploadTarget(attachmentId: string, file: { contentType: string; size: number; sha256: string }, seconds: number): Promise<UploadTarget> {
    const checksum = Buffer.from(file.sha256, 'hex').toString('base64');
    const command = new PutObjectCommand({
      Bucket: this.#bucket,
      Key: bucketFolders.attachments + attachmentId,
      ContentType: file.contentType,
      ContentLength: file.size,
      ChecksumSHA256: checksum,
    });
    const url = await getSignedUrl(this.#client, command, {
      expiresIn: seconds,
      signableHeaders: new Set(['content-type', 'content-length']),
      unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
    });
    return {
      method: 'PUT',
      url,
      headers: { 'content-type': file.contentType, 'content-length': String(file.size), 'x-amz-checksum-sha256': checksum },
    };
  }

  async read(attachmentId: string): Promise<Buffer | undefined> {
    try {
      const bytes = await this.#folder.get(attachmentId);
      return bytes && Buffer.from(bytes);
    } catch (error) {
      // Granted GetObject alone, a function is told AccessDenied for a key not uploaded yet.
      if (error instanceof MissingOrRefused) return undefined;
      throw error;
    }
  }
}
