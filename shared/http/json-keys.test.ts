import { describe, expect, it } from 'vitest';
import { maxFindings } from '#shared/domain/finding-limits.ts';
import { keyFaults, maxNesting } from '#shared/http/json-keys.ts';

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
    expect(keyFaults(json)).toEqual({ forbidden: [], forbiddenCount: 0 });
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
      forbiddenCount: 4,
    });
  });

  it('takes forbidden keys as keys only, not as values', () => {
    expect(keyFaults('{"a":"__proto__","b":["constructor"]}')).toEqual({ forbidden: [], forbiddenCount: 0 });
  });

  it(`walks ${maxNesting} levels, and stops at the first value that would open one more, naming its path`, () => {
    const deepest = `${'{"a":'.repeat(maxNesting - 2)}[1,{"b":1,"b":2}]${'}'.repeat(maxNesting - 2)}`;
    expect(keyFaults(deepest).duplicate).toBe(`${'a.'.repeat(maxNesting - 2)}1.b`);
    const tooDeep = `${'{"a":'.repeat(maxNesting - 2)}[1,{"b":[]}]${'}'.repeat(maxNesting - 2)}`;
    expect(keyFaults(tooDeep)).toEqual({ tooDeep: `${'a.'.repeat(maxNesting - 2)}1.b`, forbidden: [], forbiddenCount: 0 });
  });

  it('stops at once in nesting far deeper than any recursion would allow', () => {
    const levels = 100_000;
    expect(keyFaults(`${'['.repeat(levels)}${']'.repeat(levels)}`).tooDeep).toBe('0.'.repeat(maxNesting - 1) + '0');
  });

  it(`names ${maxFindings} forbidden keys and counts all of them`, () => {
    const json = `[${Array.from({ length: 3 * maxFindings }, () => '{"__proto__":1}').join(',')}]`;
    const { forbidden, forbiddenCount } = keyFaults(json);
    expect(forbidden).toHaveLength(maxFindings);
    expect(forbidden[2]).toBe('2.__proto__');
    expect(forbiddenCount).toBe(3 * maxFindings);
  });
});
