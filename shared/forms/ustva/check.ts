import { readUstvaNutzdaten, ustvaElementOf } from '#shared/forms/ustva/xml-reader.ts';
import { ustvaFilingOf, ustvaSchema, type UstvaRequest } from '#shared/forms/ustva/schema.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/forms/check.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';

function ustvaRules(request: UstvaRequest): Ruled {
  const body = ustvaFilingOf(request);
  const filing = { kind: 'ustva', body } as const;
  if (body.xml === undefined) return { filing, period: body.period, findings: ustvaFindings(body) };
  const read = readUstvaNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: read.findings };
  // The rules speak of request fields; in the caller's XML the same figures are its elements.
  const findings = ustvaFindings(read.figures).map((finding) => ({ ...finding, path: `xml.${ustvaElementOf(finding.path)}` }));
  findings.push(...taxNumberAgrees(body.tax_number, read.figures.taxNumber, 'xml.Steuernummer'));
  // The period is ticket metadata, so it is taken from the XML that carries it.
  return { filing, period: read.figures.period, findings };
}

const ustva: Form<UstvaRequest> = { kind: 'ustva', schema: ustvaSchema, rules: ustvaRules };

export const checkUstva = (input: unknown) => checkForm(ustva, input);
