// RC2 in CBC mode, deciphering only (RFC 2268): what older PKCS#12 containers encrypt their
// certificates with (pbeWithSHAAnd40BitRC2-CBC, OpenSSL before 3 and Windows), and what Node's
// OpenSSL 3 no longer offers without its legacy provider. Small enough to keep here, so a bundle
// that opens containers carries no cipher library.

// RFC 2268 § 2, "PITABLE": a permutation of 0–255 derived from the digits of pi.
const piTable = Buffer.from(
  '2Xj5xBndte0o6f15SqDYncZ+N4MrdlOOYkxkiESL+6IXmln1h7NPE2FFbY0JgX0yvY9A64a3ewvwlSEiXGtOglTWZZPOYLIcc1bAFKeM8dwSdcofO77k0UI91DCjPLYmb78O2kZpB1cn8h2bvJRDA/gRx/aQ7z7nBsPVL8hmHtcI6OregFLu94Sqcqw1TWoqlhrScVoVSXRLn9BeBBik7MLgQW4PUcvMJJGvUKH0cDmZfDqFI7i0evwCNlslVZcxLV36mOOKkq4F3ykQZ2y6ydMA5s/hnqgsYxYBP1jiiakNODQbqzP/sLtIDF+5sc0uxfPbR+WlnHcKpiBo/n/BrQ==',
  'base64',
);

/** RFC 2268 § 2: the 64 16-bit subkeys of `key` for `effectiveBits` of effective key length. */
function expandKey(key: Uint8Array, effectiveBits: number): Uint16Array {
  const length = key.length;
  const effectiveBytes = (effectiveBits + 7) >> 3;
  const mask = 0xff >> (8 * effectiveBytes - effectiveBits);
  const l = new Uint8Array(128);
  l.set(key);
  for (let i = length; i < 128; i++) l[i] = piTable[(l[i - 1]! + l[i - length]!) & 0xff]!;
  l[128 - effectiveBytes] = piTable[l[128 - effectiveBytes]! & mask]!;
  for (let i = 127 - effectiveBytes; i >= 0; i--) l[i] = piTable[l[i + 1]! ^ l[i + effectiveBytes]!]!;
  const k = new Uint16Array(64);
  for (let i = 0; i < 64; i++) k[i] = l[2 * i]! | (l[2 * i + 1]! << 8);
  return k;
}

const rotateRight = (word: number, bits: number) => ((word >>> bits) | (word << (16 - bits))) & 0xffff;

/** RFC 2268 § 4: one 8-byte block deciphered in place (five mixing rounds, a mashing, six, a mashing, five). */
function decryptBlock(k: Uint16Array, r: Uint16Array): void {
  let j = 63;
  const mix = () => {
    for (const [i, shift] of [
      [3, 5],
      [2, 3],
      [1, 2],
      [0, 1],
    ] as const) {
      const a = r[(i + 3) % 4]!;
      const b = r[(i + 2) % 4]!;
      const c = r[(i + 1) % 4]!;
      r[i] = rotateRight(r[i]!, shift) - k[j--]! - (a & b) - (~a & c);
    }
  };
  const mash = () => {
    for (const i of [3, 2, 1, 0]) r[i] = r[i]! - k[r[(i + 3) % 4]! & 63]!;
  };
  for (const rounds of [5, 0, 6, 0, 5]) {
    if (rounds === 0) mash();
    for (let round = 0; round < rounds; round++) mix();
  }
}

/** Deciphers RC2-CBC with PKCS#7 padding, the key's whole length effective (as PKCS#12 uses it). */
export function rc2CbcDecipher(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  if (data.length === 0 || data.length % 8 !== 0 || iv.length !== 8) throw new Error('RC2 data must be whole 8-byte blocks');
  const k = expandKey(key, key.length * 8);
  const out = Buffer.alloc(data.length);
  const words = new Uint16Array(4);
  let previous = Buffer.from(iv);
  for (let offset = 0; offset < data.length; offset += 8) {
    const block = Buffer.from(data.subarray(offset, offset + 8));
    for (let i = 0; i < 4; i++) words[i] = block.readUInt16LE(2 * i);
    decryptBlock(k, words);
    for (let i = 0; i < 4; i++) out.writeUInt16LE(words[i]! ^ previous.readUInt16LE(2 * i), offset + 2 * i);
    previous = block;
  }
  const pad = out[out.length - 1]!;
  if (pad < 1 || pad > 8 || !out.subarray(out.length - pad).every((byte) => byte === pad)) throw new Error('RC2 padding does not verify');
  return out.subarray(0, out.length - pad);
}
