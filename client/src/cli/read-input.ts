import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.ts';

/** A file named on the command line; one that cannot be read stops the command before anything is sent. */
export async function readInput(file: string, what = ''): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${what}${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** All of stdin as text, for a secret or a body piped in. */
export async function readStdin(input: NodeJS.ReadStream | undefined): Promise<string> {
  let text = '';
  for await (const chunk of input ?? []) text += String(chunk);
  return text;
}
