import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '#shared/config.ts';
import { credentialsLoader } from '#shared/eric/credentials.ts';

const unused = () => Promise.reject(new Error('Secrets Manager must not be asked'));

describe('credentialsLoader', () => {
  it('takes the certificate path and PIN as configured', async () => {
    expect(await credentialsLoader({ certificate: { path: '/certs/a.pfx' }, pin: { value: ' 12 34 ' } }, unused)()).toEqual({
      certificatePath: '/certs/a.pfx',
      pin: ' 12 34 ',
    });
  });

  it('reads the PIN from a file, without its final newline', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'pin-')), 'pin');
    await writeFile(file, '123456\n');
    expect((await credentialsLoader({ certificate: { path: '/c.pfx' }, pin: { file } }, unused)()).pin).toBe('123456');
    await writeFile(file, '\n');
    await expect(credentialsLoader({ certificate: { path: '/c.pfx' }, pin: { file } }, unused)()).rejects.toThrow(
      new ConfigError('ERIC_CERT_PIN_FILE names an empty file'),
    );
  });

  it.each([
    ['binary', new Uint8Array([0x30, 0x82, 0x01, 0x02])],
    ['base64', Buffer.from([0x30, 0x82, 0x01, 0x02]).toString('base64')],
  ])('writes a certificate kept in Secrets Manager as %s to a file only this user can read, once', async (_, secret) => {
    const fetchSecret = vi.fn(async (id: string) => (id === 'cert-arn' ? secret : 'pin-from-secret'));
    const load = credentialsLoader({ certificate: { secretId: 'cert-arn' }, pin: { secretId: 'pin-arn' } }, fetchSecret);
    const credentials = await load();
    expect(credentials.pin).toBe('pin-from-secret');
    expect([...(await readFile(credentials.certificatePath))]).toEqual([0x30, 0x82, 0x01, 0x02]);
    expect((await stat(credentials.certificatePath)).mode & 0o777).toBe(0o600);
    expect(await load()).toBe(credentials);
    expect(fetchSecret).toHaveBeenCalledTimes(2);
  });

  it('refuses a secret without a certificate or PIN, naming the setting', async () => {
    const certificate = credentialsLoader({ certificate: { secretId: 'c' }, pin: { value: '1' } }, async () => 'not base64!');
    await expect(certificate()).rejects.toThrow(/^ERIC_CERT_SECRET_ARN /);
    const pin = credentialsLoader({ certificate: { path: '/c.pfx' }, pin: { secretId: 'p' } }, async () => undefined);
    await expect(pin()).rejects.toThrow(/^ERIC_CERT_PIN_SECRET_ARN /);
  });

  it('tries again after a failed read', async () => {
    const fetchSecret = vi.fn().mockRejectedValueOnce(new Error('network down')).mockResolvedValue('4711');
    const load = credentialsLoader({ certificate: { path: '/c.pfx' }, pin: { secretId: 'p' } }, fetchSecret);
    await expect(load()).rejects.toThrow('network down');
    expect((await load()).pin).toBe('4711');
  });
});
