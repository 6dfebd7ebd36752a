// The request of a corporate income tax return: what every form has, and the parts of E30 a small
// GmbH or UG files, each field for field as shared/forms/element-body.ts maps them, or the caller's
// own E30 element with any of its Anlagen. The parts' fields are the year's schema's, so they are
// checked against it (check.ts), not here.
import * as z from 'zod/mini';
import { common, declaredIdnrs, elementRequestRefinement, formYear, nutzdatenXml, taxNumber, widnr } from '#shared/forms/fields.ts';
import { withoutDeclared, type xmlDeclaredFields } from '#shared/forms/identifiers.ts';
import { kstFacts } from '#shared/forms/kst/facts.ts';

/**
 * The parts of E30 a body fills, by their element names: the main form (KSt 1), the profit
 * determination (Anlage GK, one per Wirtschaftsjahr ending in the year), the income computation
 * (Anlage ZVE), the loss carry-forward (Anlage Verluste), the declaration for the separate
 * findings of the contribution account (KSt 1 F) and the Vorsatz. Every other Anlage only through `xml`.
 */
export const kstElements = ['KSt1', 'GK', 'ZVE', 'Verluste', 'KSt1F', 'Vorsatz'] as const;

/** The same parts by their body names. */
export const kstParts = ['kst1', 'gk', 'zve', 'verluste', 'kst1f', 'vorsatz'] as const;

/** The parts E30 may hold twice (E30-{year}.xsd: maxOccurs 2), which a body gives as lists. */
export const repeatedParts: readonly (typeof kstParts)[number][] = ['gk', 'kst1f'];

const part = z.record(z.string().check(z.maxLength(60)), z.unknown());
const twice = z.array(part).check(z.minLength(1), z.maxLength(2));

/** The request's fields, with `parts` the schema of each part: checked by check.ts, or documented (openapi.ts). */
export const kstShape = <Part extends z.ZodMiniType, List extends z.ZodMiniType>(
  parts: Record<(typeof kstParts)[number], Part>,
  list: (part: Part) => List,
) => ({
  ...common,
  year: formYear(kstFacts),
  // E30's Vorsatz takes a tax number only (OrdNrArt "S"): a first return without one is filed on paper or in ELSTER's own portal.
  tax_number: taxNumber,
  kst1: z.optional(parts.kst1),
  gk: z.optional(list(parts.gk)),
  zve: z.optional(parts.zve),
  verluste: z.optional(parts.verluste),
  kst1f: z.optional(list(parts.kst1f)),
  vorsatz: z.optional(parts.vorsatz),
  xml: z.optional(nutzdatenXml),
  ...declaredIdnrs,
  widnr: z.optional(widnr),
});

export const kstSchema = z
  .strictObject(kstShape({ kst1: part, gk: part, zve: part, verluste: part, kst1f: part, vorsatz: part }, () => twice))
  .check(
    elementRequestRefinement(
      kstParts,
      { kst1: 'the return itself (KSt 1)', vorsatz: 'the sender of the return (abs_name, abs_str, abs_ort)' },
      'the parts name them (vorsatz.id, vorsatz.idehefrau, kst1.allgemein.e8000102)',
      { byTaxOffice: false },
    ),
  );

export type KstRequest = z.infer<typeof kstSchema>;

/** A checked corporate income tax return as it is stored and sent: its parts, or the caller's own Nutzdaten. */
export type KstFiling = Omit<KstRequest, (typeof xmlDeclaredFields)[number]>;

/** The request as it is stored (shared/forms/identifiers.ts). */
export const kstFilingOf = (request: KstRequest): KstFiling => withoutDeclared(request);
