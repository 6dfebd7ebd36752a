// Compiles the Otto test double (otto.c) into a libotto.so. Otto itself cannot be fetched where the
// tests run; the double has its ABI and nothing else.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compileDouble } from '#test/support/compile-double.ts';

/** Builds libotto.so in `folder` and returns the folder. */
export async function buildOttoDouble(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  await compileDouble('Otto', join(import.meta.dirname, 'otto.c'), join(folder, 'libotto.so'));
  return folder;
}
