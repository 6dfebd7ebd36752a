import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { ReceivedFileStore } from '#shared/ports.ts';
import { storeOnce } from '#shared/receiver/store-once.ts';

/** The example receiver's store on one machine: plain files a person can open. */
export class FileReceivedStore implements ReceivedFileStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = resolve(root);
  }

  save(path: string, content: Uint8Array, deliveryId?: string): Promise<'stored' | 'duplicate'> {
    return storeOnce(deliveryId, {
      write: async () => {
        const target = this.#inside(path);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, content);
      },
      mark: (marker, id) => this.#create(marker, id),
    });
  }

  async #create(marker: string, content: string): Promise<boolean> {
    const target = this.#inside(marker);
    await mkdir(dirname(target), { recursive: true });
    try {
      await writeFile(target, content, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  // The receiver builds only safe paths; this keeps the store itself from ever writing elsewhere.
  #inside(path: string): string {
    const target = resolve(this.#root, path);
    if (!target.startsWith(this.#root + sep)) throw new Error('received file path leaves the store');
    return target;
  }
}
