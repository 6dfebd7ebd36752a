// A PKCS#12 container's integrity MAC (RFC 7292 § 4 and appendix B), the key derivation it shares
// with the legacy encryptions, and the cap on their iterations: what a submission with a
// per-submission PIN needs to know (whether the PIN opens the container), with node:crypto and
// der.ts instead of the whole container reader (pkcs12.ts) in every submit function's bundle.

import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { child, children, count, oidHex, read, tags, valueOf, type Der } from '#shared/certificates/der.ts';
import { deriving } from '#shared/certificates/derivation-slots.ts';
import { countText } from '#shared/domain/certificate.ts';

/**
 * The most iterations any one derivation of a container may ask for. Containers are written with
 * 2,048 by OpenSSL (`PKCS12_DEFAULT_ITER`, also its `-iter` and `-maciter` default), 2,000 by
 * Windows' certificate export, and 10,000 by Java's keytool since its PBES2 defaults (50,000 for
 * the encryptions and 100,000 for the MAC in the Java releases before); 100,000 takes all of them
 * and a deliberately stronger setting of that order. A count above it is refused before anything
 * is derived, whatever the PIN: the count is the attacker's to choose, the CPU time ours to pay.
 */
export const maxIterations = 100_000;

/** The cap as people read it: 100,000. */
export const maxIterationsText = countText(maxIterations);

export type Refusal = { ok: false; code: 'CERTIFICATE_INVALID' | 'CERTIFICATE_PIN_WRONG'; message: string };

export const invalid = (message: string): Refusal => ({ ok: false, code: 'CERTIFICATE_INVALID', message });

/** The iteration count at `der`, or the refusal that names the cap. */
export function iterationsAt(bytes: Uint8Array, der: Der | undefined): number | Refusal {
  const iterations = der ? count(bytes, der) : 1;
  if (iterations < 1) return invalid('asks for no key derivation iterations');
  if (iterations > maxIterations)
    return invalid(`asks for more key derivation iterations than the ${maxIterationsText} allowed: export it again with fewer (OpenSSL writes 2,048)`);
  return iterations;
}

// DER of the digest algorithms' OIDs (value bytes, hex), with their block size in bytes.
export const digests: Record<string, { name: string; block: number }> = {
  '2b0e03021a': { name: 'sha1', block: 64 },
  '608648016503040201': { name: 'sha256', block: 64 },
  '608648016503040202': { name: 'sha384', block: 128 },
  '608648016503040203': { name: 'sha512', block: 128 },
};

/**
 * Iterations hashed between two turns of the event loop, a quarter of a millisecond's work (about a
 * millisecond on two busy shared cores): a request served meanwhile needs several turns, each of
 * which waits for a slice of each derivation under way (two at most, derivation-slots.ts).
 */
const slice = 256;

/**
 * The PKCS#12 key derivation (RFC 7292 appendix B.2): `id` 1 for a key, 2 for an IV, 3 for the MAC
 * key. The password is the PIN as a BMPString with its two zero bytes at the end. Each iteration is
 * one native hash; node:crypto offers no iterated hash, so the loop is here, handing the event loop
 * back every thousand iterations or so.
 */
export async function pkcs12Kdf(
  digest: { name: string; block: number },
  id: 1 | 2 | 3,
  pin: string,
  salt: Uint8Array,
  iterations: number,
  length: number,
): Promise<Buffer> {
  const { name, block } = digest;
  const password = Buffer.from(`${pin}\u0000`, 'utf16le').swap16();
  const fill = (source: Uint8Array) => {
    const filled = Buffer.alloc(block * Math.ceil(source.length / block));
    for (let i = 0; i < filled.length; i++) filled[i] = source[i % source.length]!;
    return filled;
  };
  const input = Buffer.concat([fill(salt), fill(password)]);
  const prefix = Buffer.alloc(block, id);
  const output: Buffer[] = [];
  for (let produced = 0; produced < length;) {
    let a = Buffer.concat([prefix, input]);
    for (let i = 0; i < iterations; i++) {
      a = hash(name, a, 'buffer');
      if (i % slice === slice - 1) await setImmediate();
    }
    output.push(a);
    produced += a.length;
    if (produced >= length) break;
    // I_j = (I_j + B + 1) mod 2^(8v), B being A repeated to v bytes.
    const b = fill(a);
    for (let j = 0; j < input.length; j += block) {
      let carry = 1;
      for (let k = block - 1; k >= 0; k--) {
        const sum = input[j + k]! + b[k]! + carry;
        input[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(output).subarray(0, length);
}

/** A container's parts as far as its MAC needs them: what the MAC covers, and its parameters. */
export interface MacParts {
  pfx: Der;
  /** The authenticated safe's octets, which the MAC covers. */
  macced: Uint8Array;
  mac: { digest: { name: string; block: number }; expected: Uint8Array; salt: Uint8Array; iterations: number };
}

/** Reads the container down to its MAC and holds the MAC's iterations to the cap; derives nothing. */
export function macParts(container: Uint8Array): MacParts | Refusal {
  let pfx: Der, authSafe: Der | undefined, macData: Der | undefined;
  try {
    pfx = read(container, 0);
    if (pfx.tag !== tags.sequence) return invalid('is not a PKCS#12 container (.pfx or .p12)');
    [, authSafe, macData] = children(container, pfx);
  } catch {
    return invalid('is not a PKCS#12 container (.pfx or .p12)');
  }
  if (!authSafe) return invalid('is not a PKCS#12 container (.pfx or .p12)');
  // Without a MAC nothing would say whether the PIN is right before keys were derived from it.
  if (!macData) return invalid('has no integrity MAC: export it with one (password integrity)');
  try {
    // authSafe: ContentInfo { data OID, [0] { OCTET STRING } }: the MAC covers the octets.
    const content = child(container, child(container, authSafe, 1, tags.context0), 0);
    const macced =
      content.tag === tags.octetString ? valueOf(container, content) : Buffer.concat(children(container, content).map((part) => valueOf(container, part)));
    const [digestInfo, salt, iterationCount] = children(container, macData);
    const [algorithm, expected] = children(container, digestInfo!);
    const digest = digests[oidHex(container, child(container, algorithm!, 0, tags.oid))];
    if (!digest) return invalid('has a MAC of a digest this cannot check (SHA-1, SHA-256, SHA-384 or SHA-512)');
    if (!salt || !expected) return invalid('has a MAC that cannot be read');
    const iterations = iterationsAt(container, iterationCount);
    if (typeof iterations !== 'number') return iterations;
    return { pfx, macced, mac: { digest, expected: valueOf(container, expected), salt: valueOf(container, salt), iterations } };
  } catch {
    return invalid('is not a PKCS#12 container that can be read');
  }
}

/** Whether the PIN verifies the MAC: the PIN that opens the container. */
export async function macVerifies({ macced, mac }: MacParts, pin: string): Promise<boolean> {
  const key = await pkcs12Kdf(mac.digest, 3, pin, mac.salt, mac.iterations, hash(mac.digest.name, '', 'buffer').length);
  const actual = createHmac(mac.digest.name, key).update(macced).digest();
  return actual.length === mac.expected.length && timingSafeEqual(actual, mac.expected);
}

/**
 * Whether `pin` opens the container, by its MAC alone: none when it does, else why not (a wrong
 * PIN; or a container this cannot check, or one over the cap, refused before any derivation).
 */
export async function pinRefusal(container: Uint8Array, pin: string): Promise<Refusal | undefined> {
  const parts = macParts(container);
  if ('ok' in parts) return parts;
  const opens = await deriving(() => macVerifies(parts, pin));
  return opens ? undefined : { ok: false, code: 'CERTIFICATE_PIN_WRONG', message: 'does not open the container: the PIN is wrong' };
}
