import type { Finding } from '#shared/domain/ticket.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { bodyPathOf, bodyFinding } from '#shared/forms/element-body.ts';
import { partsIdentifiers } from '#shared/forms/identifiers.ts';
import { kstFacts } from '#shared/forms/kst/facts.ts';
import { yearFindings } from '#shared/forms/years.ts';
import { kstIdentifiers } from '#shared/forms/kst/identifiers.ts';
import { amountRules } from '#shared/forms/kst/rules.ts';
import { type KstFiling, kstFilingOf, kstParts, kstSchema, type KstRequest } from '#shared/forms/kst/schema.ts';
import { e30, kstDocument } from '#shared/forms/kst/xml-reader.ts';
import { kstXml } from '#shared/forms/kst/xml-writer.ts';
import { readYearEndNutzdaten, xmlPathOf } from '#shared/forms/year-end-nutzdaten.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/**
 * What ELSTER would find in an E30 element: the structure of the year's schema (a part given twice
 * for one Wirtschaftsjahr among it: the schema's xs:unique of WJ), then the amounts
 * the form computes (rules.ts). `pathOf` names an element for a finding, in the caller's XML or in the body.
 */
export function e30Findings(xml: string, year: number, pathOf: (names: readonly string[]) => string): { findings: Finding[]; tree?: XmlTree } {
  const read = readYearEndNutzdaten(e30, xml, year, pathOf);
  if (!read.ok) return read;
  const { parts } = kstDocument(read.tree, year);
  const { findings } = amountRules(parts, false, pathOf);
  return { findings: [...read.findings, ...findings], tree: read.tree };
}

/** A body with the amounts it leaves out computed (rules.ts), and what its given amounts are found to be. */
function computedBody(body: KstFiling): { body: KstFiling; findings: Finding[] } {
  const parts = structuredClone(Object.fromEntries(kstParts.filter((part) => body[part] !== undefined).map((part) => [part, body[part]])));
  const { findings } = amountRules(parts, true, bodyPathOf);
  return { body: { ...body, ...parts }, findings };
}

function kstRules(request: KstRequest, { today }: CheckContext): Ruled {
  const given = kstFilingOf(request);
  const open = yearFindings(kstFacts, given.year, today);
  if (given.xml === undefined) {
    const { body, findings: amounts } = computedBody(given);
    const filing = { kind: 'kst', body } as const;
    const written = kstXml(body, new Date());
    if (written.findings.length > 0) return { filing, findings: [...open, ...written.findings] };
    const read = readYearEndNutzdaten(e30, written.xml, body.year, bodyPathOf);
    if (!read.ok) return { filing, findings: [...open, ...read.findings.map(bodyFinding)] };
    const identifiers = partsIdentifiers(kstIdentifiers, read.tree, request, bodyPathOf);
    return { filing, ...identifiers, findings: [...open, ...read.findings.map(bodyFinding), ...amounts, ...identifiers.findings] };
  }
  const filing = { kind: 'kst', body: given } as const;
  const read = e30Findings(given.xml, given.year, xmlPathOf);
  const identifiers = read.tree ? partsIdentifiers(kstIdentifiers, read.tree, request, xmlPathOf) : { findings: [] };
  return { filing, ...identifiers, findings: [...open, ...read.findings, ...identifiers.findings] };
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<KstRequest> = { facts: kstFacts, schema: kstSchema, rules: kstRules };

export const checkKst = (input: unknown, context: CheckContext) => checkForm(form, input, context);
