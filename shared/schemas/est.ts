import { z } from 'zod';
import { common, isoDate, money, taxNumber } from '#shared/schemas/common.ts';

const person = z.strictObject({
  idnr: z.string().regex(/^\d{11}$/, { error: 'must be the 11-digit tax identification number' }),
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  birth_date: isoDate,
  religion: z.string().max(20).optional(),
  address: z
    .strictObject({
      street: z.string().max(100),
      house_number: z.string().max(20).optional(),
      postal_code: z.string().max(12),
      city: z.string().max(100),
    })
    .optional(),
});

const personRef = z.enum(['taxpayer', 'spouse'], { error: 'must be "taxpayer" or "spouse"' });

export const estSchema = z
  .strictObject({
    ...common,
    tax_number: taxNumber.optional(),
    tax_office: z.string().regex(/^\d{4}$/, { error: 'must be the 4-digit tax office number' }).optional(),
    taxpayer: person,
    spouse: person.nullable().optional(),
    joint_assessment: z.boolean().default(false),
    bank: z.strictObject({ iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/), account_holder: personRef }).optional(),
    employment: z
      .array(
        z.strictObject({
          person: personRef,
          gross_wage: money,
          income_tax_withheld: money.optional(),
          solidarity_surcharge_withheld: money.optional(),
          church_tax_withheld: money.optional(),
          commute_km: z.number().int().min(0).max(1000).optional(),
          office_days: z.number().int().min(0).max(366).optional(),
          work_equipment: money.optional(),
        }),
      )
      .max(20)
      .default([]),
    pensions: z.array(z.strictObject({ person: personRef, annual_amount: money, start_year: z.number().int().optional() })).max(20).default([]),
    deductions: z.record(z.string().regex(/^[a-z_]{1,40}$/), money).optional(),
  })
  .refine((body) => body.tax_number !== undefined || body.tax_office !== undefined, {
    error: 'give tax_number, or tax_office for a first return',
    path: ['tax_number'],
  })
  .refine((body) => !body.joint_assessment || !!body.spouse, {
    error: 'joint assessment needs the spouse',
    path: ['spouse'],
  });

export type EstRequest = z.infer<typeof estSchema>;
