// Where a body stops being UTF-8, so the caller learns which byte to look at: a decoder only says
// that it failed. The well-formed sequences are those of the Unicode Standard, table 3-7.

/** Length and range of the second byte of each lead byte; every later byte is 80..BF. */
function shapeOf(lead: number): [length: number, low: number, high: number] | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf]; // not overlong
  if (lead === 0xed) return [3, 0x80, 0x9f]; // not a surrogate
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf]; // not overlong
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f]; // not above U+10FFFF
  return undefined;
}

function sequenceLength(bytes: Uint8Array, start: number): number | undefined {
  const lead = bytes[start]!;
  if (lead < 0x80) return 1;
  const shape = shapeOf(lead);
  if (!shape) return undefined;
  const [length, low, high] = shape;
  const second = bytes[start + 1];
  if (second === undefined || second < low || second > high) return undefined;
  for (let next = start + 2; next < start + length; next++) {
    const byte = bytes[next];
    if (byte === undefined || byte < 0x80 || byte > 0xbf) return undefined;
  }
  return length;
}

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence; undefined when there is none. */
export function invalidUtf8Offset(bytes: Uint8Array): number | undefined {
  for (let offset = 0; offset < bytes.length;) {
    const length = sequenceLength(bytes, offset);
    if (length === undefined) return offset;
    offset += length;
  }
  return undefined;
}
