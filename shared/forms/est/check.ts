import { estFilingOf, estSchema, type EstRequest } from '#shared/forms/est/schema.ts';
import { checkForm, taxNumberAgrees, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { estFindings } from '#shared/forms/est/rules.ts';
import { estLimitFindings } from '#shared/forms/est/limits.ts';
import { estFacts, estYearFindings } from '#shared/forms/est/facts.ts';
import { mappedIdnrs } from '#shared/forms/est/anlagen/mapped.ts';

async function estRules(request: EstRequest, { today }: CheckContext): Promise<Ruled> {
  const body = estFilingOf(request);
  const filing = { kind: 'est', body } as const;
  const open = estYearFindings(body.year, today);
  if (body.xml === undefined) return { filing, xmlIdnrs: mappedIdnrs(body), findings: [...open, ...estLimitFindings(body), ...estFindings(body)] };
  // The XML reader is imported only for a body that carries `xml`, so a function's cold start does
  // without it (BENCHMARKS.md, "Cold starts").
  const { checkEstNutzdaten } = await import('#shared/forms/est/xml-reader.ts');
  const read = await checkEstNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: [...open, ...read.findings] };
  // Vorsatz/StNr stands in every return filed by tax number; an Ordnungsbegriff, the identifier ELSTER takes in its
  // place (OrdNrArt "O", E10-2024.xsd), may only repeat it, so neither can name another taxpayer's return.
  const ordnungsbegriff = read.ordnungsbegriff === undefined ? [] : taxNumberAgrees(body, read.ordnungsbegriff, 'xml.Vorsatz.Ordnungsbegriff');
  return { filing, xmlIdnrs: read.idnrs, findings: [...open, ...taxNumberAgrees(body, read.taxNumber, 'xml.Vorsatz.StNr'), ...ordnungsbegriff] };
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<EstRequest> = { facts: estFacts, schema: estSchema, rules: estRules };

export const checkEst = (input: unknown, context: CheckContext) => checkForm(form, input, context);
