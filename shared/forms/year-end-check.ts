// The check of a year-end return whose body mirrors its Nutzdaten element (shared/forms/element-body.ts:
// the annual VAT return's E50, the trade tax return's E20): a body is written into the element, a
// caller's XML read as it came, and either goes through the structure of the year's schema, then
// ERiC's rules of the year's workbook (shared/forms/workbook-rules.ts), then the one check of the
// identifiers of whom it is for (shared/forms/identifiers.ts, `partsIdentifiers`).
import type { Finding, Kind } from '#shared/domain/ticket.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { bodyPathOf, type FieldValue, fieldsOf, bodyFinding } from '#shared/forms/element-body.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { type DeclaredIdentifiers, type IdentifierPlaces, partsIdentifiers } from '#shared/forms/identifiers.ts';
import { type RuleBook, workbookRuleFindings } from '#shared/forms/workbook-rules.ts';
import { readYearEndNutzdaten, xmlPathOf, type YearEndElement } from '#shared/forms/year-end-nutzdaten.ts';
import { yearFindings } from '#shared/forms/years.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** A year-end form as its check sees it. */
export interface YearEndForm<Request extends DeclaredIdentifiers & { year: number; xml?: string }, Filing> {
  kind: Kind;
  facts: FormFacts;
  element: YearEndElement;
  rules: (year: number) => RuleBook;
  identifiers: IdentifierPlaces;
  /** The request as it is stored. */
  filingOf: (request: Request) => Filing;
  /** The element a stored body is written into, and what of the body it cannot write. */
  xmlOf: (filing: Filing, createdAt: Date) => { xml: string; findings: Finding[] };
}

/**
 * What ELSTER would find in the form's element: the structure of the year's schema, then ERiC's
 * rules. `pathOf` names an element for a finding, in the caller's XML or in the body.
 */
function yearEndFindings(
  form: Pick<YearEndForm<never, never>, 'element' | 'rules'>,
  xml: string,
  year: number,
  pathOf: (names: readonly string[]) => string,
): { findings: Finding[]; tree?: XmlTree; fields?: ReadonlyMap<string, FieldValue> } {
  const read = readYearEndNutzdaten(form.element, xml, year, pathOf);
  if (!read.ok) return read;
  const rules = workbookRuleFindings(form.rules(year), read.tree, year, form.element.structure(year), pathOf);
  return { findings: [...read.findings, ...rules], tree: read.tree, fields: fieldsOf(read.tree) };
}

/** The form's tax rules: the filing a request makes, and what the year's window, the schema, ERiC's rules and the identifiers find in it. */
function yearEndRules<Request extends DeclaredIdentifiers & { year: number; xml?: string }, Filing extends { year: number; xml?: string }>(
  form: YearEndForm<Request, Filing>,
) {
  return (request: Request, { today }: CheckContext): Ruled => {
    const body = form.filingOf(request);
    // The form's own kind and body: the compiler cannot pair a generic kind with its body in the union.
    const filing = { kind: form.kind, body } as unknown as Ruled['filing'];
    const open = yearFindings(form.facts, body.year, today);
    const checked = (xml: string, pathOf: (names: readonly string[]) => string, shown: (finding: Finding) => Finding) => {
      const read = yearEndFindings(form, xml, body.year, pathOf);
      const identifiers = read.tree ? partsIdentifiers(form.identifiers, read.tree, request, pathOf) : { findings: [] };
      return { filing, ...identifiers, findings: [...open, ...read.findings.map(shown), ...identifiers.findings] };
    };
    if (body.xml !== undefined) return checked(body.xml, xmlPathOf, (finding) => finding);
    const written = form.xmlOf(body, new Date());
    if (written.findings.length > 0) return { filing, findings: [...open, ...written.findings] };
    return checked(written.xml, bodyPathOf, bodyFinding);
  };
}

/**
 * ERiC's rule the reader's own finding stands for in a form whose workbook has it: a Vorsatz whose
 * Zeitraum is not the year (`XML_PERIOD`, Vorsatzdaten_Zeitraum_VZ).
 */
const yearEndRuleOf = ({ code }: Finding): string | undefined => (code === 'XML_PERIOD' ? 'Vorsatzdaten_Zeitraum_VZ' : undefined);

/**
 * What the form's own modules take of its check: what ELSTER would find in its element (`findings`),
 * the form's schema and rules as its submit function checks a body with them (`form`,
 * functions/submit-form.ts), and that check of a request (`check`).
 */
export function yearEndCheck<Request extends DeclaredIdentifiers & { year: number; xml?: string }, Filing extends { year: number; xml?: string }>(
  yearEnd: YearEndForm<Request, Filing>,
  schema: Form<Request>['schema'],
) {
  const form: Form<Request> = { facts: yearEnd.facts, schema, rules: yearEndRules(yearEnd), ruleOf: yearEndRuleOf };
  return {
    findings: (xml: string, year: number, pathOf: (names: readonly string[]) => string) => yearEndFindings(yearEnd, xml, year, pathOf),
    form,
    check: (input: unknown, context: CheckContext) => checkForm(form, input, context),
  };
}
