// zod/mini rather than zod's chained API: the same validation at a twentieth of the bundle, which
// every submit function would otherwise load on its cold start.
import * as z from 'zod/mini';
import { supportedYears } from '#shared/domain/years.ts';

// Money arrives as a JSON number or a decimal string (contract: "1200.50"); the strings keep
// cents exact where a float might not. Both forms stay below a trillion euros: beyond that a
// number has lost its cents, and no return declares it.
const largestAmount = 1e12;
export const money = z.union(
  [
    z.number().check(z.refine((amount) => Number.isFinite(amount) && Math.abs(amount) < largestAmount)),
    z.string().check(z.regex(/^-?\d{1,12}(\.\d{1,2})?$/)),
  ],
  { error: 'must be an amount in euros below one trillion: a number or a decimal string like "1200.50"' },
);

export const taxNumber = z.string().check(z.regex(/^\d{13}$/, { error: 'must be the 13-digit ELSTER tax number' }));

// No control characters (they cannot travel in ELSTER's XML and could forge lines in a protocol)
// and no lone surrogates, which no encoding can carry.
const printable = z.refine<string>((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value) && value.isWellFormed(), {
  error: 'must not contain control characters or broken Unicode',
});

/** A string of at most `max` printable characters (and at least `min`). */
export const text = (max: number, min = 0) => z.string().check(z.minLength(min), z.maxLength(max), printable);

export const common = {
  test: z._default(z.boolean({ error: 'must be true or false' }), true),
  year: z.number({ error: 'must be a year such as 2025' }).check(
    z.int({ error: 'must be a whole year' }),
    z.refine((year) => supportedYears.includes(year), { error: `must be one of the supported years ${supportedYears.join(', ')}` }),
  ),
  client_reference: z.optional(z.string().check(z.maxLength(100, { error: 'must be at most 100 characters' }), printable)),
};

export const isoDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
