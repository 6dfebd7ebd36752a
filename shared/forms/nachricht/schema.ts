// The request of a message to the tax office: what every form has, the tax number it is filed under,
// the element's fields under `nachricht` (element-body.ts naming, checked against the schema by the
// writer: who writes, `inhalt` with `betreff` and `text`), the attachments, or the caller's own XML.
// `year` only where the message's subject has one.
import * as z from 'zod/mini';
import { alongsideFieldChecks, common, formYear, refuseBesideXml, requireField, taxNumber } from '#shared/forms/fields.ts';
import { letterXmlField } from '#shared/forms/letter.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';

const record = z.record(z.string().check(z.maxLength(60)), z.unknown());

/** The request's fields, with `element` the schema of the element's fields and `attachments` that of `anhaenge`: checked (schema.ts) or documented (openapi.ts). */
export const nachrichtShape = <Element extends z.ZodMiniType, Attachments extends z.ZodMiniType>(element: Element, attachments: Attachments) => ({
  ...common,
  year: z.optional(formYear(nachrichtFacts)),
  tax_number: taxNumber,
  nachricht: z.optional(element),
  anhaenge: z.optional(attachments),
  xml: z.optional(letterXmlField),
});

export const nachrichtSchema = z.strictObject(nachrichtShape(record, record)).check(
  z.superRefine((body: Record<string, unknown>, context) => {
    if (body.xml !== undefined) return refuseBesideXml(context, body, ['nachricht', 'anhaenge']);
    if (body.nachricht === undefined) requireField(context, 'nachricht', 'is required: who writes, and the message (inhalt.betreff, inhalt.text)');
  }, alongsideFieldChecks),
);

export type NachrichtRequest = z.infer<typeof nachrichtSchema>;

/** A checked message as it is stored and sent: its year, where it named none, the year it was accepted in. */
export type NachrichtFiling = Omit<NachrichtRequest, 'year'> & { year: number };
