// Opening a client's ELSTER certificate: a PKCS#12 container (.pfx, .p12) with its PIN (RFC 7292).
// Current containers (PBES2 with AES, a SHA-256 MAC) and legacy ones (3DES, RC2 and a SHA-1 MAC)
// open alike. Every iteration count is read and held to the cap before anything is derived, the MAC
// is checked first, and keys are derived in node:crypto's native code: PBKDF2 on libuv's thread
// pool, the PKCS#12 derivation by OpenSSL itself as it decrypts a legacy key, on a thread of its own
// (legacy-key.ts), else one native hash per iteration (pkcs12-mac.ts). Only RC2, which OpenSSL 3
// keeps in its legacy provider that Node does not load, is deciphered here (rc2.ts), with the key
// derived here too. A process opens two containers at a time at most (derivation-slots.ts).

import { X509Certificate, createDecipheriv, createPrivateKey, pbkdf2, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { rc2CbcDecipher } from '#shared/certificates/rc2.ts';
import { nameProblems, type CertificateFacts, type NameProblem } from '#shared/domain/certificate.ts';
import { child, children, encoded, oidHex, read, tags, valueOf, type Der } from '#shared/certificates/der.ts';
import { deriving } from '#shared/certificates/derivation-slots.ts';
import { keyStrength } from '#shared/certificates/key-strength.ts';
import { legacyKey } from '#shared/certificates/legacy-key.ts';
import { digests, invalid, iterationsAt, macParts, macVerifies, pkcs12Kdf, type Refusal } from '#shared/certificates/pkcs12-mac.ts';
import { certificateFacts, type X509Facts } from '#shared/certificates/x509-facts.ts';

export type OpenCode =
  | Refusal['code']
  | NameProblem['code']
  | 'CERTIFICATE_EXPIRED'
  | 'CERTIFICATE_NOT_YET_VALID'
  | 'CERTIFICATE_KEY_MISMATCH'
  | 'CERTIFICATE_KEY_TOO_WEAK'
  | 'CERTIFICATE_UNREADABLE';

type Refused = { ok: false; code: OpenCode; message: string };

export type Opened = { ok: true; facts: CertificateFacts } | Refused;

/** The certificate a container's private key belongs to, with what it says of itself. */
export interface Leaf {
  ok: true;
  certificate: X509Certificate;
  key: KeyObject;
  facts: X509Facts;
}

/** Shrouded keys and encrypted safes one container may hold: ELSTER's hold a few; each costs up to the cap. */
export const maxEncryptedParts = 4;

// DER of the OIDs this reads (value bytes, hex).
const oids = {
  data: '2a864886f70d010701',
  encryptedData: '2a864886f70d010706',
  keyBag: '2a864886f70d010c0a0101',
  shroudedKeyBag: '2a864886f70d010c0a0102',
  certBag: '2a864886f70d010c0a0103',
  x509Certificate: '2a864886f70d01091601',
  pbes2: '2a864886f70d01050d',
  pbkdf2: '2a864886f70d01050c',
};

const prfs: Record<string, string> = {
  '2a864886f70d0207': 'sha1',
  '2a864886f70d0208': 'sha224',
  '2a864886f70d0209': 'sha256',
  '2a864886f70d020a': 'sha384',
  '2a864886f70d020b': 'sha512',
};
const pbes2Ciphers: Record<string, { name: string; keyLength: number }> = {
  '608648016503040102': { name: 'aes-128-cbc', keyLength: 16 },
  '608648016503040116': { name: 'aes-192-cbc', keyLength: 24 },
  '60864801650304012a': { name: 'aes-256-cbc', keyLength: 32 },
  '2a864886f70d0307': { name: 'des-ede3-cbc', keyLength: 24 },
};
// The PKCS#12 password-based encryptions of RFC 7292 appendix C, with SHA-1 derivation.
const pkcs12Ciphers: Record<string, { name: 'des-ede3-cbc' | 'rc2'; keyLength: number }> = {
  '2a864886f70d010c0103': { name: 'des-ede3-cbc', keyLength: 24 },
  '2a864886f70d010c0105': { name: 'rc2', keyLength: 16 },
  '2a864886f70d010c0106': { name: 'rc2', keyLength: 5 },
};

const pbkdf2Async = promisify(pbkdf2);

/** How to decrypt one encrypted part, its iterations already held to the cap. */
type Decrypt = (pin: string) => Promise<Buffer>;

/** The decryption of `data` under the AlgorithmIdentifier `algorithm`, or why it is refused; derives nothing. */
function decryptionOf(bytes: Uint8Array, algorithm: Der, data: Uint8Array): Decrypt | Refusal {
  const algorithmOid = oidHex(bytes, child(bytes, algorithm, 0, tags.oid));
  const params = child(bytes, algorithm, 1, tags.sequence);
  if (algorithmOid === oids.pbes2) {
    const [kdf, scheme] = children(bytes, params);
    // Only PBKDF2: scrypt, which PBES2 allows too, would cost memory no iteration count bounds.
    if (!kdf || !scheme || oidHex(bytes, child(bytes, kdf, 0, tags.oid)) !== oids.pbkdf2)
      return invalid('is encrypted with a key derivation other than PBKDF2');
    const [salt, iterationCount, ...rest] = children(bytes, child(bytes, kdf, 1, tags.sequence));
    const iterations = iterationsAt(bytes, iterationCount);
    if (typeof iterations !== 'number') return iterations;
    const prfAlgorithm = rest.find((der) => der.tag === tags.sequence);
    const prf = prfAlgorithm ? prfs[oidHex(bytes, child(bytes, prfAlgorithm, 0, tags.oid))] : 'sha1';
    const cipher = pbes2Ciphers[oidHex(bytes, child(bytes, scheme, 0, tags.oid))];
    if (!prf || !cipher || salt?.tag !== tags.octetString) return invalid('is encrypted with a cipher this cannot read (AES-CBC or 3DES)');
    const iv = valueOf(bytes, child(bytes, scheme, 1, tags.octetString));
    // OpenSSL derives the PBES2 key from the PIN's UTF-8 bytes.
    return async (pin) => {
      const key = await pbkdf2Async(Buffer.from(pin, 'utf8'), valueOf(bytes, salt), iterations, cipher.keyLength, prf);
      return decipher(cipher.name, key, iv, data);
    };
  }
  const cipher = pkcs12Ciphers[algorithmOid];
  if (!cipher) return invalid('is encrypted with an algorithm this cannot read (PBES2, or PKCS#12 3DES or RC2)');
  const [salt, iterationCount] = children(bytes, params);
  const iterations = iterationsAt(bytes, iterationCount);
  if (typeof iterations !== 'number') return iterations;
  if (salt?.tag !== tags.octetString) return invalid('is encrypted with parameters that cannot be read');
  const sha1 = digests['2b0e03021a']!;
  return async (pin) => {
    const key = await pkcs12Kdf(sha1, 1, pin, valueOf(bytes, salt), iterations, cipher.keyLength);
    const iv = await pkcs12Kdf(sha1, 2, pin, valueOf(bytes, salt), iterations, 8);
    return cipher.name === 'rc2' ? rc2CbcDecipher(key, iv, data) : decipher(cipher.name, key, iv, data);
  };
}

const decipher = (name: string, key: Uint8Array, iv: Uint8Array, data: Uint8Array) => {
  const d = createDecipheriv(name, key, iv);
  return Buffer.concat([d.update(data), d.final()]);
};

/** What one safe holds: keys in the clear, keys and safes still encrypted, certificates. */
interface Found {
  keys: KeyObject[];
  /** Shrouded keys, their algorithm and iterations already checked. */
  shroudedKeys: ((pin: string) => Promise<KeyObject>)[];
  encryptedSafes: Decrypt[];
  certificates: Uint8Array[];
}

/** The bags of a SafeContents (RFC 7292 § 4.2); each encrypted one's iterations are checked as it is found. */
function readSafe(bytes: Uint8Array, safe: Der, found: Found): Refusal | undefined {
  for (const bag of children(bytes, safe)) {
    const type = oidHex(bytes, child(bytes, bag, 0, tags.oid));
    const value = child(bytes, child(bytes, bag, 1, tags.context0), 0);
    if (type === oids.keyBag) found.keys.push(createPrivateKey({ key: Buffer.from(encoded(bytes, value)), format: 'der', type: 'pkcs8' }));
    if (type === oids.shroudedKeyBag) {
      const algorithm = child(bytes, value, 0, tags.sequence);
      const decrypt = decryptionOf(bytes, algorithm, valueOf(bytes, child(bytes, value, 1, tags.octetString)));
      if ('ok' in decrypt) return decrypt;
      const info = encoded(bytes, value);
      // PBKDF2 runs on the thread pool. A legacy key OpenSSL derives and decrypts in one native call,
      // about fifteen times cheaper than the loop of pkcs12-mac.ts, on a thread of its own.
      found.shroudedKeys.push(
        oidHex(bytes, child(bytes, algorithm, 0, tags.oid)) === oids.pbes2
          ? async (pin) => createPrivateKey({ key: await decrypt(pin), format: 'der', type: 'pkcs8' })
          : (pin) => legacyKey(info, pin),
      );
    }
    if (type === oids.certBag && oidHex(bytes, child(bytes, value, 0, tags.oid)) === oids.x509Certificate) {
      found.certificates.push(valueOf(bytes, child(bytes, child(bytes, value, 1, tags.context0), 0, tags.octetString)));
    }
  }
  return undefined;
}

/** The ContentInfos of the authenticated safe (RFC 7292 § 4.1): safes in the clear are read now, encrypted ones kept for later. */
function readAuthenticatedSafe(bytes: Uint8Array, found: Found): Refusal | undefined {
  for (const info of children(bytes, read(bytes, 0))) {
    const type = oidHex(bytes, child(bytes, info, 0, tags.oid));
    const content = child(bytes, child(bytes, info, 1, tags.context0), 0);
    if (type === oids.data) {
      if (content.tag !== tags.octetString) return invalid('holds contents that cannot be read');
      const refused = readSafe(bytes, read(bytes, content.start), found);
      if (refused) return refused;
    } else if (type === oids.encryptedData) {
      // EncryptedData { version, EncryptedContentInfo { contentType, algorithm, [0] IMPLICIT octets } }
      const [, algorithm, octets] = children(bytes, child(bytes, content, 1, tags.sequence));
      if (!algorithm || octets?.tag !== 0x80) return invalid('holds encrypted contents that cannot be read');
      const decrypt = decryptionOf(bytes, algorithm, valueOf(bytes, octets));
      if ('ok' in decrypt) return decrypt;
      found.encryptedSafes.push(decrypt);
    } else {
      return invalid('holds contents protected by a public key, which this cannot open');
    }
  }
  return undefined;
}

const unreadable = invalid('is not a PKCS#12 container that can be read');

/** What the certificate says of itself; none when it cannot be read. */
function factsOf(certificate: X509Certificate): X509Facts | undefined {
  try {
    return certificateFacts(certificate);
  } catch {
    return undefined;
  }
}

/**
 * The certificate the container's private key belongs to, opened with the PIN: never one merely
 * beside the key. Every iteration count is held to the cap before the first derivation (one inside
 * an encrypted safe before its own), the MAC is checked before any decryption, and a container
 * without a MAC is refused. `screen` may refuse on what the certificates say before any key is
 * decrypted. Holds to no rule about the key or the validity: `openPkcs12` does.
 */
export function containerLeaf(container: Uint8Array, pin: string, screen?: (facts: X509Facts[]) => Refused | undefined): Promise<Leaf | Refused> {
  return deriving(async () => {
    const parts = macParts(container);
    if ('ok' in parts) return parts;
    const found: Found = { keys: [], shroudedKeys: [], encryptedSafes: [], certificates: [] };
    const encryptedParts = () => found.shroudedKeys.length + found.encryptedSafes.length;
    const tooMany = invalid(`holds more than ${maxEncryptedParts} encrypted keys and safes`);
    try {
      const refused = readAuthenticatedSafe(Buffer.from(parts.macced), found);
      if (refused) return refused;
    } catch {
      return unreadable;
    }
    if (encryptedParts() > maxEncryptedParts) return tooMany;
    if (!(await macVerifies(parts, pin))) return { ok: false, code: 'CERTIFICATE_PIN_WRONG', message: 'does not open the container: the PIN is wrong' };
    try {
      // A safe decrypted here may hold more shrouded keys: counted and checked as they are found.
      for (const decrypt of found.encryptedSafes) {
        const plain = await decrypt(pin);
        const refused = readSafe(plain, read(plain, 0), found);
        if (refused) return refused;
        if (encryptedParts() > maxEncryptedParts) return tooMany;
      }
    } catch {
      return unreadable;
    }
    let certificates: { certificate: X509Certificate; facts: X509Facts | undefined }[];
    try {
      certificates = found.certificates.map((der) => {
        const certificate = new X509Certificate(der);
        return { certificate, facts: factsOf(certificate) };
      });
    } catch {
      return { ok: false, code: 'CERTIFICATE_UNREADABLE', message: 'holds a certificate that cannot be read' };
    }
    if (found.keys.length + found.shroudedKeys.length === 0 || certificates.length === 0)
      return invalid('holds no private key with its certificate: ELSTER signs with both');
    const screened = screen?.(certificates.flatMap(({ facts }) => (facts ? [facts] : [])));
    if (screened) return screened;
    try {
      for (const decryptKey of found.shroudedKeys) found.keys.push(await decryptKey(pin));
    } catch {
      return unreadable;
    }
    for (const { certificate, facts } of certificates) {
      const key = found.keys.find((candidate) => certificate.checkPrivateKey(candidate));
      if (!key) continue;
      if (!facts) return { ok: false, code: 'CERTIFICATE_UNREADABLE', message: 'holds a certificate whose validity or names cannot be read' };
      return { ok: true, certificate, key, facts };
    }
    return { ok: false, code: 'CERTIFICATE_KEY_MISMATCH', message: 'holds a private key that belongs to none of its certificates' };
  });
}

/** A container none of whose certificates has names short enough to keep is refused before any key is decrypted. */
function namesRefusal(facts: X509Facts[]): Refused | undefined {
  const problems = facts.map((one) => nameProblems(one)[0]);
  const [first] = problems;
  return first && problems.every(Boolean) ? { ok: false, ...first } : undefined;
}

/**
 * Opens the container with its PIN before anything is kept: one that cannot sign, whose key is not
 * its certificate's or too weak, or whose names are too long, is refused now, not at filing.
 */
export async function openPkcs12(container: Uint8Array, pin: string, now: Date): Promise<Opened> {
  const leaf = await containerLeaf(container, pin, namesRefusal);
  if (!leaf.ok) return leaf;
  const strength = keyStrength(leaf.key);
  if (!strength.ok) return { ok: false, code: 'CERTIFICATE_KEY_TOO_WEAK', message: strength.message };
  const { facts } = leaf;
  const [named] = nameProblems(facts);
  if (named) return { ok: false, ...named };
  if (facts.not_before > now.toISOString()) return { ok: false, code: 'CERTIFICATE_NOT_YET_VALID', message: `is valid only from ${facts.not_before}` };
  if (facts.not_after <= now.toISOString()) return { ok: false, code: 'CERTIFICATE_EXPIRED', message: `expired on ${facts.not_after}` };
  return { ok: true, facts: { ...facts, key_type: strength.key_type, key_bits: strength.key_bits } };
}
