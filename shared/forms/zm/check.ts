import type { Finding } from '#shared/domain/ticket.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { identifierFindings } from '#shared/forms/identifiers.ts';
import { zmIdentifiers } from '#shared/forms/zm/identifiers.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { zmFindings, zmRuleOf } from '#shared/forms/zm/rules.ts';
import { zmFilingOf, zmSchema, type ZmFiling, type ZmRequest } from '#shared/forms/zm/schema.ts';

type Filing = Ruled['filing'];

function zmRules(request: ZmRequest, { today }: CheckContext): Ruled | Promise<Ruled> {
  const body = zmFilingOf(request);
  const filing = { kind: 'zm', body } as const;
  if (body.xml !== undefined) return xmlRules(filing, body, today);
  const figures = {
    year: body.year,
    period: body.period,
    lines: body.lines.map((line) => ({ ...line, amount: Number(line.amount) })),
    flags: body.flags ?? {},
    business: body.business,
  };
  return { filing, period: body.period, findings: zmFindings(figures, today) };
}

/** The caller's own XML: read, held to the same rules, and to the USt-IdNr and year the request names. */
async function xmlRules(filing: Filing, body: Extract<ZmFiling, { xml: string }>, today: string): Promise<Ruled> {
  // The XML reader is imported only for a body that carries `xml`, so a function's cold start does
  // without it (BENCHMARKS.md, "Cold starts").
  const { readZmNutzdaten, xmlPathOf, zmElementOf } = await import('#shared/forms/zm/xml-reader.ts');
  const read = await readZmNutzdaten(body.xml);
  if (!read.ok) return { filing, findings: read.findings };
  const { figures, body: inXml } = read.read;
  const findings: Finding[] = [
    ...read.findings,
    ...zmFindings(figures, today).map((finding) => ({ ...finding, path: `xml.${zmElementOf(finding.path)}` })),
    ...identifierFindings(zmIdentifiers, read.tree, body, xmlPathOf),
  ];
  if (inXml.year !== body.year) {
    findings.push({ path: `xml.${zmElementOf('year')}`, code: 'XML_YEAR_MISMATCH', message: 'must be the year given in year', expected: String(body.year) });
  }
  return { filing, period: figures.period, findings };
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<ZmRequest> = { facts: zmFacts, schema: zmSchema, rules: zmRules, ruleOf: zmRuleOf };

export const checkZm = (input: unknown, context: CheckContext) => checkForm(form, input, context);
