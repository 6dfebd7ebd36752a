// Every field of every form: a value of the wrong type is told the field's type and an example, and
// the example is one the field itself takes.

import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { findingsOf } from '#shared/forms/findings.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import { kinds } from '#shared/forms/registry.ts';
import { exampleOf, schemaAt, typeMessage } from '#shared/forms/type-example.ts';

type Schema = z.core.$ZodType;
const typeOf = (schema: Schema) => (schema._zod.def as { type: string }).type;

/** The path and schema of every field a body can hold, through objects and the elements of arrays. */
function fieldsOf(root: Schema): { path: (string | number)[]; field: Schema }[] {
  const found: { path: (string | number)[]; field: Schema }[] = [];
  const walk = (path: (string | number)[]) => {
    const field = schemaAt(root, path);
    if (!field || path.length > 8) return;
    if (path.length) found.push({ path, field });
    const def = field._zod.def as { type: string; shape?: Record<string, Schema> };
    if (def.type === 'object') for (const key of Object.keys(def.shape!)) walk([...path, key]);
    if (def.type === 'array') walk([...path, 0]);
  };
  walk([]);
  return found;
}

/**
 * Whether `example` is one `field` takes; an object's or a list's example shows one entry only, and
 * so is held to that entry's schema.
 */
function exampleFits(field: Schema, example: unknown): boolean {
  if (example === undefined) return false;
  const def = field._zod.def as { type: string; shape?: Record<string, Schema>; element?: Schema };
  if (def.type === 'object') {
    const entries = Object.entries(example as object);
    return entries.length <= 1 && entries.every(([key, value]) => def.shape![key] && exampleFits(schemaAt(field, [key])!, value));
  }
  if (def.type === 'array') return Array.isArray(example) && example.every((element) => exampleFits(def.element!, element));
  return z.safeParse(field, example).success;
}

/** A value no field of `field`'s type takes. */
const wrongFor = (field: Schema) => (typeOf(field) === 'string' ? 9 : 'nine');

describe.each([...kinds])('a type error in %s', (kind) => {
  const schema = formOpenapi[kind].schema as Schema;
  const fields = fieldsOf(schema).filter(({ field }) => ['string', 'number', 'int', 'boolean', 'object', 'array'].includes(typeOf(field)));

  it('names the type and an example of it for every field: one the field takes, or for an object or a list, one its first entry takes', () => {
    expect(fields.length).toBeGreaterThan(0);
    const without = fields.filter(({ path, field }) => !exampleFits(field, exampleOf(field, String(path.findLast((key) => typeof key === 'string')))));
    expect(without.map(({ path }) => path.join('.'))).toEqual([]);
  });

  it('is what the check tells a caller, at the field', () => {
    for (const { path, field } of fields) {
      const result = z.safeParse(field, wrongFor(field), { reportInput: true });
      expect(result.success, path.join('.')).toBe(false);
      const [finding] = findingsOf(new z.core.$ZodError(result.error!.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }))), schema);
      expect(finding, path.join('.')).toEqual({
        path: path.join('.'),
        code: 'INVALID_TYPE',
        message: expect.stringMatching(/^must be .+(, e\.g\. | such as | like ").+$/),
      });
    }
  });
});

describe('typeMessage', () => {
  it('says "period: a string, e.g. "01"" for the UStVA\'s period', () => {
    expect(typeMessage('string', schemaAt(formOpenapi.ustva.schema as Schema, ['period']), ['period'])).toBe('must be a string, e.g. "01"');
  });
});
