// Compiles the ERiC test double (ericapi.c) into a libericapi.so per struct family. ERiC itself
// cannot be fetched where the tests run; the double has its ABI and nothing else.

import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** One ERiC major per family of struct layouts and signatures (see ericapi.c). */
export const doubleMajors = [40, 41, 44] as const;
export type DoubleMajor = (typeof doubleMajors)[number];

const source = join(import.meta.dirname, 'ericapi.c');

/**
 * Builds one ERIC_HOME per family under `root` (each with libericapi.so and an empty plugins2
 * directory) and returns them by major. Without a C compiler it fails: the eric tests must never
 * pass by being skipped.
 */
export async function buildEricDoubles(root: string): Promise<Record<DoubleMajor, string>> {
  const homes = {} as Record<DoubleMajor, string>;
  await Promise.all(
    doubleMajors.map(async (major) => {
      const home = join(root, `eric-${major}`);
      await mkdir(join(home, 'plugins2'), { recursive: true });
      const args = ['-shared', '-fPIC', '-O1', '-Wall', '-Wextra', '-Werror', `-DERIC_MAJOR=${major}`, '-o', join(home, 'libericapi.so'), source];
      try {
        await promisify(execFile)('cc', args);
      } catch (error) {
        const reason =
          (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no C compiler (`cc`) on this machine' : String((error as { stderr?: string }).stderr ?? error);
        throw new Error(`The ERiC test double could not be built: ${reason}`, { cause: error });
      }
      homes[major] = home;
    }),
  );
  return homes;
}
