// Compiles the Otto test double (otto.c) into a libotto.so. Otto itself cannot be fetched where the
// tests run; the double has its ABI and nothing else.

import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Builds libotto.so in `folder` and returns the folder. Without a C compiler it fails: the Otto tests must never pass by being skipped. */
export async function buildOttoDouble(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const args = ['-shared', '-fPIC', '-O1', '-Wall', '-Wextra', '-Werror', '-o', join(folder, 'libotto.so'), join(import.meta.dirname, 'otto.c')];
  try {
    await promisify(execFile)('cc', args);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no C compiler (`cc`) on this machine' : String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`The Otto test double could not be built: ${reason}`, { cause: error });
  }
  return folder;
}
