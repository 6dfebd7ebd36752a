import { readUstvaNutzdaten, ustvaElementOf } from '#shared/forms/ustva/xml-reader.ts';
import { ustvaFilingOf, ustvaSchema, type UstvaFiling, type UstvaRequest } from '#shared/forms/ustva/schema.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/forms/check.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';
import { kz38From, specialFindings } from '#shared/forms/ustva/special-filings.ts';
import { ustvaPeriodFindings } from '#shared/forms/filing-window.ts';
import { today } from '#shared/config.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import type { SpecialFigures, UstvaFigures } from '#shared/forms/ustva/model.ts';

const periodPattern = /^(0[1-9]|1[0-2]|4[1-4])$/;
type Filing = Ruled['filing'];

/** The tax rules, and whether the period is open today; `at` is where a request field stands in the request. */
function ruled(filing: Filing, figures: UstvaFigures, at: (path: string) => string): Ruled {
  const findings: Finding[] = ustvaFindings(figures).map((finding) => ({ ...finding, path: at(finding.path) }));
  if (periodPattern.test(figures.period)) findings.push(...ustvaPeriodFindings(figures.year, figures.period, today(), at('period')));
  return { filing, period: figures.period, findings };
}

/** A Dauerfristverlängerung or Sondervorauszahlung as its rules read it; Kz 38 computed when the caller sent last year's total. */
function specialFiguresOf(body: Extract<UstvaFiling, { type: 'dauerfristverlaengerung' | 'sondervorauszahlung'; xml?: undefined }>): SpecialFigures {
  const flags = body.flags && { flags: body.flags };
  if (body.type === 'dauerfristverlaengerung') return { type: body.type, year: body.year, ...flags };
  const kz38 = body.kennzahlen?.kz38 ?? (body.prepayments_prior_year === undefined ? undefined : kz38From(body.prepayments_prior_year));
  return { type: body.type, year: body.year, ...flags, ...(kz38 !== undefined && { kz38 }) };
}

function ustvaRules(request: UstvaRequest): Ruled | Promise<Ruled> {
  const body = ustvaFilingOf(request);
  const filing = { kind: 'ustva', body } as const;
  if (body.xml === undefined) {
    if (body.type === 'voranmeldung') return ruled(filing, body, (path) => path);
    return { filing, findings: specialFindings(specialFiguresOf(body), today()) };
  }
  return xmlRules(filing, body.xml, body.year, body.tax_number, body.type);
}

async function xmlRules(filing: Filing, xml: string, year: number, taxNumber: string | undefined, type: UstvaFiling['type']): Promise<Ruled> {
  const read = await readUstvaNutzdaten(xml, year);
  if (!read.ok) return { filing, findings: read.findings };
  // The rules speak of request fields; in the caller's XML the same figures are its elements. The
  // period is ticket metadata, so it is taken from the XML that carries it.
  const xmlPath = (path: string) => `xml.${ustvaElementOf(path)}`;
  const { figures } = read;
  const checked = figures.type === 'voranmeldung' ? ruled(filing, figures, xmlPath) : { filing, findings: specialFindings(figures, today(), xmlPath) };
  checked.findings.push(...taxNumberAgrees(taxNumber, figures.taxNumber, 'xml.Steuernummer'));
  if (figures.type !== type) {
    checked.findings.push({ path: 'type', code: 'XML_TYPE_MISMATCH', message: `must name the filing the XML holds: ${figures.type}`, expected: figures.type });
  }
  return checked;
}

const ustva: Form<UstvaRequest> = { kind: 'ustva', schema: ustvaSchema, rules: ustvaRules };

export const checkUstva = (input: unknown) => checkForm(ustva, input);
