import { describe, expect, it } from 'vitest';
import { keyFaults, maxNamedKeys } from '#shared/http/json-keys.ts';

describe('keyFaults', () => {
  it.each([
    ['an object', '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}'],
    ['equal keys in sibling objects', '[{"x":1},{"x":2}]'],
    ['keys that only look alike', '{"a":1,"A":2,"a ":3,"ä":4,"a\\u0308":5}'],
    ['braces, commas and quotes inside strings', '{"a":"{\\"a\\":1,","b":"]}[,","c\\\\":"\\\\"}'],
    ['empty containers', '{"a":{},"b":[],"c":[{}, []],"d":{}}'],
    ['a scalar', '"__proto__"'],
    ['an array of strings', '["__proto__","constructor","a","a"]'],
    ['whitespace everywhere', ' { "a" : [ 1 , { "b" : 2 } ] , "c" : "a" } '],
  ])('finds nothing in %s', (_, json) => {
    expect(keyFaults(json)).toEqual({ forbidden: [] });
  });

  it.each([
    ['at the top', '{"test":false,"test":true}', 'test'],
    ['in a nested object', '{"kennzahlen":{"kz81":1,"kz86":2,"kz81":3}}', 'kennzahlen.kz81'],
    ['in an array element', '{"employment":[{"a":1},{"b":1,"b":2}]}', 'employment.1.b'],
    ['written with an escape', '{"test":false,"t\\u0065st":true}', 'test'],
    ['after an empty object', '{"a":{},"b":1,"a":2}', 'a'],
    ['deep inside arrays', '[[1,[2,{"x":[{"y":1,"y":1}]}]]]', '0.1.1.x.0.y'],
  ])('names a key repeated %s', (_, json, path) => {
    expect(keyFaults(json).duplicate).toBe(path);
  });

  it('names every forbidden key with its path, escaped or not', () => {
    const json = '{"kennzahlen":{"__proto__":{"kz81":1}},"deductions":{"constructor":1},"employment":[{},{"prototype":2}],"x":{"__pro\\u0074o__":3}}';
    expect(keyFaults(json)).toEqual({
      forbidden: ['kennzahlen.__proto__', 'deductions.constructor', 'employment.1.prototype', 'x.__proto__'],
    });
  });

  it('takes forbidden keys as keys only, not as values', () => {
    expect(keyFaults('{"a":"__proto__","b":["constructor"]}')).toEqual({ forbidden: [] });
  });

  it('walks nesting far deeper than any recursion would allow', () => {
    const levels = 100_000;
    expect(keyFaults(`${'{"a":'.repeat(levels)}{"b":1,"b":2}${'}'.repeat(levels)}`).duplicate).toBe(`${'a.'.repeat(levels)}b`);
  });

  it(`names at most ${maxNamedKeys} forbidden keys, however many are nested`, () => {
    const levels = 80_000;
    const { forbidden } = keyFaults(`${'{"__proto__":'.repeat(levels)}1${'}'.repeat(levels)}`);
    expect(forbidden).toHaveLength(maxNamedKeys);
    expect(forbidden[2]).toBe('__proto__.__proto__.__proto__');
  });
});
