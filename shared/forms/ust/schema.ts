// The request of an annual VAT return: what every form has, and E50's parts as shared/forms/element-body.ts maps them,
// or the caller's own E50 element. The parts' fields are the year's schema's, so they are checked
// against it (check.ts), not here.
import * as z from 'zod/mini';
import { common, declaredIdnrs, elementRequestRefinement, formYear, nutzdatenXml, taxNumber, taxOffice, widnr } from '#shared/forms/fields.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { withoutDeclared, type xmlDeclaredFields } from '#shared/forms/identifiers.ts';

/** The parts of E50 a body fills, by their body names (shared/forms/element-body.ts). */
export const ustParts = ['ust2a', 'un', 'fv', 'vorsatz'] as const;

const part = z.record(z.string().check(z.maxLength(60)), z.unknown());

/** The request's fields, with `parts` the schema of each part: checked by check.ts, or documented (openapi.ts). */
export const ustShape = <Part extends z.ZodMiniType>(parts: Record<(typeof ustParts)[number], Part>) => ({
  ...common,
  year: formYear(ustFacts),
  tax_number: z.optional(taxNumber),
  tax_office: z.optional(taxOffice),
  ust2a: z.optional(parts.ust2a),
  un: z.optional(parts.un),
  fv: z.optional(parts.fv),
  vorsatz: z.optional(parts.vorsatz),
  xml: z.optional(nutzdatenXml),
  ...declaredIdnrs,
  widnr: z.optional(widnr),
});

export const ustSchema = z
  .strictObject(ustShape({ ust2a: part, un: part, fv: part, vorsatz: part }))
  .check(
    elementRequestRefinement(
      ustParts,
      { ust2a: 'the return itself (USt 2A)', vorsatz: 'the sender of the return (abs_name, abs_str, abs_ort)' },
      'the parts name them (vorsatz.id, vorsatz.idehefrau, ust2a.allg.unternehmen.e3000401)',
    ),
  );

export type UstRequest = z.infer<typeof ustSchema>;

/** A checked annual VAT return as it is stored and sent: its parts, or the caller's own Nutzdaten. */
export type UstFiling = Omit<UstRequest, (typeof xmlDeclaredFields)[number]>;

/** The request as it is stored (shared/forms/identifiers.ts). */
export const ustFilingOf = (request: UstRequest): UstFiling => withoutDeclared(request);
