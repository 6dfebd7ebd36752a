import { readUstvaNutzdaten, ustvaElementOf } from '#shared/forms/ustva/xml-reader.ts';
import { ustvaFilingOf, ustvaSchema, type UstvaRequest } from '#shared/forms/ustva/schema.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/forms/check.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';
import { ustvaPeriodFindings } from '#shared/forms/filing-window.ts';
import { today } from '#shared/config.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';

const periodPattern = /^(0[1-9]|1[0-2]|4[1-4])$/;

/** The tax rules, and whether the period is open today; `at` is where the period stands in the request. */
function ruled(filing: Ruled['filing'], figures: UstvaFigures, at: (path: string) => string): Ruled {
  const findings: Finding[] = ustvaFindings(figures).map((finding) => ({ ...finding, path: at(finding.path) }));
  if (periodPattern.test(figures.period)) findings.push(...ustvaPeriodFindings(figures.year, figures.period, today(), at('period')));
  return { filing, period: figures.period, findings };
}

function ustvaRules(request: UstvaRequest): Ruled {
  const body = ustvaFilingOf(request);
  const filing = { kind: 'ustva', body } as const;
  if (body.xml === undefined) return ruled(filing, body, (path) => path);
  const read = readUstvaNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: read.findings };
  // The rules speak of request fields; in the caller's XML the same figures are its elements. The
  // period is ticket metadata, so it is taken from the XML that carries it.
  const checked = ruled(filing, read.figures, (path) => `xml.${ustvaElementOf(path)}`);
  checked.findings.push(...taxNumberAgrees(body.tax_number, read.figures.taxNumber, 'xml.Steuernummer'));
  return checked;
}

const ustva: Form<UstvaRequest> = { kind: 'ustva', schema: ustvaSchema, rules: ustvaRules };

export const checkUstva = (input: unknown) => checkForm(ustva, input);
