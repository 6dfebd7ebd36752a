import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { open, seal } from '#shared/certificates/envelope.ts';
import { FileKeyWrapper } from '#shared/adapters/file-key-wrapper.ts';

const wrapperIn = async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'steuerbote-seal-')), 'sealing.key');
  return { file, wrapper: new FileKeyWrapper(file) };
};

describe('envelope encryption with the file key', () => {
  it('opens what it sealed, and keeps nothing of it in the clear', async () => {
    const { wrapper } = await wrapperIn();
    const secret = Buffer.from('PIN 123456 and a container');
    const sealed = await seal(wrapper, secret);
    expect(JSON.stringify(sealed)).not.toContain('123456');
    expect(await open(wrapper, sealed)).toEqual(secret);
  });

  it('seals the same secret differently each time', async () => {
    const { wrapper } = await wrapperIn();
    const [a, b] = [await seal(wrapper, Buffer.from('x')), await seal(wrapper, Buffer.from('x'))];
    expect(a.key).not.toBe(b.key);
    expect(a.data === b.data && a.iv === b.iv).toBe(false);
  });

  it('refuses a sealed secret that was altered, or sealed under another key', async () => {
    const { wrapper } = await wrapperIn();
    const sealed = await seal(wrapper, Buffer.from('secret'));
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0]! ^= 1;
    await expect(open(wrapper, { ...sealed, data: flipped.toString('base64') })).rejects.toThrow();
    await expect(open((await wrapperIn()).wrapper, sealed)).rejects.toThrow();
  });

  it('keeps its key in a file only its owner reads, and finds it again after a restart', async () => {
    const { file, wrapper } = await wrapperIn();
    const sealed = await seal(wrapper, Buffer.from('secret'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await open(new FileKeyWrapper(file), sealed)).toString()).toBe('secret');
  });
});
