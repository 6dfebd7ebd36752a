import { describe, expect, it } from 'vitest';
import { invalidUtf8Offset } from '#shared/http/utf8.ts';
import { prng } from '#test/faults/prng.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const strict = new TextDecoder('utf-8', { fatal: true });
const decodes = (input: Uint8Array) => {
  try {
    strict.decode(input);
    return true;
  } catch {
    return false;
  }
};

describe('invalidUtf8Offset', () => {
  it('finds nothing in well-formed text of every length of sequence', () => {
    expect(invalidUtf8Offset(new TextEncoder().encode('{"name":"Müller € 𝕏"}'))).toBeUndefined();
    expect(invalidUtf8Offset(bytes())).toBeUndefined();
    expect(invalidUtf8Offset(bytes(0xf4, 0x8f, 0xbf, 0xbf))).toBeUndefined(); // U+10FFFF
  });

  it.each([
    ['a Latin-1 "ü"', bytes(0x4d, 0xfc, 0x6c), 1],
    ['a lone continuation byte', bytes(0x61, 0x80), 1],
    ['a lead byte followed by ASCII', bytes(0x61, 0x62, 0xc3, 0x28), 2],
    ['a sequence cut off at the end', bytes(0x61, 0xe2, 0x82), 1],
    ['an overlong "/"', bytes(0xc0, 0xaf), 0],
    ['an overlong three-byte form', bytes(0xe0, 0x80, 0xaf), 0],
    ['an overlong four-byte form', bytes(0xf0, 0x80, 0x80, 0xaf), 0],
    ['a UTF-16 surrogate', bytes(0x61, 0xed, 0xa0, 0x80), 1],
    ['a code point above U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['a byte UTF-8 never uses', bytes(0x20, 0xff), 1],
  ])('names the first byte of %s', (_, input, offset) => {
    expect(invalidUtf8Offset(input)).toBe(offset);
    expect(decodes(input)).toBe(false);
  });

  it('agrees with a strict decoder on random bytes', () => {
    const random = prng(7);
    // Mostly bytes around the boundaries of the table, where mistakes would be.
    const interesting = [
      0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff,
    ];
    for (let round = 0; round < 20_000; round++) {
      const input = Uint8Array.from({ length: 1 + random.int(6) }, () => random.pick(interesting));
      const offset = invalidUtf8Offset(input);
      expect(offset === undefined, Buffer.from(input).toString('hex')).toBe(decodes(input));
      // Everything before the offset is well-formed.
      if (offset !== undefined) expect(decodes(input.subarray(0, offset))).toBe(true);
    }
  });
});
