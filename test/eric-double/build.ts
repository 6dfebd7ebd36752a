// Compiles the ERiC test double (ericapi.c) into a libericapi.so per struct family. ERiC itself
// cannot be fetched where the tests run; the double has its ABI and nothing else.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compileDouble } from '#test/support/compile-double.ts';

/** One ERiC major per family of struct layouts and signatures (see ericapi.c). */
export const doubleMajors = [40, 41, 44] as const;
export type DoubleMajor = (typeof doubleMajors)[number];

const source = join(import.meta.dirname, 'ericapi.c');

/**
 * Builds one ERIC_HOME per family under `root` (each with libericapi.so and an empty plugins2
 * directory) and returns them by major.
 */
export async function buildEricDoubles(root: string): Promise<Record<DoubleMajor, string>> {
  const homes = {} as Record<DoubleMajor, string>;
  await Promise.all(
    doubleMajors.map(async (major) => {
      const home = join(root, `eric-${major}`);
      await mkdir(join(home, 'plugins2'), { recursive: true });
      await compileDouble('ERiC', source, join(home, 'libericapi.so'), [`-DERIC_MAJOR=${major}`]);
      homes[major] = home;
    }),
  );
  return homes;
}
