import type { S3Client } from '@aws-sdk/client-s3';
import { S3Folder } from '#shared/adapters/s3-stores.ts';
import { MissingOrRefused } from '#shared/ports/missing-or-refused.ts';
import type { ReceivedFileStore, SaveOutcome } from '#receiver/received-file-store.ts';
import { storeOnce } from '#receiver/store-once.ts';

/** On AWS the example receiver keeps its files under its own prefix of the stage bucket. */
export class S3ReceivedFileStore implements ReceivedFileStore {
  readonly #folder: S3Folder;

  constructor(client: S3Client, bucket: string, prefix: string) {
    this.#folder = new S3Folder(client, bucket, prefix);
  }

  save(path: string, content: Uint8Array, deliveryId?: string): Promise<SaveOutcome> {
    return storeOnce(
      {
        create: (file, bytes) => this.#folder.create(file, bytes, 'application/pdf'),
        read: async (file) => (await this.#folder.get(file))!,
        mark: async (marker, id) => {
          await this.#folder.create(marker, Buffer.from(id, 'utf8'), 'text/plain');
        },
        // The receiver may read every key of its folder, so a marker S3 refuses is one that is not there.
        marked: (marker) =>
          this.#folder.get(marker).then(
            (found) => found !== undefined,
            (error: unknown) => {
              if (error instanceof MissingOrRefused) return false;
              throw error;
            },
          ),
      },
      path,
      content,
      deliveryId,
    );
  }
}
