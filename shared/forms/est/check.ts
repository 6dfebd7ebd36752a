import { estFilingOf, estSchema, type EstRequest } from '#shared/forms/est/schema.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { identifierFindings } from '#shared/forms/identifiers.ts';
import { estIdentifiers } from '#shared/forms/est/identifiers.ts';
import { widnrFindings } from '#shared/forms/est/widnr.ts';
import { estFindings } from '#shared/forms/est/rules.ts';
import { estLimitFindings } from '#shared/forms/est/limits.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { yearFindings } from '#shared/forms/years.ts';
import { duplicateFindings, mappedIdnrs } from '#shared/forms/est/anlagen/mapped.ts';
import { estSchemaStructure } from '#shared/forms/est/structure.ts';

async function estRules(request: EstRequest, { today }: CheckContext): Promise<Ruled> {
  const body = estFilingOf(request);
  const filing = { kind: 'est', body } as const;
  const open = yearFindings(estFacts, body.year, today);
  if (body.xml === undefined) {
    const duplicates = await duplicateFindings(body, estSchemaStructure);
    return { filing, xmlIdnrs: mappedIdnrs(body), findings: [...open, ...estLimitFindings(body), ...estFindings(body), ...duplicates] };
  }
  // The XML reader is imported only for a body that carries `xml`, so a function's cold start does
  // without it (BENCHMARKS.md, "Cold starts").
  const { checkEstNutzdaten, xmlPathOf } = await import('#shared/forms/est/xml-reader.ts');
  const read = await checkEstNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: [...open, ...read.findings] };
  const identifiers = [...identifierFindings(estIdentifiers, read.tree, request, xmlPathOf), ...widnrFindings(read.tree, xmlPathOf)];
  return { filing, xmlIdnrs: read.idnrs, findings: [...open, ...identifiers] };
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<EstRequest> = { facts: estFacts, schema: estSchema, rules: estRules };

export const checkEst = (input: unknown, context: CheckContext) => checkForm(form, input, context);
