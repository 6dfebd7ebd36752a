import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { open, seal } from '#shared/certificates/envelope.ts';
import { FileKeyWrapper } from '#shared/adapters/file-key-wrapper.ts';
import { SealBroken } from '#shared/domain/sealed.ts';
import { sealedTheOldWay } from '#test/support/sealed-before.ts';

const wrapperIn = async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'steuerbote-seal-')), 'sealing.key');
  return { file, wrapper: new FileKeyWrapper(file) };
};

const owner = { client_id: 'client-a', certificate_id: 'crt_a' };

describe('envelope encryption with the file key', () => {
  it('opens what it sealed, and keeps nothing of it in the clear', async () => {
    const { wrapper } = await wrapperIn();
    const secret = Buffer.from('PIN 123456 and a container');
    const sealed = await seal(wrapper, owner, secret);
    expect(JSON.stringify(sealed)).not.toContain('123456');
    expect(sealed.version).toBe(2);
    expect(await open(wrapper, owner, sealed)).toEqual(secret);
  });

  it('seals the same secret differently each time', async () => {
    const { wrapper } = await wrapperIn();
    const [a, b] = [await seal(wrapper, owner, Buffer.from('x')), await seal(wrapper, owner, Buffer.from('x'))];
    expect(a.key).not.toBe(b.key);
    expect(a.data === b.data && a.iv === b.iv).toBe(false);
  });

  it('refuses a sealed secret that was altered, or sealed under another key', async () => {
    const { wrapper } = await wrapperIn();
    const sealed = await seal(wrapper, owner, Buffer.from('secret'));
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0]! ^= 1;
    await expect(open(wrapper, owner, { ...sealed, data: flipped.toString('base64') })).rejects.toThrow(SealBroken);
    await expect(open((await wrapperIn()).wrapper, owner, sealed)).rejects.toThrow(SealBroken);
  });

  it.each([
    ['another client', { ...owner, client_id: 'client-b' }],
    ['another certificate', { ...owner, certificate_id: 'crt_b' }],
    ['a ticket, when it was sealed for none', { ...owner, ticket_id: 'tk_1' }],
  ])('refuses a secret opened for %s than it was sealed for', async (_, other) => {
    const { wrapper } = await wrapperIn();
    const sealed = await seal(wrapper, owner, Buffer.from('secret'));
    const refused = await open(wrapper, other, sealed).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SealBroken);
    expect(String(refused)).not.toContain('secret"');
  });

  it('binds the ciphertext too: a data key unwrapped for its owner does not open another owner’s data', async () => {
    const { wrapper } = await wrapperIn();
    const [mine, theirs] = [await seal(wrapper, owner, Buffer.from('mine')), await seal(wrapper, { ...owner, client_id: 'client-b' }, Buffer.from('theirs'))];
    // Their ciphertext under my wrapped key: the key unwraps for me, the associated data still refuses.
    await expect(open(wrapper, owner, { ...theirs, key: mine.key })).rejects.toThrow(SealBroken);
  });

  it('opens a secret sealed before secrets were bound, the old way, and refuses a bound one passed off as old', async () => {
    const { file, wrapper } = await wrapperIn();
    await seal(wrapper, owner, Buffer.from('makes the key file'));
    const old = await sealedTheOldWay(file, Buffer.from('old secret'));
    expect((await open(wrapper, owner, old)).toString()).toBe('old secret');
    const { version: _version, ...downgraded } = await seal(wrapper, owner, Buffer.from('bound secret'));
    await expect(open(wrapper, owner, downgraded)).rejects.toThrow(SealBroken);
  });

  it('keeps its key in a file only its owner reads, and finds it again after a restart', async () => {
    const { file, wrapper } = await wrapperIn();
    const sealed = await seal(wrapper, owner, Buffer.from('secret'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await open(new FileKeyWrapper(file), owner, sealed)).toString()).toBe('secret');
  });
});
