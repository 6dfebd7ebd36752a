import * as z from 'zod/mini';
import { alongsideFieldChecks, common, formYear, nutzdatenXml, passes, refuseBesideXml, renamedField, requireField, text } from '#shared/forms/fields.ts';
import { largestAmount, lineKinds, maxLines, zmPeriods } from '#shared/forms/zm/model.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { addressLengths } from '#shared/forms/zm/structure.ts';
import { vatIdProblem } from '#shared/tax/vat-id.ts';

const kinds = Object.keys(lineKinds) as (keyof typeof lineKinds)[];

/** A text of anschrift_Type (structure.ts), not empty. */
const addressText = (element: keyof typeof addressLengths) => text(addressLengths[element], 1);

// Whole euros, negative where a correction lowers an earlier report (betrag_Type: at most 11 digits either way).
const wholeEuros = z.union([z.number().check(z.int(), z.gte(-largestAmount), z.lte(largestAmount)), z.string().check(z.regex(/^-?(0|[1-9][0-9]{0,10})$/))], {
  error: 'must be whole euros, at most 11 digits, negative for a correction: a number like 12000 or a string like "-500"',
});

export const zmLineSchema = z.strictObject({
  // The general form of knre_Type; the form of the customer's member state is the rules' part.
  customer_vat_id: z
    .string()
    .check(z.regex(/^[A-Z]{2}[A-Za-z0-9+*]{1,12}$/, { error: 'must be a VAT ID: the two capital letters of its country, then up to 12 letters or digits' })),
  amount: wholeEuros,
  kind: z.enum(kinds, { error: `must be one of ${kinds.join(', ')}` }),
});

/**
 * The last day `business.name` is taken beside `company_name`, the name the UStVA's and LStA's
 * business give it too: a year after the rename (CHANGELOG.md).
 */
export const businessNameSunset = '2027-11-30';

export const zmBusinessSchema = z.strictObject({
  company_name: z.optional(addressText('name')),
  // company_name's former name, taken until businessNameSunset: the document marks it deprecated.
  name: z.optional(addressText('name')).register(z.globalRegistry, { deprecated: true }),
  address_supplement: z.optional(addressText('adresszusatz')),
  street: addressText('strasse'),
  house_number: z.optional(addressText('hausnr')),
  house_number_suffix: z.optional(addressText('hausnrzusatz')),
  // anschrift_Type's plz, in the characters the workbook's field plz allows; five digits in Germany (rules.ts).
  postal_code: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 ]{1,12}$/, { error: 'must be 1 to 12 letters, digits or spaces' }))),
  city: addressText('ort'),
  country: z._default(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166 country code of two capital letters, like DE' })), 'DE'),
  phone: z.optional(z.string().check(z.regex(/^[0-9+\-/() ]{1,20}$/, { error: 'must be 1 to 20 digits, spaces and + - / ( )' }))),
});

export const zmSchema = z
  .strictObject({
    ...common,
    year: formYear(zmFacts),
    vat_id: z.string().check(passes(vatIdProblem)),
    period: z.optional(z.enum(zmPeriods as [string, ...string[]], { error: `must be one of ${zmPeriods.join(', ')}` })),
    business: z.optional(zmBusinessSchema),
    lines: z.optional(
      z.array(zmLineSchema).check(z.minLength(1, { error: 'must hold at least one line: a ZM without lines is not filed' }), z.maxLength(maxLines)),
    ),
    flags: z.optional(
      z.strictObject({
        corrected: z.optional(z.boolean()),
        monthly_notice: z.optional(z.boolean()),
        monthly_revoked: z.optional(z.boolean()),
      }),
    ),
    xml: z.optional(nutzdatenXml),
  })
  .check(
    z.superRefine((body, context) => {
      if (body.xml !== undefined) {
        refuseBesideXml(context, body, ['period', 'business', 'lines', 'flags']);
        return;
      }
      for (const field of ['period', 'business', 'lines'] as const) if (body[field] === undefined) requireField(context, field);
      if (body.business) renamedField(context, ['business'], body.business, 'company_name', 'name');
    }, alongsideFieldChecks),
  );

export type ZmRequest = z.infer<typeof zmSchema>;
/** The business as it is stored and written: by `company_name` alone. */
type Business = Omit<z.infer<typeof zmBusinessSchema>, 'name' | 'company_name'> & { company_name: string };
type Line = z.infer<typeof zmLineSchema>;
type ZmCommon = Pick<ZmRequest, 'test' | 'year' | 'vat_id' | 'client_reference' | 'certificate_id'>;

/** A checked ZM as it is stored and sent: its fields, or the caller's own Nutzdaten. */
export type ZmFiling = ZmCommon &
  (
    | { period: string; business: Business; lines: Line[]; flags?: ZmRequest['flags']; xml?: undefined }
    | { xml: string; period?: undefined; business?: undefined; lines?: undefined; flags?: undefined }
  );

/** The request as the filing it makes; the schema's refinement has made sure of the fields it needs. */
export function zmFilingOf(request: ZmRequest): ZmFiling {
  const { period, business, lines, flags, xml, ...common } = request;
  if (xml !== undefined) return { ...common, xml };
  if (period === undefined || business === undefined || lines === undefined) throw new TypeError('a ZM without xml needs period, business and lines');
  const { name, company_name = name, ...address } = business;
  if (company_name === undefined) throw new TypeError('a ZM without xml needs the business’s company_name');
  return { ...common, period, business: { company_name, ...address }, lines, ...(flags && { flags }) };
}
