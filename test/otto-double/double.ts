// What tests need to work with the Otto test double: where it is built, a folder of objects it
// serves (with the owner and fault files beside them), and the counters it keeps in a file.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The folder holding the double's libotto.so (OTTO_HOME). */
export const ottoDoubleHome = () => inject('ottoDoubleHome');

/** The PIN the double opens every certificate with, unless OTTO_DOUBLE_PIN says otherwise. */
export const ottoDoublePin = '123456';

export interface ObjectOptions {
  /** The certificate container that alone may read the object. */
  owner?: Uint8Array;
  /** `timeout <bytes>`, `server <bytes>` or `slow <ms>`, optionally followed by how many downloads it hits. */
  fault?: string;
}

export interface OttoObjects {
  /** The double's settings for these objects, to put into the environment of whatever loads it. */
  env: Record<string, string>;
  put(id: string, bytes: Uint8Array, options?: ObjectOptions): Promise<void>;
  /** Per object ID: downloads begun, and completed (their empty block handed out). */
  counters(): Promise<Map<string, { begun: number; completed: number }>>;
}

export async function ottoObjects(blockSize = 65536): Promise<OttoObjects> {
  const dir = await mkdtemp(join(tmpdir(), 'steuerbote-otto-objects-'));
  const counters = join(dir, 'counters.txt');
  return {
    env: { OTTO_DOUBLE_OBJECTS_DIR: dir, OTTO_DOUBLE_COUNTERS: counters, OTTO_DOUBLE_BLOCK_SIZE: String(blockSize) },
    async put(id, bytes, options = {}) {
      await writeFile(join(dir, id), bytes);
      if (options.owner) await writeFile(join(dir, `${id}.owner`), options.owner);
      if (options.fault) await writeFile(join(dir, `${id}.fault`), `${options.fault}\n`);
    },
    async counters() {
      const text = await readFile(counters, 'utf8').catch(() => '');
      const rows = text
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' '));
      return new Map(rows.map(([id, begun, completed]) => [id!, { begun: Number(begun), completed: Number(completed) }]));
    },
  };
}
