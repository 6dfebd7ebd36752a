import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { saveStream } from './save-stream.ts';
import { UsageError } from './usage-error.ts';

const pdf = Buffer.from('%PDF-1.7 a notice');
const sha256 = createHash('sha256').update(pdf).digest('hex');
const body = (bytes: Uint8Array = pdf) => new Response(bytes).body!;
const folder = () => mkdtemp(join(tmpdir(), 'save-stream-'));

describe('saveStream', () => {
  it('writes the file checked against its size and SHA-256, leaving nothing else beside it', async () => {
    const dir = await folder();
    const file = join(dir, 'bescheid.pdf');
    expect(await saveStream(body(), file, { force: false, size: pdf.length, sha256 })).toBe(pdf.length);
    expect(await readFile(file)).toEqual(pdf);
    expect(await readdir(dir)).toEqual(['bescheid.pdf']);
  });

  it('keeps an existing file unless force, saying how', async () => {
    const dir = await folder();
    const file = join(dir, 'bescheid.pdf');
    await writeFile(file, 'mine');
    await expect(saveStream(body(), file, { force: false })).rejects.toEqual(
      new UsageError(`${file} exists: add --force to overwrite it, or name another file with -o`),
    );
    expect(await readFile(file, 'utf8')).toBe('mine');
    await saveStream(body(), file, { force: true, sha256 });
    expect(await readFile(file)).toEqual(pdf);
  });

  it('leaves no file where the download broke off or differs', async () => {
    const dir = await folder();
    const file = join(dir, 'bescheid.pdf');
    await expect(saveStream(body(pdf.subarray(0, 5)), file, { force: false, size: pdf.length })).rejects.toThrow(/broke off: 5 of 17 bytes/);
    await expect(saveStream(body(Buffer.from('%PDF-1.7 another!')), file, { force: false, sha256 })).rejects.toThrow(/differs/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes to a stream, leaving it open', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await saveStream(body(), out, { force: false, sha256 });
    expect(Buffer.concat(chunks)).toEqual(pdf);
    expect(out.writableEnded).toBe(false);
  });
});
