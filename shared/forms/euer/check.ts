import type { Finding } from '#shared/domain/ticket.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { type ElementCheck, elementRules } from '#shared/forms/element-check.ts';
import { euerFacts } from '#shared/forms/euer/facts.ts';
import { euerIdentifiers } from '#shared/forms/euer/identifiers.ts';
import { euerFilingOf, type EuerFiling, euerSchema, type EuerRequest } from '#shared/forms/euer/schema.ts';
import { euerSchemaStructure } from '#shared/forms/euer/structure.ts';
import { euerTotals } from '#shared/forms/euer/totals.ts';
import { readEuerNutzdaten } from '#shared/forms/euer/xml-reader.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/**
 * What ELSTER would find in an E77 element: the structure of the year's schema (a partner named
 * twice in SE, AVSE or ER among it: the schema's xs:unique of Beteiligter), then the form's
 * totals (totals.ts); `amounts` are the EÜR's amounts by element, the totals it leaves out computed.
 * `pathOf` names an element for a finding, in the caller's XML or in the body.
 */
export function e77Findings(
  xml: string,
  year: number,
  pathOf: (names: readonly string[]) => string,
): { findings: Finding[]; tree?: XmlTree; amounts?: ReadonlyMap<string, number> } {
  const read = readEuerNutzdaten(xml, year, pathOf);
  if (!read.ok) return read;
  const totals = euerTotals(read.tree, euerSchemaStructure(year), pathOf);
  return { findings: [...read.findings, ...totals.findings], tree: read.tree, amounts: totals.amounts };
}

const euerCheck: ElementCheck<'euer', EuerFiling> = { facts: euerFacts, identifiers: euerIdentifiers, write: euerXml, read: e77Findings };

const euerRules = (request: EuerRequest, context: CheckContext): Ruled => elementRules(euerCheck, request, euerFilingOf(request), context);

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<EuerRequest> = { facts: euerFacts, schema: euerSchema, rules: euerRules };

export const checkEuer = (input: unknown, context: CheckContext) => checkForm(form, input, context);
