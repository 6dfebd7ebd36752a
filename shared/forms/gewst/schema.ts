// The request of a trade tax return: what every form has, and E20's parts as
// shared/forms/element-body.ts maps them, or the caller's own E20 element. The parts' fields are the
// year's schema's, so they are checked against it (check.ts), not here.
import * as z from 'zod/mini';
import { common, declaredIdnrs, elementRequestRefinement, formYear, nutzdatenXml, taxNumber, taxOffice, widnr } from '#shared/forms/fields.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { withoutDeclared, type xmlDeclaredFields } from '#shared/forms/identifiers.ts';

/** The parts of E20 a body fills, by their body names, and their elements: GewSt 1A, the Anlagen EMU, OHG, BEG (each a list), BEK-GW, the Vorsatz. */
export const gewstParts = { gew_st1a: 'GewSt1A', emu: 'EMU', ohg: 'OHG', beg: 'BEG', bekgw: 'BEKGW', vorsatz: 'Vorsatz' } as const;

type Part = keyof typeof gewstParts;

const part = z.record(z.string().check(z.maxLength(60)), z.unknown());
const parts = z.array(part).check(z.maxLength(500));

/** The request's fields, with `schemas` the schema of each part and `list` that of the parts that repeat: checked by check.ts, or documented (openapi.ts). */
export const gewstShape = <Schema extends z.ZodMiniType, List extends z.ZodMiniType>(schemas: Record<Part, Schema>, list: (part: Schema) => List) => ({
  ...common,
  year: formYear(gewstFacts),
  tax_number: z.optional(taxNumber),
  tax_office: z.optional(taxOffice),
  gew_st1a: z.optional(schemas.gew_st1a),
  emu: z.optional(list(schemas.emu)),
  ohg: z.optional(list(schemas.ohg)),
  beg: z.optional(list(schemas.beg)),
  bekgw: z.optional(schemas.bekgw),
  vorsatz: z.optional(schemas.vorsatz),
  xml: z.optional(nutzdatenXml),
  ...declaredIdnrs,
  widnr: z.optional(widnr),
});

export const gewstSchema = z
  .strictObject(gewstShape({ gew_st1a: part, emu: part, ohg: part, beg: part, bekgw: part, vorsatz: part }, () => parts))
  .check(
    elementRequestRefinement(
      Object.keys(gewstParts),
      { gew_st1a: 'the return itself (GewSt 1A)', vorsatz: 'the sender of the return (abs_name, abs_str, abs_ort)' },
      'the parts name them (vorsatz.id, vorsatz.idehefrau, gew_st1a.allgemein.e4000502)',
    ),
  );

export type GewstRequest = z.infer<typeof gewstSchema>;

/** A checked trade tax return as it is stored and sent: its parts, or the caller's own Nutzdaten. */
export type GewstFiling = Omit<GewstRequest, (typeof xmlDeclaredFields)[number]>;

/** The request as it is stored (shared/forms/identifiers.ts). */
export const gewstFilingOf = (request: GewstRequest): GewstFiling => withoutDeclared(request);
