// A file the service streams, saved as it arrives, never whole in memory: to a temporary file beside
// the target, checked against the size and SHA-256 it should have, and only then given its name, so
// a broken download leaves nothing that looks whole. An existing file is kept unless `force`.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { link, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UsageError } from './usage-error.ts';

export interface Expected {
  force: boolean;
  size?: number;
  sha256?: string;
}

const refused = (file: string) => new UsageError(`${file} exists: add --force to overwrite it, or name another file with -o`);

/** Saves `body` to `target` (a file name, or a stream such as stdout, left open); answers the bytes written. */
export async function saveStream(body: ReadableStream<Uint8Array>, target: string | NodeJS.WritableStream, expected: Expected): Promise<number> {
  if (typeof target === 'string' && !expected.force && existsSync(target)) {
    await body.cancel();
    throw refused(target);
  }
  const hash = createHash('sha256');
  let size = 0;
  const counted = async function* (chunks: AsyncIterable<Uint8Array>) {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.byteLength;
      yield chunk;
    }
  };
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  if (typeof target !== 'string') {
    await pipeline(source, counted, target, { end: false });
    checked(size, hash.digest('hex'), expected, 'stdout');
    return size;
  }
  const part = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`);
  try {
    await pipeline(source, counted, createWriteStream(part, { flags: 'wx' }));
    checked(size, hash.digest('hex'), expected, target);
    if (expected.force) await rename(part, target);
    else await link(part, target).catch((error: NodeJS.ErrnoException) => Promise.reject(error.code === 'EEXIST' ? refused(target) : error));
  } finally {
    await unlink(part).catch(() => undefined);
  }
  return size;
}

function checked(size: number, sha256: string, expected: Expected, where: string): void {
  if (expected.size !== undefined && size !== expected.size) throw new Error(`the download to ${where} broke off: ${size} of ${expected.size} bytes came`);
  if (expected.sha256 !== undefined && sha256 !== expected.sha256)
    throw new Error(`the download to ${where} differs from the file the notice names (SHA-256 ${sha256})`);
}
