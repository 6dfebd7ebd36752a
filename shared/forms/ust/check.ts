import type { Finding } from '#shared/domain/ticket.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { elementPaths, type FieldValue, fieldsOf } from '#shared/forms/element-body.ts';
import { type ElementCheck, elementRules } from '#shared/forms/element-check.ts';
import { ericRuleFindings } from '#shared/forms/ust/eric-rules.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustIdentifiers } from '#shared/forms/ust/identifiers.ts';
import { ustFilingOf, type UstFiling, ustSchema, type UstRequest } from '#shared/forms/ust/schema.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { readUstNutzdaten } from '#shared/forms/ust/xml-reader.ts';
import type { XmlTree } from '#shared/xml/xml.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';

/**
 * What ELSTER would find in an E50 element: the structure of the year's schema, then ERiC's rules
 * (the taxes computed from each base and rate, the sums, the amount left after the prepayments…).
 * `pathOf` names an element for a finding, in the caller's XML or in the body.
 */
export function e50Findings(
  xml: string,
  year: number,
  pathOf: (names: readonly string[]) => string,
): { findings: Finding[]; tree?: XmlTree; fields?: ReadonlyMap<string, FieldValue> } {
  const read = readUstNutzdaten(xml, year, pathOf);
  if (!read.ok) return read;
  const fields = fieldsOf(read.tree);
  const rules = ericRuleFindings(read.tree, fields, year, pathOf, elementPaths(ustSchemaStructure(year)));
  return { findings: [...read.findings, ...rules], tree: read.tree, fields };
}

const ustCheck: ElementCheck<'ust', UstFiling> = { facts: ustFacts, identifiers: ustIdentifiers, write: ustXml, read: e50Findings };

const ustRules = (request: UstRequest, context: CheckContext): Ruled => elementRules(ustCheck, request, ustFilingOf(request), context);

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<UstRequest> = { facts: ustFacts, schema: ustSchema, rules: ustRules };

export const checkUst = (input: unknown, context: CheckContext) => checkForm(form, input, context);
