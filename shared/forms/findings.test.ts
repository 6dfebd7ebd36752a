import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { maxFindings, truncatedCode } from '#shared/domain/finding-limits.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import { parseOr422 } from '#test/support/parse-or-422.ts';

const schema = z.strictObject({
  name: z.string(),
  age: z.number().check(z.int(), z.minimum(0)),
  nested: z.optional(z.strictObject({ code: z.string().check(z.regex(/^\d{4}$/)) })),
  tags: z.optional(z.array(z.enum(['a', 'b']))),
});

function findings(input: unknown) {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return findingsOf(result.error);
}

describe('findingsOf', () => {
  it('tells a missing field (REQUIRED) from a wrong one (INVALID_TYPE)', () => {
    expect(findings({ age: 'old' })).toEqual([
      { path: 'name', code: 'REQUIRED', message: 'is required' },
      { path: 'age', code: 'INVALID_TYPE', message: expect.any(String) },
    ]);
  });

  it('counts null as a wrong type, not a missing field', () => {
    expect(findings({ name: null, age: 1 })).toEqual([{ path: 'name', code: 'INVALID_TYPE', message: expect.any(String) }]);
  });

  it('lists every unknown field, nested ones with their path', () => {
    expect(findings({ name: 'x', age: 1, extra: 1, more: 2, nested: { code: '1234', stray: true } })).toEqual([
      { path: 'nested.stray', code: 'UNKNOWN_FIELD', message: 'is not a field of this form' },
      { path: 'extra', code: 'UNKNOWN_FIELD', message: 'is not a field of this form' },
      { path: 'more', code: 'UNKNOWN_FIELD', message: 'is not a field of this form' },
    ]);
  });

  it('maps formats, ranges and choices to stable codes, with array indices in the path', () => {
    const result = findings({ name: 'x', age: -1, nested: { code: '12' }, tags: ['a', 'c'] });
    expect(result.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'age', code: 'OUT_OF_RANGE' },
      { path: 'nested.code', code: 'INVALID_FORMAT' },
      { path: 'tags.1', code: 'INVALID_VALUE' },
    ]);
  });

  it(`lists the first ${maxFindings} findings and counts the rest in one ${truncatedCode}`, () => {
    const unknown = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`k${index}`, 0]));
    const result = findings({ name: 'x', age: -1, ...unknown });
    expect(result).toHaveLength(maxFindings + 1);
    expect(result[0]).toMatchObject({ path: 'age', code: 'OUT_OF_RANGE' });
    expect(result[maxFindings - 1]).toMatchObject({ path: `k${maxFindings - 2}`, code: 'UNKNOWN_FIELD' });
    expect(result[maxFindings]).toMatchObject({ code: truncatedCode, count: 500 - (maxFindings - 1) });
  });

  it('never repeats the input in a finding', () => {
    const json = JSON.stringify(findings({ name: 'x', age: 1, nested: { code: '04452397687' } }));
    expect(json).not.toContain('04452397687');
  });
});

describe('parseOr422', () => {
  it('returns the parsed value', () => {
    expect(parseOr422(schema, { name: 'x', age: 1 })).toEqual({ name: 'x', age: 1 });
  });

  it('throws 422 VALIDATION_FAILED with every finding at once', () => {
    let thrown: unknown;
    try {
      parseOr422(schema, { age: 1.5, extra: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect((thrown as HttpError).details.map(({ path, code }) => `${path}:${code}`)).toEqual(['name:REQUIRED', 'age:INVALID_TYPE', 'extra:UNKNOWN_FIELD']);
  });
});
