import { z } from 'zod';
import { common, money, taxNumber } from '#shared/schemas/common.ts';

export const ustvaSchema = z.strictObject({
  ...common,
  period: z.string().regex(/^(0[1-9]|1[0-2]|4[1-4])$/, { error: 'must be a month "01"–"12" or a quarter "41"–"44"' }),
  tax_number: taxNumber,
  supplier: z
    .strictObject({
      name: z.string().min(1).max(100),
      street: z.string().max(100).optional(),
      postal_code: z.string().max(12).optional(),
      city: z.string().max(100).optional(),
      phone: z.string().max(30).optional(),
      email: z.string().max(200).optional(),
    })
    .optional(),
  kennzahlen: z
    .record(z.string().regex(/^kz\d{2}$/, { error: 'must be a Kennzahl key such as "kz81"' }), money)
    .refine((kennzahlen) => kennzahlen.kz83 !== undefined, { error: 'kz83 (the remaining advance payment) is required' }),
  flags: z
    .strictObject({
      corrected: z.boolean().optional(),
      documents_separate: z.boolean().optional(),
      direct_debit_revoked: z.boolean().optional(),
      refund_offset: z.boolean().optional(),
    })
    .optional(),
});

export type UstvaRequest = z.infer<typeof ustvaSchema>;
