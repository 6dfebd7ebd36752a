// A PKCS#12 container's integrity MAC (RFC 7292 § 4 and appendix B): the container read down to it
// with the @peculiar schemas, its iterations held to the cap before anything is derived, and the PIN
// checked by it. Runs on the PKCS#12 thread (pkcs12-worker.ts).

import { createHmac, timingSafeEqual } from 'node:crypto';
import { PFX } from '@peculiar/asn1-pfx';
import { OctetString } from '@peculiar/asn1-schema';
import { pkcs12Key, type DigestName } from '#shared/certificates/legacy-pbe.ts';
import { invalid, iterationsWithin, type Refusal } from '#shared/certificates/pkcs12-limits.ts';
import { octets, parsed } from '#shared/certificates/pkcs12-schemas.ts';

/** The digests a MAC may use, by their OIDs, with the length of the key each takes. */
const digests: Record<string, { name: DigestName; length: number }> = {
  '1.3.14.3.2.26': { name: 'sha1', length: 20 },
  '2.16.840.1.101.3.4.2.1': { name: 'sha256', length: 32 },
  '2.16.840.1.101.3.4.2.2': { name: 'sha384', length: 48 },
  '2.16.840.1.101.3.4.2.3': { name: 'sha512', length: 64 },
};

/** A container's parts as far as its MAC needs them: what the MAC covers, and its parameters. */
export interface MacParts {
  /** The authenticated safe's octets, which the MAC covers. */
  macced: Uint8Array;
  mac: { digest: { name: DigestName; length: number }; expected: Uint8Array; salt: Uint8Array; iterations: number };
}

/** Reads the container down to its MAC and holds the MAC's iterations to the cap; derives nothing. */
export function macParts(container: Uint8Array): MacParts | Refusal {
  let pfx: PFX;
  try {
    pfx = parsed(container, PFX);
  } catch {
    return invalid('is not a PKCS#12 container (.pfx or .p12)');
  }
  // Without a MAC nothing would say whether the PIN is right before keys were derived from it. The
  // schema leaves an empty MAC where the container has none.
  const { mac, macSalt, iterations: count } = pfx.macData;
  if (mac.digest.byteLength === 0) return invalid('has no integrity MAC: export it with one (password integrity)');
  const digest = digests[mac.digestAlgorithm.algorithm];
  if (!digest) return invalid('has a MAC of a digest this cannot check (SHA-1, SHA-256, SHA-384 or SHA-512)');
  const iterations = iterationsWithin(count);
  if (typeof iterations !== 'number') return iterations;
  try {
    // authSafe: ContentInfo { data, [0] OCTET STRING }: the MAC covers the octets.
    const macced = octets(parsed(pfx.authSafe.content, OctetString));
    return { macced, mac: { digest, expected: octets(mac.digest), salt: octets(macSalt), iterations } };
  } catch {
    return invalid('is not a PKCS#12 container that can be read');
  }
}

/** Whether the PIN verifies the MAC: the PIN that opens the container. */
export function macVerifies({ macced, mac }: MacParts, pin: string): boolean {
  const key = pkcs12Key(mac.digest.name, 3, pin, mac.salt, mac.iterations, mac.digest.length);
  const actual = createHmac(mac.digest.name, key).update(macced).digest();
  return actual.length === mac.expected.length && timingSafeEqual(actual, mac.expected);
}
