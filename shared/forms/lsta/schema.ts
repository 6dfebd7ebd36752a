// The body of `POST /v2/lsta`: the shape of the UStVA's (contract §11), its Kennzahlen keyed like
// the form's elements in lower case.
import * as z from 'zod/mini';
import { begruendung, supplierSchema } from '#shared/forms/anmeldungssteuern.ts';
import {
  alongsideFieldChecks,
  boundedRecord,
  common,
  formYear,
  money,
  nutzdatenXml,
  refuseBesideXml,
  requireField,
  taxNumber,
  text,
} from '#shared/forms/fields.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import { advisorClientSchema, partySchema } from '#shared/forms/parties.ts';

/** ELSTER's Zeitraum of the LStA: a month, a quarter, or the calendar year (LStA-2025.xsd). */
export const lstaPeriodPattern = /^(0[1-9]|1[0-2]|4[1-4]|19)$/;
const periodMessage = 'must be a month "01"–"12", a quarter "41"–"44" or "19", the calendar year';

export const lstaSchema = z
  .strictObject({
    ...common,
    year: formYear(lstaFacts),
    tax_number: taxNumber,
    period: z.optional(z.string().check(z.regex(lstaPeriodPattern, { error: periodMessage }))),
    supplier: z.optional(supplierSchema),
    kennzahlen: z.optional(
      boundedRecord(
        z.string().check(z.regex(/^kz\d{2}(_(vorjahr|lfdjahr|folgejahr))?$/, { error: 'must be a Kennzahl key such as "kz42" or "kz42_lfdjahr"' })),
        money,
      ),
    ),
    flags: z.optional(
      z.strictObject({
        corrected: z.optional(z.boolean()),
        liability_declaration: z.optional(z.boolean()),
        supplementary: z.optional(z.boolean()),
        supplementary_text: z.optional(text(begruendung.text!.maxLength!, 1)),
        direct_debit_revoked: z.optional(z.boolean()),
        refund_offset: z.optional(z.boolean()),
      }),
    ),
    business: z.optional(partySchema),
    advisor: z.optional(partySchema),
    advisor_client: z.optional(advisorClientSchema),
    // The wage tax of the prior year, which sets the filing period (§ 41a Abs. 2 EStG); not sent.
    prior_year_wage_tax: z.optional(money),
    xml: z.optional(nutzdatenXml),
  })
  .check(
    z.superRefine((body, context) => {
      if (body.xml !== undefined) {
        refuseBesideXml(context, body, ['period', 'kennzahlen', 'flags', 'supplier', 'business', 'advisor', 'advisor_client']);
        return;
      }
      if (body.period === undefined) requireField(context, 'period');
      if (body.kennzahlen === undefined) requireField(context, 'kennzahlen');
      if (body.supplier === undefined) requireField(context, 'supplier', 'is required: ELSTER needs the data supplier (DatenLieferant) with name and address');
    }, alongsideFieldChecks),
  );

export type LstaRequest = z.infer<typeof lstaSchema>;

/** A checked LStA as it is stored and sent: from structured fields, or the caller's own Nutzdaten. */
export type LstaFiling = Omit<LstaRequest, 'period' | 'kennzahlen' | 'supplier' | 'xml'> &
  (
    | { period: string; kennzahlen: NonNullable<LstaRequest['kennzahlen']>; supplier: NonNullable<LstaRequest['supplier']>; xml?: undefined }
    | { xml: string; period?: undefined; kennzahlen?: undefined; supplier?: undefined }
  );

/** The request as the filing it makes; the schema's refinement has made sure of the fields it needs. */
export function lstaFilingOf(request: LstaRequest): LstaFiling {
  const { period, kennzahlen, supplier, xml, ...rest } = request;
  if (xml !== undefined) return { ...rest, xml };
  if (period === undefined || kennzahlen === undefined || supplier === undefined)
    throw new TypeError('an LStA without xml needs period, kennzahlen and supplier');
  return { ...rest, period, kennzahlen, supplier };
}
