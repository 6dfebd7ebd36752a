import { describe, expect, it } from 'vitest';
import { legacyKey } from '#shared/certificates/legacy-key.ts';
import { legacyShroudedKey, testPin } from '#test/support/certificates.ts';

describe('legacyKey', () => {
  it('decrypts a key under PKCS#12 3DES at the iteration cap on another thread, the event loop turning meanwhile', async () => {
    const { info, key } = legacyShroudedKey(100_000);
    let turns = 0;
    let decrypting = true;
    const turn = () => {
      turns++;
      if (decrypting) setImmediate(turn);
    };
    setImmediate(turn);
    const decrypted = await legacyKey(info, testPin);
    decrypting = false;
    expect(decrypted.export({ format: 'der', type: 'pkcs8' })).toEqual(key);
    // Decrypted on this thread, the key would come back within the turn that asked for it.
    expect(turns).toBeGreaterThan(1);
  });

  it('refuses a wrong PIN, and decrypts the next key all the same', async () => {
    const { info, key } = legacyShroudedKey(2048);
    await expect(legacyKey(info, '000000')).rejects.toThrow('does not decrypt');
    const both = await Promise.all([legacyKey(info, testPin), legacyKey(info, testPin)]);
    expect(both.map((one) => one.export({ format: 'der', type: 'pkcs8' }))).toEqual([key, key]);
  });
});
