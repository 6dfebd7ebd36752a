// zod/mini rather than zod's chained API: the same validation at a twentieth of the bundle, which
// every submit function would otherwise load on its cold start.
import * as z from 'zod/mini';
import { supportedYears } from '#shared/domain/years.ts';

// Money arrives as a JSON number or a decimal string (contract: "1200.50"); the strings keep
// cents exact where a float might not.
export const money = z.union([z.number().check(z.refine(Number.isFinite)), z.string().check(z.regex(/^-?\d{1,12}(\.\d{1,2})?$/))], {
  error: 'must be an amount in euros: a number or a decimal string like "1200.50"',
});

export const taxNumber = z.string().check(z.regex(/^\d{13}$/, { error: 'must be the 13-digit ELSTER tax number' }));

/** A string of at most `max` characters (and at least `min`). */
export const text = (max: number, min = 0) => z.string().check(z.minLength(min), z.maxLength(max));

export const common = {
  test: z._default(z.boolean({ error: 'must be true or false' }), true),
  year: z.number({ error: 'must be a year such as 2025' }).check(
    z.int({ error: 'must be a whole year' }),
    z.refine((year) => supportedYears.includes(year), { error: `must be one of the supported years ${supportedYears.join(', ')}` }),
  ),
  client_reference: z.optional(z.string().check(z.maxLength(100, { error: 'must be at most 100 characters' }))),
};

export const isoDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
