// Which private keys a client's certificate may have, and their size as its view shows it. ELSTER
// issues RSA certificates; EC keys on the NIST curves P-256, P-384 and P-521, and Ed25519 and Ed448
// keys, sign at least as strongly and are kept too. Every other curve (P-192, P-224, secp256k1,
// Brainpool, explicit parameters), and a key that cannot sign at all, is refused.

import type { KeyObject } from 'node:crypto';

/** RSA (and DSA) keys shorter than this are refused: BSI TR-02102-1 has asked for at least 2,000 bits since 2016. */
export const minRsaBits = 2048;

// OpenSSL's names of the NIST curves kept, with their size in bits.
const nistCurves: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521 };
// Edwards keys have no parameters to read their size from.
const edwardsBits: Record<string, number> = { ed25519: 256, ed448: 448 };

export type KeyStrength = { ok: true; key_type: string; key_bits: number } | { ok: false; message: string };

/** The key's type and size when it may sign a client's filings, else why not. */
export function keyStrength(key: KeyObject): KeyStrength {
  const type = key.asymmetricKeyType ?? 'unknown';
  const { modulusLength, namedCurve } = key.asymmetricKeyDetails ?? {};
  if (type === 'rsa' || type === 'rsa-pss' || type === 'dsa') {
    const bits = modulusLength ?? 0;
    return bits >= minRsaBits
      ? { ok: true, key_type: type, key_bits: bits }
      : { ok: false, message: `has an ${type.toUpperCase()} key of ${bits} bits: at least ${minRsaBits} are needed` };
  }
  if (type === 'ec') {
    const bits = nistCurves[namedCurve ?? ''];
    return bits
      ? { ok: true, key_type: type, key_bits: bits }
      : { ok: false, message: `has an EC key on the curve ${namedCurve ?? 'of its own parameters'}: only P-256, P-384 and P-521 are accepted` };
  }
  const bits = edwardsBits[type];
  return bits ? { ok: true, key_type: type, key_bits: bits } : { ok: false, message: `has a key of type ${type}, which cannot sign a filing` };
}
