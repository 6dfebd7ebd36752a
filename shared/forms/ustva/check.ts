import { readUstvaNutzdaten, ustvaElementOf } from '#shared/forms/ustva/xml-reader.ts';
import { ustvaSchema, type UstvaRequest } from '#shared/forms/ustva/schema.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/forms/check.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';

function ustvaRules(body: UstvaRequest): Ruled {
  if (body.xml === undefined) return { body, findings: ustvaFindings({ ...body, period: body.period!, kennzahlen: body.kennzahlen! }) };
  const read = readUstvaNutzdaten(body.xml, body.year);
  if (!read.ok) return { body, findings: read.findings };
  // The rules speak of request fields; in the caller's XML the same figures are its elements.
  const findings = ustvaFindings(read.figures).map((finding) => ({ ...finding, path: `xml.${ustvaElementOf(finding.path)}` }));
  findings.push(...taxNumberAgrees(body.tax_number, read.figures.taxNumber, 'xml.Steuernummer'));
  // The period is ticket metadata, so it is taken from the XML that carries it.
  return { body: { ...body, period: read.figures.period }, findings };
}

const ustva: Form<UstvaRequest> = { kind: 'ustva', schema: ustvaSchema, rules: ustvaRules };

export const checkUstva = (input: unknown) => checkForm(ustva, input);
