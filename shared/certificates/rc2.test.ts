import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { rc2CbcDecipher } from '#shared/certificates/rc2.ts';

// An independent implementation enciphers; ours must give the plaintext back.
function forgeEncipher(key: Buffer, iv: Buffer, plain: Buffer): Buffer {
  const cipher = forge.rc2.createEncryptionCipher(key.toString('binary'), key.length * 8);
  cipher.start(iv.toString('binary'));
  cipher.update(forge.util.createBuffer(plain.toString('binary')));
  cipher.finish();
  return Buffer.from(cipher.output.getBytes(), 'binary');
}

describe('RC2-CBC deciphering', () => {
  it.each([5, 16])('gives back what a %i-byte key enciphered, every length of padding', (keyLength) => {
    for (let length = 0; length < 40; length++) {
      const key = createHash('sha256').update(`key ${keyLength} ${length}`).digest().subarray(0, keyLength);
      const iv = createHash('sha256').update(`iv ${length}`).digest().subarray(0, 8);
      const plain = createHash('sha512').update(`plain ${length}`).digest().subarray(0, length);
      expect(rc2CbcDecipher(key, iv, forgeEncipher(key, iv, plain))).toEqual(plain);
    }
  });

  it('refuses a wrong key by its padding, and data that is not whole blocks', () => {
    const key = Buffer.alloc(5, 1);
    const iv = Buffer.alloc(8, 2);
    const enciphered = forgeEncipher(key, iv, Buffer.from('a certificate bag of some length'));
    expect(() => rc2CbcDecipher(Buffer.alloc(5, 3), iv, enciphered)).toThrow(/padding/);
    expect(() => rc2CbcDecipher(key, iv, enciphered.subarray(1))).toThrow(/whole 8-byte blocks/);
  });
});
