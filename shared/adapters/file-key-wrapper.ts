// The local runtime's key wrapper: data keys wrapped with AES-256-GCM under a key kept in a file of
// its own beside the data (mode 0600), made on first use, with their owner as associated data as
// KMS binds it as encryption context. On AWS, KMS does this (kms-key-wrapper.ts).

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { associatedData, SealBroken, type SealedFor } from '#shared/domain/sealed.ts';
import type { KeyWrapper } from '#shared/ports/key-wrapper.ts';

export class FileKeyWrapper implements KeyWrapper {
  readonly #file: string;
  #key: Promise<Buffer> | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  async newDataKey(owner: SealedFor): Promise<{ plaintext: Buffer; wrapped: string }> {
    const plaintext = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.#masterKey(), iv).setAAD(associatedData(owner));
    const wrapped = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return { plaintext, wrapped: wrapped.toString('base64') };
  }

  async unwrap(wrapped: string, owner: SealedFor | undefined): Promise<Buffer> {
    const bytes = Buffer.from(wrapped, 'base64');
    const masterKey = await this.#masterKey();
    try {
      const decipher = createDecipheriv('aes-256-gcm', masterKey, bytes.subarray(0, 12));
      if (owner) decipher.setAAD(associatedData(owner));
      decipher.setAuthTag(bytes.subarray(-16));
      return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]);
    } catch {
      throw new SealBroken();
    }
  }

  #masterKey(): Promise<Buffer> {
    this.#key ??= this.#readOrMake();
    return this.#key;
  }

  async #readOrMake(): Promise<Buffer> {
    try {
      return await readFile(this.#file);
    } catch {
      const key = randomBytes(32);
      // 'wx': two processes starting at once keep whichever key was written first.
      await writeFile(this.#file, key, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
      return readFile(this.#file);
    }
  }
}
