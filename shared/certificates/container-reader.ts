// Opening a client's ELSTER certificate: a PKCS#12 container (.pfx, .p12) with its PIN (RFC 7292),
// read with the @peculiar schemas. Current containers (PBES2 with AES, a SHA-256 MAC) and legacy
// ones (3DES, RC2 and a SHA-1 MAC) open alike. Every iteration count is read and held to the cap
// before anything is derived, and the MAC is checked first. PBKDF2, AES, 3DES and the MAC are
// node:crypto's; the PKCS#12 derivation and RC2 node-forge's (legacy-pbe.ts); a legacy shrouded key
// OpenSSL derives and decrypts in one native call. Runs on the PKCS#12 thread (pkcs12-worker.ts).

import { X509Certificate, createDecipheriv, createPrivateKey, pbkdf2Sync, type KeyObject } from 'node:crypto';
import {
  AuthenticatedSafe,
  CertBag,
  PKCS8ShroudedKeyBag,
  SafeContents,
  id_certBag,
  id_keyBag,
  id_pkcs8ShroudedKeyBag,
  id_x509Certificate,
} from '@peculiar/asn1-pfx';
import { OctetString } from '@peculiar/asn1-schema';
import type { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { macParts, macVerifies } from '#shared/certificates/container-mac.ts';
import { pkcs12Key, rc2CbcDecipher } from '#shared/certificates/legacy-pbe.ts';
import { invalid, iterationsWithin, maxEncryptedParts, wrongPin, type Refusal } from '#shared/certificates/pkcs12-limits.ts';
import { EncryptedData, Pbes2Params, Pbkdf2Params, Pkcs12PbeParams, octets, parsed } from '#shared/certificates/pkcs12-schemas.ts';
import { certificateFacts, type X509Facts } from '#shared/certificates/x509-facts.ts';
import type { NameProblem } from '#shared/domain/certificate.ts';

/** Why a container is refused: the codes of its reading and of the rules applied before its keys are decrypted. */
export type Refused = { ok: false; code: Refusal['code'] | NameProblem['code'] | 'CERTIFICATE_KEY_MISMATCH' | 'CERTIFICATE_UNREADABLE'; message: string };

/** The certificate a container's private key belongs to, with what it says of itself. */
export interface Leaf {
  ok: true;
  certificate: X509Certificate;
  key: KeyObject;
  facts: X509Facts;
}

const oids = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
};

const prfs: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};
const pbes2Ciphers: Record<string, { name: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};
// The PKCS#12 password-based encryptions of RFC 7292 appendix C, with SHA-1 derivation.
const pkcs12Ciphers: Record<string, { name: 'des-ede3-cbc' | 'rc2'; keyLength: number }> = {
  '1.2.840.113549.1.12.1.3': { name: 'des-ede3-cbc', keyLength: 24 },
  '1.2.840.113549.1.12.1.5': { name: 'rc2', keyLength: 16 },
  '1.2.840.113549.1.12.1.6': { name: 'rc2', keyLength: 5 },
};

/** How to decrypt one encrypted part, its iterations already held to the cap. */
type Decrypt = (pin: string) => Buffer;

const decipher = (name: string, key: Uint8Array, iv: Uint8Array, data: Uint8Array) => {
  const d = createDecipheriv(name, key, iv);
  return Buffer.concat([d.update(data), d.final()]);
};

/** The decryption of `data` under `algorithm`, or why it is refused; derives nothing. Throws when its parameters cannot be read. */
function decryptionOf(algorithm: AlgorithmIdentifier, data: Uint8Array): Decrypt | Refusal {
  if (algorithm.algorithm === oids.pbes2) {
    const { keyDerivationFunc, encryptionScheme } = parsed(algorithm.parameters, Pbes2Params);
    // Only PBKDF2: scrypt, which PBES2 allows too, would cost memory no iteration count bounds.
    if (keyDerivationFunc.algorithm !== oids.pbkdf2) return invalid('is encrypted with a key derivation other than PBKDF2');
    const params = parsed(keyDerivationFunc.parameters, Pbkdf2Params);
    const iterations = iterationsWithin(params.iterationCount);
    if (typeof iterations !== 'number') return iterations;
    const prf = params.prf ? prfs[params.prf.algorithm] : 'sha1';
    const cipher = pbes2Ciphers[encryptionScheme.algorithm];
    if (!prf || !cipher) return invalid('is encrypted with a cipher this cannot read (AES-CBC or 3DES)');
    const iv = octets(parsed(encryptionScheme.parameters, OctetString));
    // OpenSSL derives the PBES2 key from the PIN's UTF-8 bytes.
    return (pin) => decipher(cipher.name, pbkdf2Sync(Buffer.from(pin, 'utf8'), octets(params.salt), iterations, cipher.keyLength, prf), iv, data);
  }
  const cipher = pkcs12Ciphers[algorithm.algorithm];
  if (!cipher) return invalid('is encrypted with an algorithm this cannot read (PBES2, or PKCS#12 3DES or RC2)');
  const params = parsed(algorithm.parameters, Pkcs12PbeParams);
  const iterations = iterationsWithin(params.iterations);
  if (typeof iterations !== 'number') return iterations;
  const salt = octets(params.salt);
  return (pin) => {
    const key = pkcs12Key('sha1', 1, pin, salt, iterations, cipher.keyLength);
    const iv = pkcs12Key('sha1', 2, pin, salt, iterations, 8);
    return cipher.name === 'rc2' ? rc2CbcDecipher(key, iv, data) : decipher(cipher.name, key, iv, data);
  };
}

/** What the safes hold: keys in the clear, keys and safes still encrypted, certificates. */
interface Found {
  keys: KeyObject[];
  /** Shrouded keys, their algorithm and iterations already checked. */
  shroudedKeys: ((pin: string) => KeyObject)[];
  encryptedSafes: Decrypt[];
  certificates: Uint8Array[];
}

/** The bags of a SafeContents (RFC 7292 § 4.2); each encrypted one's iterations are checked as it is found. */
function readSafe(safe: ArrayBuffer | ArrayBufferView, found: Found): Refusal | undefined {
  for (const { bagId, bagValue } of parsed(safe, SafeContents)) {
    if (bagId === id_keyBag) found.keys.push(createPrivateKey({ key: Buffer.from(bagValue), format: 'der', type: 'pkcs8' }));
    if (bagId === id_pkcs8ShroudedKeyBag) {
      const { encryptionAlgorithm, encryptedData } = parsed(bagValue, PKCS8ShroudedKeyBag);
      const decrypt = decryptionOf(encryptionAlgorithm, octets(encryptedData));
      if ('ok' in decrypt) return decrypt;
      const info = Buffer.from(bagValue);
      // A legacy key OpenSSL derives and decrypts in one native call, about fifteen times cheaper
      // than node-forge's derivation.
      found.shroudedKeys.push(
        encryptionAlgorithm.algorithm === oids.pbes2
          ? (pin) => createPrivateKey({ key: decrypt(pin), format: 'der', type: 'pkcs8' })
          : (pin) => createPrivateKey({ key: info, format: 'der', type: 'pkcs8', passphrase: pin }),
      );
    }
    if (bagId === id_certBag) {
      const { certId, certValue } = parsed(bagValue, CertBag);
      if (certId === id_x509Certificate) found.certificates.push(octets(parsed(certValue, OctetString)));
    }
  }
  return undefined;
}

/** The ContentInfos of the authenticated safe (RFC 7292 § 4.1): safes in the clear are read now, encrypted ones kept for later. */
function readAuthenticatedSafe(macced: Uint8Array, found: Found): Refusal | undefined {
  for (const { contentType, content } of parsed(macced, AuthenticatedSafe)) {
    if (contentType === oids.data) {
      const refused = readSafe(octets(parsed(content, OctetString)), found);
      if (refused) return refused;
    } else if (contentType === oids.encryptedData) {
      const { contentEncryptionAlgorithm, encryptedContent } = parsed(content, EncryptedData).encryptedContentInfo;
      const encrypted = encryptedContent?.value ?? encryptedContent?.constructedValue?.[0];
      if (!encrypted) return invalid('holds encrypted contents that cannot be read');
      const decrypt = decryptionOf(contentEncryptionAlgorithm, octets(encrypted));
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
 * decrypted. Holds to no rule about the key or the validity.
 */
export function readLeaf(container: Uint8Array, pin: string, screen?: (facts: X509Facts[]) => Refused | undefined): Leaf | Refused {
  const parts = macParts(container);
  if ('ok' in parts) return parts;
  const found: Found = { keys: [], shroudedKeys: [], encryptedSafes: [], certificates: [] };
  const encryptedParts = () => found.shroudedKeys.length + found.encryptedSafes.length;
  const tooMany = invalid(`holds more than ${maxEncryptedParts} encrypted keys and safes`);
  try {
    const refused = readAuthenticatedSafe(parts.macced, found);
    if (refused) return refused;
  } catch {
    return unreadable;
  }
  if (encryptedParts() > maxEncryptedParts) return tooMany;
  if (!macVerifies(parts, pin)) return wrongPin;
  try {
    // A safe decrypted here may hold more shrouded keys: counted and checked as they are found.
    for (const decrypt of found.encryptedSafes) {
      const refused = readSafe(decrypt(pin), found);
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
    for (const decryptKey of found.shroudedKeys) found.keys.push(decryptKey(pin));
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
}
