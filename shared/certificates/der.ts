// The few lines of DER (ITU-T X.690) that reading a PKCS#12 container and its certificate needs:
// where each value starts and ends, never a copy, so that a container's limits can be read before
// any key is derived from its PIN.

export interface Der {
  tag: number;
  /** Where its tag is. */
  head: number;
  /** The value's first byte and the byte after it. */
  start: number;
  end: number;
}

/** The value whose tag is at `at`; throws when it is not DER this can read or runs past the end. */
export function read(bytes: Uint8Array, at: number): Der {
  if (at + 2 > bytes.length) throw new Error('DER runs past its end');
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
  return { tag, head: at, start, end: start + length };
}

/** The elements of a constructed value, in order. */
export function children(bytes: Uint8Array, parent: Der): Der[] {
  const found: Der[] = [];
  for (let at = parent.start; at < parent.end;) {
    const child = read(bytes, at);
    if (child.end > parent.end) throw new Error('DER runs past its parent');
    found.push(child);
    at = child.end;
  }
  return found;
}

/** The `index`th element of a constructed value; throws when there is none, or it has another tag. */
export function child(bytes: Uint8Array, parent: Der, index: number, tag?: number): Der {
  const found = children(bytes, parent)[index];
  if (!found || (tag !== undefined && found.tag !== tag)) throw new Error(`DER element ${index} is missing or not of tag ${tag}`);
  return found;
}

export const tags = { integer: 0x02, octetString: 0x04, oid: 0x06, sequence: 0x30, set: 0x31, context0: 0xa0 } as const;

export const valueOf = (bytes: Uint8Array, der: Der) => bytes.subarray(der.start, der.end);

/** The whole element, tag and length included. */
export const encoded = (bytes: Uint8Array, der: Der) => bytes.subarray(der.head, der.end);

/** An OBJECT IDENTIFIER's value bytes in hex: compared with the DER of the OIDs this reads. */
export const oidHex = (bytes: Uint8Array, der: Der) => Buffer.from(valueOf(bytes, der)).toString('hex');

/**
 * A non-negative INTEGER, or Infinity when it has more than six value bytes (or is negative): a
 * count that large is over every limit anyway, and is never turned into work.
 */
export function count(bytes: Uint8Array, der: Der): number {
  if (der.tag !== tags.integer) throw new Error('not an INTEGER');
  const value = valueOf(bytes, der);
  if (value.length === 0) throw new Error('empty INTEGER');
  if (value[0]! & 0x80 || value.length > 6) return Number.POSITIVE_INFINITY;
  return value.reduce((sum, byte) => sum * 256 + byte, 0);
}
