// A certificate container handed to a library that opens certificates by path only: written to a
// file only this process's user can read, in a directory of its own, removed as soon as the library
// has opened it.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function withPrivateFile<T>(bytes: Uint8Array, use: (path: string) => Promise<T>): Promise<T> {
  // mkdtemp makes the directory for this process's user alone (0700).
  const dir = await mkdtemp(join(tmpdir(), 'steuerbote-signing-'));
  try {
    const path = join(dir, 'certificate.pfx');
    await writeFile(path, bytes, { mode: 0o600 });
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
