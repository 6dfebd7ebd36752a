import { ustvaFilingOf, ustvaSchema, type UstvaFiling, type UstvaRequest } from '#shared/forms/ustva/schema.ts';
import { checkForm, type CheckContext, type Form, type Ruled } from '#shared/forms/check.ts';
import { identifierFindings } from '#shared/forms/identifiers.ts';
import { ustvaIdentifiers } from '#shared/forms/ustva/identifiers.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';
import { kz38From, specialFindings } from '#shared/forms/ustva/special-filings.ts';
import { nutzdatenFindings } from '#shared/forms/ustva/nutzdaten-rules.ts';
import { periodFindings } from '#shared/forms/filing-window.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { requiredRuleOf } from '#shared/forms/anmeldungssteuern.ts';
import type { SpecialFigures, UstvaFigures } from '#shared/forms/ustva/model.ts';

const periodPattern = /^(0[1-9]|1[0-2]|4[1-4])$/;
type Filing = Ruled['filing'];

// ERiC's hints on the period (shared/elster/rules/Jahresdokumentation_UStVA_2025.xml): one not yet
// begun the service refuses outright, since the tax office could not take it; one not yet ended is
// a hint here too.
const periodRules: Record<string, string> = { PERIOD_NOT_BEGUN: 'UStVA_Zeitraum_Zukunft', PERIOD_NOT_ENDED: 'UStVA_Zeitraum_nicht_beendet' };

/** The tax rules, and whether the period is open `today`; `at` is where a request field stands in the request. */
function ruled(filing: Filing, figures: UstvaFigures, today: string, at: (path: string) => string): Ruled {
  const findings: Finding[] = ustvaFindings(figures).map((finding) => ({ ...finding, path: at(finding.path) }));
  if (periodPattern.test(figures.period))
    findings.push(...periodFindings(figures.year, figures.period, today, at('period')).map((finding) => ({ ...finding, rule: periodRules[finding.code] })));
  return { filing, period: figures.period, type: 'voranmeldung', findings };
}

/** A Dauerfristverlängerung or Sondervorauszahlung as its rules read it; Kz 38 computed when the caller sent last year's total. */
function specialFiguresOf(body: Extract<UstvaFiling, { type: 'dauerfristverlaengerung' | 'sondervorauszahlung'; xml?: undefined }>): SpecialFigures {
  const about = {
    year: body.year,
    ...(body.flags && { flags: body.flags }),
    ...(body.business && { business: body.business }),
    ...(body.advisor && { advisor: body.advisor }),
  };
  if (body.type === 'dauerfristverlaengerung') return { type: body.type, ...about };
  const kz38 = body.kennzahlen?.kz38 ?? (body.prepayments_prior_year === undefined ? undefined : kz38From(body.prepayments_prior_year));
  return { type: body.type, ...about, ...(kz38 !== undefined && { kz38 }) };
}

function ustvaRules(request: UstvaRequest, { today }: CheckContext): Ruled | Promise<Ruled> {
  const body = ustvaFilingOf(request);
  const filing = { kind: 'ustva', body } as const;
  if (body.xml === undefined) {
    if (body.type === 'voranmeldung') return ruled(filing, body, today, (path) => path);
    return { filing, type: body.type, findings: specialFindings(specialFiguresOf(body), today) };
  }
  return xmlRules(filing, body, request, today);
}

async function xmlRules(filing: Filing, body: Extract<UstvaFiling, { xml: string }>, request: UstvaRequest, today: string): Promise<Ruled> {
  // The XML reader is imported only for a body that carries `xml`, so a function's cold start does
  // without it (BENCHMARKS.md, "Cold starts").
  const { readUstvaNutzdaten, ustvaElementOf, ustvaPathOf } = await import('#shared/forms/ustva/xml-reader.ts');
  const read = await readUstvaNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: read.findings };
  // The rules speak of request fields; in the caller's XML the same figures are its elements. The
  // period is ticket metadata, so it is taken from the XML that carries it.
  const xmlPath = (path: string) => `xml.${ustvaElementOf(path)}`;
  const { figures } = read;
  const checked =
    figures.type === 'voranmeldung' ? ruled(filing, figures, today, xmlPath) : { filing, type: body.type, findings: specialFindings(figures, today, xmlPath) };
  checked.findings.push(...nutzdatenFindings(figures), ...identifierFindings(ustvaIdentifiers, read.tree, request, ustvaPathOf));
  if (figures.type !== body.type) {
    checked.findings.push({ path: 'type', code: 'XML_TYPE_MISMATCH', message: `must name the filing the XML holds: ${figures.type}`, expected: figures.type });
  }
  return checked;
}

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<UstvaRequest> = {
  facts: ustvaFacts,
  schema: ustvaSchema,
  rules: ustvaRules,
  ruleOf: (finding, input) => {
    // The Voranmeldung's tax number rule has the form's prefix; that of the two applications has none.
    const voranmeldung = ((input as { type?: unknown } | null)?.type ?? 'voranmeldung') === 'voranmeldung';
    const taxNumber = voranmeldung ? 'UStVA_Steuernummer_Pflichtfeld' : 'Steuernummer_Pflichtfeld';
    return requiredRuleOf(finding, { tax_number: taxNumber, period: 'UStVA_Zeitraum_Pflichtfeld', 'kennzahlen.kz38': 'Svz_Kz38_Pflichtfeld' });
  },
};

export const checkUstva = (input: unknown, context: CheckContext) => checkForm(form, input, context);
