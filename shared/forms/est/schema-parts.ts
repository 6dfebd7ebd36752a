// What the request schemas of the E10 forms (anlagen/) share.
import * as z from 'zod/mini';
import { builtOncePer, text } from '#shared/forms/fields.ts';

/** The longest street an address of the request takes. */
export const maxStreet = 100;

export const address = z.strictObject({
  street: text(maxStreet),
  house_number: z.optional(text(20)),
  postal_code: text(12),
  city: text(100),
  /** Only for an address abroad: its country, as ELSTER's form names it. */
  country: z.optional(text(50, 1)),
});

export const personRef = z.enum(['taxpayer', 'spouse'], { error: 'must be "taxpayer" or "spouse"' });
export const wholeNumber = builtOncePer((max: number) => z.number().check(z.int(), z.minimum(0), z.maximum(max)));

/** A block each person of the return has their own of. */
export const perPerson = <T extends z.ZodMiniType>(block: T) => z.strictObject({ taxpayer: z.optional(block), spouse: z.optional(block) });
