import type { Finding } from '#shared/domain/ticket.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { partsIdentifiers } from '#shared/forms/identifiers.ts';
import { bodyPathOf, elementPaths, type FieldValue, fieldsOf, withoutPosition } from '#shared/forms/element-body.ts';
import { ericRuleFindings } from '#shared/forms/ust/eric-rules.ts';
import { ustFacts, ustYearFindings } from '#shared/forms/ust/facts.ts';
import { ustIdentifiers } from '#shared/forms/ust/identifiers.ts';
import { ustFilingOf, ustSchema, type UstRequest } from '#shared/forms/ust/schema.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { readUstNutzdaten, xmlPathOf } from '#shared/forms/ust/xml-reader.ts';
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

function ustRules(request: UstRequest, { today }: CheckContext): Ruled {
  const body = ustFilingOf(request);
  const filing = { kind: 'ust', body } as const;
  const open = ustYearFindings(body.year, today);
  if (body.xml === undefined) {
    const written = ustXml(body, new Date());
    if (written.findings.length > 0) return { filing, findings: [...open, ...written.findings] };
    const read = e50Findings(written.xml, body.year, bodyPathOf);
    const identifiers = read.tree ? partsIdentifiers(ustIdentifiers, read.tree, request, bodyPathOf) : { findings: [] };
    return { filing, ...identifiers, findings: [...open, ...read.findings.map(withoutPosition), ...identifiers.findings] };
  }
  const read = e50Findings(body.xml, body.year, xmlPathOf);
  const identifiers = read.tree ? partsIdentifiers(ustIdentifiers, read.tree, request, xmlPathOf) : { findings: [] };
  return { filing, ...identifiers, findings: [...open, ...read.findings, ...identifiers.findings] };
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<UstRequest> = { facts: ustFacts, schema: ustSchema, rules: ustRules };

export const checkUst = (input: unknown, context: CheckContext) => checkForm(form, input, context);
