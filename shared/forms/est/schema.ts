import * as z from 'zod/mini';
import {
  alongsideFieldChecks,
  boundedRecord,
  common,
  declaredIdnrs,
  formYear,
  isoDate,
  money,
  nutzdatenXml,
  passes,
  refuseBesideXml,
  refuseWithoutXml,
  requireField,
  taxNumber,
  taxOffice,
} from '#shared/forms/fields.ts';
import { ibanProblem, normalizeIban } from '#shared/tax/iban.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { perPerson, personRef } from '#shared/forms/est/schema-parts.ts';
import { personSchema } from '#shared/forms/est/anlagen/main-form.ts';
import { mainFormFields } from '#shared/forms/est/anlagen/main-form-fields.ts';
import { employmentSchema } from '#shared/forms/est/anlagen/n.ts';
import { employeeSchema } from '#shared/forms/est/anlagen/n-fields.ts';
import { pensionSchema } from '#shared/forms/est/anlagen/r.ts';
import { provisionSchema } from '#shared/forms/est/anlagen/vorsorge-fields.ts';
import { mappedKeys, mappedSchemas } from '#shared/forms/est/anlagen/mapped.ts';

// Only the income tax return names an account; the UStVA's functions need not load the IBAN tables.
const iban = z.pipe(z.string().check(z.maxLength(42)), z.transform(normalizeIban)).check(passes(ibanProblem));

export const estSchema = z
  .strictObject({
    ...common,
    year: formYear(estFacts),
    tax_number: z.optional(taxNumber),
    tax_office: z.optional(taxOffice),
    taxpayer: z.optional(personSchema),
    spouse: z.optional(z.nullable(personSchema)),
    joint_assessment: z._default(z.boolean(), false),
    married_since: z.optional(isoDate),
    ...mainFormFields,
    bank: z.optional(z.strictObject({ iban, account_holder: personRef })),
    employment: z._default(z.array(employmentSchema).check(z.maxLength(20)), []),
    employee: z.optional(perPerson(employeeSchema)),
    provision: z.optional(perPerson(provisionSchema)),
    pensions: z._default(z.array(pensionSchema).check(z.maxLength(20)), []),
    deductions: z.optional(boundedRecord(z.string().check(z.regex(/^[a-z_]{1,40}$/)), money)),
    ...mappedSchemas,
    xml: z.optional(nutzdatenXml),
    ...declaredIdnrs,
  })
  .check(
    z.superRefine((body, context) => {
      if (body.tax_number === undefined && body.tax_office === undefined)
        requireField(context, 'tax_number', 'give tax_number, or tax_office for a first return');
      if (body.xml !== undefined)
        return refuseBesideXml(context, body, [
          'taxpayer',
          'spouse',
          'married_since',
          ...(Object.keys(mainFormFields) as (keyof typeof mainFormFields)[]),
          'bank',
          'employment',
          'employee',
          'provision',
          'pensions',
          'deductions',
          ...mappedKeys,
        ]);
      refuseWithoutXml(context, body, ['idnr', 'spouse_idnr'], 'the structured fields name them in taxpayer.idnr and spouse.idnr');
      if (body.taxpayer === undefined) requireField(context, 'taxpayer');
    }, alongsideFieldChecks),
  );

export type EstRequest = z.infer<typeof estSchema>;

type EstCommon = Pick<EstRequest, 'test' | 'year' | 'tax_number' | 'tax_office' | 'client_reference' | 'certificate_id' | 'bescheiddaten'>;

/** A checked income tax return as it is stored and sent: its structured fields, or the caller's own Nutzdaten. */
export type EstFiling = (EstReturn & { xml?: undefined }) | (EstCommon & { xml: string });

/**
 * The request as the one way of filing it takes. The schema's refinement has made sure of the
 * taxpayer beside no xml, so a request without one is a fault of this code, not of the caller.
 */
export function estFilingOf(request: EstRequest): EstFiling {
  // `idnr` and `spouse_idnr` only declare what the XML names (shared/forms/identifiers.ts): the filing is the XML.
  const { xml, taxpayer, idnr: _idnr, spouse_idnr: _spouseIdnr, ...rest } = request;
  if (xml !== undefined) {
    const { test, year, tax_number, tax_office, client_reference, bescheiddaten } = rest;
    return {
      test,
      year,
      xml,
      ...(tax_number && { tax_number }),
      ...(tax_office && { tax_office }),
      ...(client_reference && { client_reference }),
      ...(bescheiddaten !== undefined && { bescheiddaten }),
    };
  }
  if (taxpayer === undefined) throw new TypeError('an income tax return without xml needs the taxpayer');
  return { ...rest, taxpayer };
}
