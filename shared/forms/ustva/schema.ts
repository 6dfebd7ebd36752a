import * as z from 'zod/mini';
import {
  alongsideFieldChecks,
  amountBelow,
  boundedRecord,
  common,
  formYear,
  maxRecordKeys,
  money,
  nutzdatenXml,
  problemIssue,
  refuseBesideXml,
  requireField,
  taxNumber,
  text,
  widnr,
} from '#shared/forms/fields.ts';
import { begruendung, supplierSchema } from '#shared/forms/anmeldungssteuern.ts';
import { ustvaFacts, ustvaTypes, type UstvaType } from '#shared/forms/ustva/facts.ts';
import { advisorClientSchema, partySchema } from '#shared/forms/parties.ts';
import { baseAmountDigits, ustvaAmountFindings } from '#shared/forms/ustva/limits.ts';
import { unknownKennzahl, ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';

export const ustvaSchema = z
  .strictObject({
    ...common,
    year: formYear(ustvaFacts),
    type: z._default(z.enum(ustvaTypes, { error: `must be one of ${ustvaTypes.join(', ')}` }), 'voranmeldung'),
    tax_number: taxNumber,
    period: z.optional(z.string().check(z.regex(/^(0[1-9]|1[0-2]|4[1-4])$/, { error: 'must be a month "01"–"12" or a quarter "41"–"44"' }))),
    supplier: z.optional(supplierSchema),
    kennzahlen: z.optional(
      // Any key: one that is no Kennzahl of the form is KZ_UNKNOWN, with the one it most likely meant.
      boundedRecord(
        z.string(),
        // Kz 70 (from 2025) is a date; every other Kennzahl an amount.
        z.union([amountBelow(baseAmountDigits, 'must be an amount in euros'), z.iso.date()], {
          error: 'must be an amount in euros (a number or a decimal string like "1200.50"), or for kz70 a date YYYY-MM-DD',
        }),
      ),
    ),
    flags: z.optional(
      z.strictObject({
        corrected: z.optional(z.boolean()),
        documents_separate: z.optional(z.boolean()),
        direct_debit_revoked: z.optional(z.boolean()),
        refund_offset: z.optional(z.boolean()),
        supplementary: z.optional(z.boolean()),
        // Kz23_Begruendung: its length is the schema's (structure.ts).
        supplementary_text: z.optional(text(begruendung.text!.maxLength!, 1)),
      }),
    ),
    widnr: z.optional(widnr),
    business: z.optional(partySchema),
    advisor: z.optional(partySchema),
    advisor_client: z.optional(advisorClientSchema),
    // Sondervorauszahlung: last year's remaining prepayments plus the special prepayment then
    // deducted, of which Kz 38 is one eleventh; instead of kennzahlen.kz38.
    prepayments_prior_year: z.optional(money),
    xml: z.optional(nutzdatenXml),
  })
  .check(
    // Either the structured fields or the caller's own XML.
    z.superRefine((body, context) => {
      if (body.xml !== undefined) {
        refuseBesideXml(context, body, ['period', 'kennzahlen', 'flags', 'supplier', 'prepayments_prior_year', 'business', 'advisor', 'advisor_client']);
        return;
      }
      if (body.type === 'voranmeldung') {
        if (body.period === undefined) requireField(context, 'period');
        if (body.kennzahlen === undefined) requireField(context, 'kennzahlen');
      }
      for (const finding of ustvaAmountFindings(body.year, body.kennzahlen ?? {}))
        context.addIssue(problemIssue(finding, body.kennzahlen?.[finding.path.split('.')[1]!], finding.path.split('.')));
      if (body.widnr !== undefined && body.year < 2025)
        context.addIssue(problemIssue({ code: 'FIELD_NOT_FOR_YEAR', message: 'is part of the UStVA from 2025 on' }, body.widnr, ['widnr']));
      if (body.supplier === undefined) requireField(context, 'supplier', 'is required: ELSTER needs the data supplier (DatenLieferant) with name and address');
      // Kz 23 and its text, like every rule ERiC names, are the tax rules' part (flag-rules.ts).
      const flags = body.flags ?? {};
      // A type that failed its own check is already a finding; naming it again would echo any text.
      if (!(ustvaTypes as readonly string[]).includes(body.type)) return;
      for (const [field, types] of typeBound) {
        const value = field.startsWith('flags.') ? flags[field.slice(6) as keyof typeof flags] : body[field as 'period'];
        if (value !== undefined && !types.includes(body.type)) refuseForType(context, field, value, body.type);
      }
      kennzahlKeyIssues(context, body);
      if (body.type === 'sondervorauszahlung') {
        const { kz38 } = body.kennzahlen ?? {};
        if ((kz38 === undefined) === (body.prepayments_prior_year === undefined))
          requireField(context, 'kennzahlen.kz38', 'give either kennzahlen.kz38, the special prepayment, or prepayments_prior_year to have it computed');
      }
    }, alongsideFieldChecks),
  );

// Which filings take a field; the others refuse it rather than send it nowhere (UStVA-2025.xsd:
// Dauerfristverlaengerung has Kz23 only, Umsatzsteuersondervorauszahlung Kz10, 23, 26, 29 and 38).
const typeBound: readonly (readonly [string, readonly UstvaType[]])[] = [
  ['period', ['voranmeldung']],
  ['kennzahlen', ['voranmeldung', 'sondervorauszahlung']],
  ['prepayments_prior_year', ['sondervorauszahlung']],
  ['flags.corrected', ['voranmeldung', 'sondervorauszahlung']],
  ['flags.documents_separate', ['voranmeldung']],
  ['flags.direct_debit_revoked', ['voranmeldung', 'sondervorauszahlung']],
  ['flags.refund_offset', ['voranmeldung', 'sondervorauszahlung']],
];

/**
 * Each key of `kennzahlen` that the filing does not take: one that is no Kennzahl of the year's form
 * (or, in a Sondervorauszahlung, not kz38) is KZ_UNKNOWN, a Kennzahl of the Voranmeldung in a
 * Sondervorauszahlung FIELD_NOT_FOR_TYPE. A Dauerfristverlängerung refuses `kennzahlen` as a whole.
 */
function kennzahlKeyIssues(
  context: Parameters<typeof refuseBesideXml>[0],
  body: { year: number; type: UstvaType; kennzahlen?: Record<string, unknown> },
): void {
  const { kennzahlen, year, type } = body;
  const form = ustvaForm(year);
  // Beyond maxRecordKeys, kennzahlen is a finding of its own, and its keys are left unread.
  if (!form || !isPlainObject(kennzahlen) || Object.keys(kennzahlen).length > maxRecordKeys || type === 'dauerfristverlaengerung') return;
  const known = type === 'sondervorauszahlung' ? ['38'] : [...form.keys()];
  for (const [key, value] of Object.entries(kennzahlen)) {
    const kz = /^kz(\d{2})$/.exec(key)?.[1];
    if (kz !== undefined && known.includes(kz)) continue;
    if (kz !== undefined && form.has(kz)) refuseForType(context, `kennzahlen.${key}`, value, type);
    else context.addIssue(problemIssue(unknownKennzahl(key, year, known), value, ['kennzahlen', key]));
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function refuseForType(context: Parameters<typeof refuseBesideXml>[0], field: string, value: unknown, type: UstvaType): void {
  context.addIssue(problemIssue({ code: 'FIELD_NOT_FOR_TYPE', message: `is not part of a ${type}` }, value, field.split('.')));
}

export type UstvaRequest = z.infer<typeof ustvaSchema>;

type UstvaCommon = Pick<
  UstvaRequest,
  'test' | 'year' | 'tax_number' | 'client_reference' | 'certificate_id' | 'widnr' | 'business' | 'advisor' | 'advisor_client'
>;
type Supplier = NonNullable<UstvaRequest['supplier']>;
type Flags = UstvaRequest['flags'];

/** A checked UStVA as it is stored and sent: one of its filings from structured fields, or the caller's own Nutzdaten. */
export type UstvaFiling = UstvaCommon &
  (
    | { type: 'voranmeldung'; period: string; kennzahlen: NonNullable<UstvaRequest['kennzahlen']>; supplier: Supplier; flags?: Flags; xml?: undefined }
    | { type: 'dauerfristverlaengerung'; supplier: Supplier; flags?: Flags; xml?: undefined }
    | {
        type: 'sondervorauszahlung';
        supplier: Supplier;
        kennzahlen?: UstvaRequest['kennzahlen'];
        prepayments_prior_year?: UstvaRequest['prepayments_prior_year'];
        flags?: Flags;
        xml?: undefined;
      }
    | { type: UstvaType; xml: string }
  );

/**
 * The request as the one filing it makes. The schema's refinement has made sure of the fields each
 * needs, so a request without them is a fault of this code, not of the caller.
 */
export function ustvaFilingOf(request: UstvaRequest): UstvaFiling {
  const { type, period, kennzahlen, supplier, flags, xml, prepayments_prior_year, ...rest } = request;
  const common: UstvaCommon = rest;
  // `widnr` beside xml only declares what the XML names (shared/forms/identifiers.ts); the filing is the XML.
  if (xml !== undefined) {
    const { widnr: _declared, ...filer } = common;
    return { ...filer, type, xml };
  }
  if (supplier === undefined) throw new TypeError('a UStVA without xml needs its supplier');
  const extras = { ...(flags && { flags }) };
  if (type === 'dauerfristverlaengerung') return { ...common, type, supplier, ...extras };
  if (type === 'sondervorauszahlung')
    return { ...common, type, supplier, ...extras, ...(kennzahlen && { kennzahlen }), ...(prepayments_prior_year !== undefined && { prepayments_prior_year }) };
  if (period === undefined || kennzahlen === undefined) throw new TypeError('a UStVA without xml needs period and kennzahlen');
  return { ...common, type, period, kennzahlen, supplier, ...extras };
}
