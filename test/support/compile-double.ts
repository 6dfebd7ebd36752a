// Compiles a test double's C source into a shared library with the system's C compiler.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Builds `library` from `source`, with `defines` (`-D…`) before it. Without a C compiler it fails:
 * the tests of the double (`name`) must never pass by being skipped.
 */
export async function compileDouble(name: string, source: string, library: string, defines: readonly string[] = []): Promise<void> {
  const args = ['-shared', '-fPIC', '-O1', '-Wall', '-Wextra', '-Werror', ...defines, '-o', library, source];
  try {
    await promisify(execFile)('cc', args);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no C compiler (`cc`) on this machine' : String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`The ${name} test double could not be built: ${reason}`, { cause: error });
  }
}
