import * as z from 'zod/mini';
import {
  alongsideFieldChecks,
  boundedRecord,
  common,
  formYear,
  idnr,
  isoDate,
  money,
  nutzdatenXml,
  passes,
  refuseBesideXml,
  requireField,
  taxNumber,
  taxOffice,
  text,
} from '#shared/forms/fields.ts';
import { ibanProblem, normalizeIban } from '#shared/tax/iban.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { mappedKeys, mappedSchemas } from '#shared/forms/est/anlagen/mapped.ts';

// Only the income tax return names an account; the UStVA's functions need not load the IBAN tables.
const iban = z.pipe(z.string().check(z.maxLength(42)), z.transform(normalizeIban)).check(passes(ibanProblem));

const address = z.strictObject({
  street: text(100),
  house_number: z.optional(text(20)),
  postal_code: text(12),
  city: text(100),
});

const person = z.strictObject({
  idnr,
  first_name: text(100, 1),
  last_name: text(100, 1),
  birth_date: isoDate,
  religion: z.optional(text(20)),
  address: z.optional(address),
});

const personRef = z.enum(['taxpayer', 'spouse'], { error: 'must be "taxpayer" or "spouse"' });
const wholeNumber = (max: number) => z.number().check(z.int(), z.minimum(0), z.maximum(max));

// The tax classes I to VI of § 38b Abs. 1 Satz 2 EStG, as the wage tax statement (Lohnsteuerbescheinigung)
// shows them. Optional, as in the contract's sample; the tax rules hint that ERiC refuses a wage without it.
const taxClassMessage = { error: 'must be the tax class of the wage tax statement: a whole number from 1 to 6' };
const taxClass = z.number(taxClassMessage).check(z.int(taxClassMessage), z.minimum(1, taxClassMessage), z.maximum(6, taxClassMessage));

const employment = z.strictObject({
  person: personRef,
  tax_class: z.optional(taxClass),
  gross_wage: money,
  income_tax_withheld: z.optional(money),
  solidarity_surcharge_withheld: z.optional(money),
  church_tax_withheld: z.optional(money),
  commute_km: z.optional(wholeNumber(1000)),
  office_days: z.optional(wholeNumber(366)),
  workplace: z.optional(address),
  work_equipment: z.optional(money),
});

const pension = z.strictObject({ person: personRef, annual_amount: money, start_year: z.optional(z.number().check(z.int())) });

export const estSchema = z
  .strictObject({
    ...common,
    year: formYear(estFacts),
    tax_number: z.optional(taxNumber),
    tax_office: z.optional(taxOffice),
    taxpayer: z.optional(person),
    spouse: z.optional(z.nullable(person)),
    joint_assessment: z._default(z.boolean(), false),
    married_since: z.optional(isoDate),
    bank: z.optional(z.strictObject({ iban, account_holder: personRef })),
    employment: z._default(z.array(employment).check(z.maxLength(20)), []),
    pensions: z._default(z.array(pension).check(z.maxLength(20)), []),
    deductions: z.optional(boundedRecord(z.string().check(z.regex(/^[a-z_]{1,40}$/)), money)),
    ...mappedSchemas,
    xml: z.optional(nutzdatenXml),
  })
  .check(
    z.superRefine((body, context) => {
      if (body.tax_number === undefined && body.tax_office === undefined)
        requireField(context, 'tax_number', 'give tax_number, or tax_office for a first return');
      if (body.xml !== undefined)
        return refuseBesideXml(context, body, ['taxpayer', 'spouse', 'married_since', 'bank', 'employment', 'pensions', 'deductions', ...mappedKeys]);
      if (body.taxpayer === undefined) requireField(context, 'taxpayer');
    }, alongsideFieldChecks),
  );

export type EstRequest = z.infer<typeof estSchema>;

type EstCommon = Pick<EstRequest, 'test' | 'year' | 'tax_number' | 'tax_office' | 'client_reference' | 'certificate_id'>;

/** A checked income tax return as it is stored and sent: its structured fields, or the caller's own Nutzdaten. */
export type EstFiling = (EstReturn & { xml?: undefined }) | (EstCommon & { xml: string });

/**
 * The request as the one way of filing it takes. The schema's refinement has made sure of the
 * taxpayer beside no xml, so a request without one is a fault of this code, not of the caller.
 */
export function estFilingOf(request: EstRequest): EstFiling {
  const { xml, taxpayer, ...rest } = request;
  if (xml !== undefined) {
    const { test, year, tax_number, tax_office, client_reference } = rest;
    return { test, year, xml, ...(tax_number && { tax_number }), ...(tax_office && { tax_office }), ...(client_reference && { client_reference }) };
  }
  if (taxpayer === undefined) throw new TypeError('an income tax return without xml needs the taxpayer');
  return { ...rest, taxpayer };
}
