// The request of an appeal: what every form has, the tax number it is filed under, the notice it
// contests (written as the first Verwaltungsakt; with `notice_id`, completed from the caller's notice by
// from-notice.ts before this schema), the element's other fields under `einspruch`
// (element-body.ts naming, checked against the schema by the writer), the attachments, or the
// caller's own XML. `instructions_missing` is no part of the XML: it says the notice came without
// (or with wrong) instructions on the remedy, so the appeal has a year (§ 356 Abs. 2 AO).
import * as z from 'zod/mini';
import { alongsideFieldChecks, common, formYear, isoDate, problemIssue, refuseBesideXml, requireField, taxNumber } from '#shared/forms/fields.ts';
import { letterFields } from '#shared/forms/letter.ts';
import { einspruchFacts } from '#shared/forms/einspruch/facts.ts';
import { noticeIdPattern } from '#shared/domain/notice.ts';

/** The kinds of notice ELSTER's appeal names (Einsprch-22.xsd, VaId), by the body's names. */
export const noticeTypes = {
  income_tax: '11',
  income_tax_prepayments: '14',
  inheritance_tax: '16',
  separate_uniform_determination: '25',
  separate_determination: '26',
  trade_tax_base: '34',
  real_estate_transfer_tax: '38',
  property_tax_equivalents: '299',
  property_tax_base: '108',
  property_tax_value: '271',
  property_tax_value_agriculture: '272',
  corporate_income_tax: '44',
  corporate_income_tax_determinations: '185',
  corporate_income_tax_prepayments: '49',
  wage_tax_year: '124',
  wage_tax_period: '52',
  gift_tax: '56',
  vat: '69',
  vat_prepayment: '72',
  other: '57',
} as const;

/** Whether the appeal asks to suspend the notice's enforcement (AdV): none, in full, in part. */
export const suspensions = { none: 'k', full: 'v', partial: 't' } as const;

const record = z.record(z.string().check(z.maxLength(60)), z.unknown());

export const noticeSchema = z.strictObject({
  type: z.enum(Object.keys(noticeTypes) as [keyof typeof noticeTypes], { error: `must be one of ${Object.keys(noticeTypes).join(', ')}` }),
  date: isoDate,
  period: z.optional(
    z.enum(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '41', '42', '43', '44'], {
      error: 'must be a month "01"–"12" or a quarter "41"–"44"',
    }),
  ),
  other: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  suspension: z._default(z.enum(Object.keys(suspensions) as [keyof typeof suspensions], { error: 'must be none, full or partial' }), 'none'),
});

/** The request's fields, with `element` the schema of the element's own fields and `attachments` that of `anhaenge`: checked (schema.ts) or documented (openapi.ts). */
export const einspruchShape = <Element extends z.ZodMiniType, Attachments extends z.ZodMiniType>(element: Element, attachments: Attachments) => ({
  ...common,
  year: formYear(einspruchFacts),
  tax_number: taxNumber,
  notice_id: z.optional(z.string().check(z.regex(noticeIdPattern, { error: 'must be a notice ID (ntc_…)' }))),
  notice: z.optional(noticeSchema),
  instructions_missing: z.optional(z.boolean({ error: 'must be true or false' })),
  einspruch: z.optional(element),
  ...letterFields(attachments),
});

export const einspruchSchema = z.strictObject(einspruchShape(record, record)).check(
  z.superRefine((body: Record<string, unknown>, context) => {
    if (body.xml !== undefined) return refuseBesideXml(context, body, ['notice_id', 'notice', 'einspruch', 'anhaenge']);
    const acts = (body.einspruch as { verwaltungsakt?: unknown } | undefined)?.verwaltungsakt;
    if (body.notice === undefined && acts === undefined) requireField(context, 'notice', 'is required: the notice the appeal contests (its type and date)');
    const notice = body.notice as { type?: string; other?: string } | undefined;
    if (notice?.type === 'other' && notice.other === undefined) requireField(context, 'notice', 'names in `other` what a notice of type other is');
    if (notice?.type !== undefined && notice.type !== 'other' && notice.other !== undefined)
      context.addIssue(problemIssue({ code: 'INVALID_VALUE', message: 'is only for a notice of type other' }, notice.other, ['notice', 'other']));
  }, alongsideFieldChecks),
);

export type EinspruchRequest = z.infer<typeof einspruchSchema>;

/** A checked appeal as it is stored and sent. */
export type EinspruchFiling = EinspruchRequest;
