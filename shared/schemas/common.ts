import { z } from 'zod';
import { supportedYears } from '#shared/domain/years.ts';

// Money arrives as a JSON number or a decimal string (contract: "1200.50"); the strings keep
// cents exact where a float might not.
export const money = z.union([z.number().finite(), z.string().regex(/^-?\d{1,12}(\.\d{1,2})?$/)], {
  error: 'must be an amount in euros: a number or a decimal string like "1200.50"',
});

export const taxNumber = z.string().regex(/^\d{13}$/, { error: 'must be the 13-digit ELSTER tax number' });

export const common = {
  test: z.boolean({ error: 'must be true or false' }).default(true),
  year: z
    .number({ error: 'must be a year such as 2025' })
    .int({ error: 'must be a whole year' })
    .refine((year) => supportedYears.includes(year), {
      error: `must be one of the supported years ${supportedYears.join(', ')}`,
    }),
  client_reference: z.string().max(100, { error: 'must be at most 100 characters' }).optional(),
};

export const isoDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
