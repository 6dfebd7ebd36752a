import type { Finding } from '#shared/domain/ticket.ts';
import { frameFindings, herstellerId, requiredRuleOf } from '#shared/forms/anmeldungssteuern.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { identifierFindings } from '#shared/forms/identifiers.ts';
import { lstaIdentifiers } from '#shared/forms/lsta/identifiers.ts';
import { periodDue, periodFindings } from '#shared/forms/filing-window.ts';
import { ericFinding } from '#shared/forms/lsta/eric-rules.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import type { LstaFigures } from '#shared/forms/lsta/model.ts';
import { lstaFindings } from '#shared/forms/lsta/rules.ts';
import { lstaFilingOf, lstaPeriodPattern, lstaSchema, type LstaFiling, type LstaRequest } from '#shared/forms/lsta/schema.ts';
import type { LstaReadFigures } from '#shared/forms/lsta/xml-reader.ts';

type Filing = Ruled['filing'];

// ERiC's hints on the period (shared/elster/rules/Jahresdokumentation_LStA_2025.xml): one not yet
// begun the service refuses outright, since the tax office could not take it; one not yet ended is
// a hint here too.
const periodRules: Record<string, string> = { PERIOD_NOT_BEGUN: 'LStA_Zeitraum_Zukunft', PERIOD_NOT_ENDED: 'LStA_Zeitraum_nicht_beendet' };

/**
 * The filing window of the period: begun, ended, and the tenth day after it, when the return is due
 * (§ 41a Abs. 1 EStG). A corrected return (Kz 10) has no due date of its own.
 */
export function lstaWindowFindings(figures: LstaFigures, on: string, path: string): Finding[] {
  if (!lstaPeriodPattern.test(figures.period)) return [];
  const findings: Finding[] = periodFindings(figures.year, figures.period, on, path).map((finding) => ({ ...finding, rule: periodRules[finding.code] }));
  const due = periodDue(figures.year, figures.period);
  if (findings.length === 0 && on > due && figures.flags?.corrected !== true)
    findings.push({
      path,
      code: 'PERIOD_DUE_PASSED',
      message: `was due on ${due}, the tenth day after the period (§ 41a Abs. 1 EStG): the tax office may charge a late-filing surcharge`,
      expected: due,
      severity: 'hint',
    });
  return findings;
}

/** The tax rules and the window on `today`; `at` is where a request field stands in the request. */
function ruled(filing: Filing, figures: LstaFigures, today: string, at: (path: string) => string): Ruled {
  const findings = [...lstaFindings(figures), ...lstaWindowFindings(figures, today, 'period')].map((finding) => ({ ...finding, path: at(finding.path) }));
  return { filing, period: figures.period, findings };
}

function lstaRules(request: LstaRequest, { today }: CheckContext): Ruled | Promise<Ruled> {
  const body = lstaFilingOf(request);
  const filing = { kind: 'lsta', body } as const;
  if (body.xml === undefined) {
    const { period, kennzahlen, flags, business, advisor, tax_number, prior_year_wage_tax } = body;
    const figures: LstaFigures = {
      year: body.year,
      period,
      kennzahlen,
      ...(tax_number !== undefined && { taxNumber: tax_number }),
      ...(flags && { flags }),
      ...(business && { business }),
      ...(advisor && { advisor }),
      ...(prior_year_wage_tax !== undefined && { priorYearWageTax: prior_year_wage_tax }),
    };
    return ruled(filing, figures, today, (path) => path);
  }
  return xmlRules(filing, body, today);
}

async function xmlRules(filing: Filing, body: Extract<LstaFiling, { xml: string }>, today: string): Promise<Ruled> {
  // The XML reader is imported only for a body that carries `xml`, so a function's cold start does
  // without it (BENCHMARKS.md, "Cold starts").
  const { lstaElementOf, lstaPathOf, readLstaNutzdaten } = await import('#shared/forms/lsta/xml-reader.ts');
  const read = await readLstaNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: read.findings };
  const figures = { ...read.figures, ...(body.prior_year_wage_tax !== undefined && { priorYearWageTax: body.prior_year_wage_tax }) };
  // The rules speak of request fields; in the caller's XML the same figures are its elements. The
  // period is ticket metadata, so it is taken from the XML that carries it.
  const checked = ruled(filing, figures, today, (path) => `xml.${lstaElementOf(path, body.year)}`);
  checked.findings.push(...nutzdatenFindings(read.figures), ...identifierFindings(lstaIdentifiers, read.tree, body, lstaPathOf));
  return checked;
}

/** ERiC's rules of what the service writes itself but a caller's own Nutzdaten must carry. */
export function nutzdatenFindings(figures: LstaReadFigures): Finding[] {
  const findings = frameFindings(figures);
  const path = `xml.${herstellerId.name}`;
  if (figures.herstellerId === undefined)
    findings.push(
      ...ericFinding('LStA_Kz09_Pflichtfeld', figures.year, {
        path,
        code: 'REQUIRED',
        message: 'is required: the Hersteller-ID of the software that made the data',
      }),
    );
  // A Kz09 left out has no five digits either: ERiC names both rules.
  if ((figures.herstellerId?.length ?? 0) !== 5 && (figures.business || figures.advisor || figures.advisor_client))
    findings.push(
      ...ericFinding('LStA_Laenge_Kz09', figures.year, {
        path,
        code: 'KZ09_HERSTELLER_ID_ALONE',
        message: 'must be the five-digit Hersteller-ID alone when Unternehmer, Berater or Mandant are given',
      }),
    );
  return findings;
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<LstaRequest> = {
  facts: lstaFacts,
  schema: lstaSchema,
  rules: lstaRules,
  ruleOf: (finding) => requiredRuleOf(finding, { tax_number: 'LStA_Steuernummer_Pflichtfeld', period: 'LStA_Zeitraum_Pflichtfeld' }),
};

export const checkLsta = (input: unknown, context: CheckContext) => checkForm(form, input, context);
