// What node:crypto lacks for PKCS#12, from node-forge: the PKCS#12 key derivation (RFC 7292
// appendix B.2), which every container's MAC and the legacy encryptions use, and RC2 (RFC 2268),
// which older containers encrypt their certificates with and which OpenSSL 3 keeps in its legacy
// provider, which Node does not load. Runs on the PKCS#12 thread only (pkcs12-worker.ts): a
// derivation at the iteration cap holds its thread for a tenth of a second or more.

import forge from 'node-forge';

export type DigestName = 'sha1' | 'sha256' | 'sha384' | 'sha512';

const digests: Record<DigestName, () => forge.md.MessageDigest> = {
  sha1: () => forge.md.sha1.create(),
  sha256: () => forge.md.sha256.create(),
  sha384: () => forge.md.sha384.create(),
  sha512: () => forge.md.sha512.create(),
};

const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');

/**
 * `length` bytes derived from the PIN: `purpose` 1 for a key, 2 for an IV, 3 for the MAC key. node-forge
 * takes the PIN as a BMPString (its UTF-16 code units, big-endian, and two zero bytes), as RFC 7292 asks.
 */
export function pkcs12Key(digest: DigestName, purpose: 1 | 2 | 3, pin: string, salt: Uint8Array, iterations: number, length: number): Buffer {
  const derived = forge.pkcs12.generateKey(pin, forge.util.createBuffer(binary(salt)), purpose, iterations, length, digests[digest]());
  return Buffer.from(derived.getBytes(), 'binary');
}

/** Deciphers RC2-CBC with PKCS#7 padding, the key's whole length effective (as PKCS#12 uses it); throws when the padding does not verify. */
export function rc2CbcDecipher(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  if (data.length === 0 || data.length % 8 !== 0 || iv.length !== 8) throw new Error('RC2 data must be whole 8-byte blocks');
  const cipher = forge.rc2.createDecryptionCipher(binary(key), key.length * 8);
  cipher.start(binary(iv));
  cipher.update(forge.util.createBuffer(binary(data)));
  if (!cipher.finish()) throw new Error('RC2 padding does not verify');
  return Buffer.from(cipher.output.getBytes(), 'binary');
}
