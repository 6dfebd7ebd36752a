// The request fields of ESt 1 A beside the persons (main-form.ts writes and checks them), apart so
// the return's model can name their type without depending on the writer.
import * as z from 'zod/mini';
import { isoDate, money, text } from '#shared/forms/fields.ts';
import { perPerson } from '#shared/forms/est/schema-parts.ts';

const item = z.strictObject({ description: text(100, 1), amount: money });

/** The fields of the main form beside the persons, as the request names them. */
export const mainFormFields = {
  phone: z.optional(text(25, 1)),
  widowed_since: z.optional(isoDate),
  divorced_since: z.optional(isoDate),
  separated_since: z.optional(isoDate),
  no_bank_account: z.optional(z.boolean()),
  receipts_later: z.optional(z.boolean()),
  loss_carryforward: z.optional(z.boolean()),
  savings_bonus: z.optional(perPerson(z.boolean())),
  wage_replacement_benefits: z.optional(perPerson(z.array(item).check(z.maxLength(20)))),
  advisor: z.optional(
    z.strictObject({
      name: text(55, 1),
      first_name: z.optional(text(55, 1)),
      address: z.optional(text(55, 1)),
      city: z.optional(text(55, 1)),
      phone: z.optional(text(55, 1)),
    }),
  ),
  supplementary_information: z.optional(text(999, 1)),
};
export type MainFormFields = z.infer<z.ZodMiniObject<typeof mainFormFields>>;
