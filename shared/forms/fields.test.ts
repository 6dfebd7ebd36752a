// The forms build each distinct leaf schema once and share it (builtOncePer, optionalOf): building
// zod schemas is much of what the income tax schema costs a function as it starts.
import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { builtOncePer, optionalOf, text } from '#shared/forms/fields.ts';
import { code, count, text as textFormat } from '#shared/forms/est/anlagen/formats.ts';
import { leaf, schemaOf } from '#shared/forms/est/anlagen/map.ts';

describe('leaf schemas', () => {
  it('are built once for the same arguments, and apart for others', () => {
    expect(text(100)).toBe(text(100));
    expect(text(100, 1)).not.toBe(text(100));
    expect(textFormat(50).schema).toBe(text(50, 1));
    expect(count(9)).toBe(count(9));
    expect(count(9)).not.toBe(count(10));
    expect(code({ yes: '1', no: '2' })).toBe(code({ yes: '1', no: '2' }));
    expect(code({ yes: '1', no: '2' })).not.toBe(code({ no: '2', yes: '1' }));
  });

  it('calls its builder once per distinct arguments', () => {
    let built = 0;
    const square = builtOncePer((n: number) => ({ n: n * n, built: ++built }));
    expect([square(3), square(3), square(4)].map((value) => value.built)).toEqual([1, 1, 2]);
  });

  it("are made optional by one wrapper each, which an Anlage's fields share", () => {
    const shape = (schemaOf({ a: leaf('A', textFormat(50), 'A'), b: leaf('B', textFormat(50), 'B') }) as z.ZodMiniObject).def.shape;
    expect(shape.a).toBe(shape.b);
    expect(shape.a).toBe(optionalOf(text(50, 1)));
  });
});
