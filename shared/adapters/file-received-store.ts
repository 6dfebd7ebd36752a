import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ReceivedFileStore } from '#shared/ports.ts';

/** The example receiver's store on one machine: plain files a person can open. */
export class FileReceivedStore implements ReceivedFileStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  async save(path: string, content: Uint8Array): Promise<void> {
    const target = join(this.#root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}
