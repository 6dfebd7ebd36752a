// Whether a PIN opens a PKCS#12 container, by its integrity MAC alone (RFC 7292 § 4 and appendix B):
// what a submission with a per-submission PIN needs to know, with node:crypto and a few lines of DER
// instead of the whole container parser (pkcs12.ts) in every submit function's bundle.

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

interface Der {
  tag: number;
  /** The value's first byte and the byte after it. */
  start: number;
  end: number;
}

function read(bytes: Uint8Array, at: number): Der {
  const tag = bytes[at]!;
  let length = bytes[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i]!;
    start += count;
  }
  if (start + length > bytes.length) throw new Error('DER runs past its end');
  return { tag, start, end: start + length };
}

/** The elements of a constructed value, in order. */
function children(bytes: Uint8Array, parent: Der): Der[] {
  const found: Der[] = [];
  for (let at = parent.start; at < parent.end;) {
    const child = read(bytes, at);
    found.push(child);
    at = child.end;
  }
  return found;
}

const oid = (bytes: Uint8Array, der: Der) => Buffer.from(bytes.subarray(der.start, der.end)).toString('hex');

// DER of the digest algorithms' OIDs (value bytes, hex), with their block size in bytes.
const digests: Record<string, { name: string; block: number }> = {
  '2b0e03021a': { name: 'sha1', block: 64 },
  '608648016503040201': { name: 'sha256', block: 64 },
  '608648016503040202': { name: 'sha384', block: 128 },
  '608648016503040203': { name: 'sha512', block: 128 },
};

/** The PKCS#12 key derivation (RFC 7292 appendix B.2) for the MAC key (ID 3), one digest long. */
function macKey(digest: string, block: number, pin: string, salt: Uint8Array, iterations: number): Buffer {
  // The password as a BMPString with its two zero bytes at the end.
  const password = Buffer.from(`${pin}\u0000`, 'utf16le').swap16();
  const fill = (source: Uint8Array) => {
    const length = block * Math.ceil(source.length / block);
    return Buffer.from(Array.from({ length }, (_, i) => source[i % source.length]!));
  };
  let hash = Buffer.concat([Buffer.alloc(block, 3), fill(salt), fill(password)]);
  for (let i = 0; i < iterations; i++) hash = createHash(digest).update(hash).digest();
  return hash;
}

/**
 * True when `pin` verifies the container's MAC: the PIN that opens it. False for a wrong PIN, and
 * for anything that is not a password-integrity PKCS#12 container this can read.
 */
export function pinOpensContainer(container: Uint8Array, pin: string): boolean {
  try {
    const pfx = read(container, 0);
    const [, authSafe, macData] = children(container, pfx);
    if (!authSafe || !macData) return false;
    // authSafe: ContentInfo { data OID, [0] { OCTET STRING } }: the MAC covers the octets.
    const content = children(container, children(container, authSafe)[1]!)[0]!;
    const macced =
      content.tag === 0x04
        ? container.subarray(content.start, content.end)
        : Buffer.concat(children(container, content).map((part) => container.subarray(part.start, part.end)));
    const [digestInfo, salt, count] = children(container, macData);
    const [algorithm, expected] = children(container, digestInfo!);
    const digest = digests[oid(container, children(container, algorithm!)[0]!)];
    if (!digest || !salt || !expected) return false;
    let iterations = 1;
    if (count) iterations = Number.parseInt(Buffer.from(container.subarray(count.start, count.end)).toString('hex'), 16);
    if (!(iterations >= 1 && iterations <= 10_000_000)) return false;
    const key = macKey(digest.name, digest.block, pin, container.subarray(salt.start, salt.end), iterations);
    const actual = createHmac(digest.name, key).update(macced).digest();
    const wanted = container.subarray(expected.start, expected.end);
    return actual.length === wanted.length && timingSafeEqual(actual, wanted);
  } catch {
    return false;
  }
}
