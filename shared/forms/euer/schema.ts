// The request of an Anlage EÜR: what every form has, and E77's parts as shared/forms/element-body.ts
// maps them, or the caller's own E77 element. The parts' fields are the year's schema's, so they are
// checked against it (check.ts), not here.
import * as z from 'zod/mini';
import { common, declaredIdnrs, elementRequestRefinement, formYear, nutzdatenXml, taxNumber, taxOffice, widnr } from '#shared/forms/fields.ts';
import { euerFacts } from '#shared/forms/euer/facts.ts';
import { withoutDeclared, type xmlDeclaredFields } from '#shared/forms/identifiers.ts';

/**
 * The parts of E77 a body fills, by their body names: the EÜR itself, Anlage AVEÜR (fixed assets),
 * Anlage SZ (Schuldzinsen), per partner Anlage SE (Sonderbetriebseinnahmen und -ausgaben), AVSE
 * (their fixed assets) and ER (Ergänzungsrechnung), Anlage LuF, and the Vorsatz.
 */
export const euerParts = ['euer', 'aveuer', 'sz', 'se', 'avse', 'er', 'lu_f', 'vorsatz'] as const;
export type EuerPart = (typeof euerParts)[number];

const part = z.record(z.string().check(z.maxLength(60)), z.unknown());
// A part per partner: ELSTER takes up to 99,999, a request far fewer fit into.
const perPartner = z.array(part).check(z.maxLength(1000));

/** The request's fields, with `parts` the schema of each part: checked by check.ts, or documented (openapi.ts). */
export const euerShape = <Part extends z.ZodMiniType, Repeated extends z.ZodMiniType>(
  parts: Record<'euer' | 'aveuer' | 'sz' | 'lu_f' | 'vorsatz', Part> & Record<'se' | 'avse' | 'er', Repeated>,
) => ({
  ...common,
  year: formYear(euerFacts),
  tax_number: z.optional(taxNumber),
  tax_office: z.optional(taxOffice),
  euer: z.optional(parts.euer),
  aveuer: z.optional(parts.aveuer),
  sz: z.optional(parts.sz),
  se: z.optional(parts.se),
  avse: z.optional(parts.avse),
  er: z.optional(parts.er),
  lu_f: z.optional(parts.lu_f),
  vorsatz: z.optional(parts.vorsatz),
  xml: z.optional(nutzdatenXml),
  ...declaredIdnrs,
  widnr: z.optional(widnr),
});

export const euerSchema = z
  .strictObject(euerShape({ euer: part, aveuer: part, sz: part, lu_f: part, vorsatz: part, se: perPartner, avse: perPartner, er: perPartner }))
  .check(
    elementRequestRefinement(
      euerParts,
      { euer: 'the Anlage EÜR itself (its income, expenses and profit)', vorsatz: 'the sender of the return (abs_name, abs_str, abs_plz, abs_ort)' },
      'the parts name them (vorsatz.id, vorsatz.idehefrau, euer.allg.e6000404)',
    ),
  );

export type EuerRequest = z.infer<typeof euerSchema>;

/** A checked Anlage EÜR as it is stored and sent: its parts, or the caller's own Nutzdaten. */
export type EuerFiling = Omit<EuerRequest, (typeof xmlDeclaredFields)[number]>;

/** The request as it is stored: only what it gave, but for what only declares the XML's identifiers. */
export const euerFilingOf = (request: EuerRequest): EuerFiling => withoutDeclared(request);
