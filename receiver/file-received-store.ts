import { randomUUID } from 'node:crypto';
import { access, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { ReceivedFileStore, SaveOutcome } from '#receiver/received-file-store.ts';
import { storeOnce } from '#receiver/store-once.ts';

const absent = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return false;
  throw error;
};

/** The example receiver's store on one machine: plain files a person can open. */
export class FileReceivedStore implements ReceivedFileStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = resolve(root);
  }

  save(path: string, content: Uint8Array, deliveryId?: string): Promise<SaveOutcome> {
    return storeOnce(
      {
        create: (file, bytes) => this.#create(file, bytes),
        read: (file) => readFile(this.#inside(file)),
        // Only the marker's existence counts, so it needs no draft: a kill mid-write leaves it there, cut.
        mark: (marker, id) => this.#mark(marker, id),
        marked: (marker) => access(this.#inside(marker)).then(() => true, absent),
      },
      path,
      content,
      deliveryId,
    );
  }

  /**
   * Written in full beside the target, then linked to its name, which fails if the name is taken: so
   * the file appears whole or not at all, and a crash mid-write cannot leave a stub a retry would
   * take for another file.
   */
  async #create(path: string, content: Uint8Array): Promise<boolean> {
    const target = this.#inside(path);
    await mkdir(dirname(target), { recursive: true });
    const draft = `${target}.${randomUUID()}.partial`;
    await writeFile(draft, content, { flag: 'wx' });
    try {
      await link(draft, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(draft, { force: true });
    }
  }

  async #mark(marker: string, id: string): Promise<void> {
    const target = this.#inside(marker);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, id, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }

  // The receiver builds only safe paths; this keeps the store itself from ever writing elsewhere.
  #inside(path: string): string {
    const target = resolve(this.#root, path);
    if (!target.startsWith(this.#root + sep)) throw new Error('received file path leaves the store');
    return target;
  }
}
