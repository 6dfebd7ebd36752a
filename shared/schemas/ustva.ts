import * as z from 'zod/mini';
import { common, money, taxNumber, text } from '#shared/schemas/common.ts';

export const ustvaSchema = z.strictObject({
  ...common,
  period: z.string().check(z.regex(/^(0[1-9]|1[0-2]|4[1-4])$/, { error: 'must be a month "01"–"12" or a quarter "41"–"44"' })),
  tax_number: taxNumber,
  supplier: z.optional(
    z.strictObject({
      name: text(100, 1),
      street: z.optional(text(100)),
      postal_code: z.optional(text(12)),
      city: z.optional(text(100)),
      phone: z.optional(text(30)),
      email: z.optional(text(200)),
    }),
  ),
  kennzahlen: z
    .record(z.string().check(z.regex(/^kz\d{2}$/, { error: 'must be a Kennzahl key such as "kz81"' })), money)
    .check(z.refine((kennzahlen) => kennzahlen.kz83 !== undefined, { error: 'kz83 (the remaining advance payment) is required' })),
  flags: z.optional(
    z.strictObject({
      corrected: z.optional(z.boolean()),
      documents_separate: z.optional(z.boolean()),
      direct_debit_revoked: z.optional(z.boolean()),
      refund_offset: z.optional(z.boolean()),
    }),
  ),
});

export type UstvaRequest = z.infer<typeof ustvaSchema>;
