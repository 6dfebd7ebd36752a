import * as z from 'zod/mini';
import { common, isoDate, money, taxNumber, text } from '#shared/schemas/common.ts';

const person = z.strictObject({
  idnr: z.string().check(z.regex(/^\d{11}$/, { error: 'must be the 11-digit tax identification number' })),
  first_name: text(100, 1),
  last_name: text(100, 1),
  birth_date: isoDate,
  religion: z.optional(text(20)),
  address: z.optional(
    z.strictObject({
      street: text(100),
      house_number: z.optional(text(20)),
      postal_code: text(12),
      city: text(100),
    }),
  ),
});

const personRef = z.enum(['taxpayer', 'spouse'], { error: 'must be "taxpayer" or "spouse"' });
const wholeNumber = (max: number) => z.number().check(z.int(), z.minimum(0), z.maximum(max));

const employment = z.strictObject({
  person: personRef,
  gross_wage: money,
  income_tax_withheld: z.optional(money),
  solidarity_surcharge_withheld: z.optional(money),
  church_tax_withheld: z.optional(money),
  commute_km: z.optional(wholeNumber(1000)),
  office_days: z.optional(wholeNumber(366)),
  work_equipment: z.optional(money),
});

const pension = z.strictObject({ person: personRef, annual_amount: money, start_year: z.optional(z.number().check(z.int())) });

export const estSchema = z
  .strictObject({
    ...common,
    tax_number: z.optional(taxNumber),
    tax_office: z.optional(z.string().check(z.regex(/^\d{4}$/, { error: 'must be the 4-digit tax office number' }))),
    taxpayer: person,
    spouse: z.optional(z.nullable(person)),
    joint_assessment: z._default(z.boolean(), false),
    bank: z.optional(z.strictObject({ iban: z.string().check(z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/)), account_holder: personRef })),
    employment: z._default(z.array(employment).check(z.maxLength(20)), []),
    pensions: z._default(z.array(pension).check(z.maxLength(20)), []),
    deductions: z.optional(z.record(z.string().check(z.regex(/^[a-z_]{1,40}$/)), money)),
  })
  .check(
    z.refine((body) => body.tax_number !== undefined || body.tax_office !== undefined, {
      error: 'give tax_number, or tax_office for a first return',
      path: ['tax_number'],
    }),
    z.refine((body) => !body.joint_assessment || !!body.spouse, { error: 'joint assessment needs the spouse', path: ['spouse'] }),
  );

export type EstRequest = z.infer<typeof estSchema>;
