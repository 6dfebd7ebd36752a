import * as z from 'zod/mini';
import { isError, type Finding, type Kind } from '#shared/domain/ticket.ts';
import { datenartVersion, isSupportedYear } from '#shared/domain/years.ts';
import { readEstNutzdaten } from '#shared/elster/est-read.ts';
import { readUstvaNutzdaten } from '#shared/elster/ustva-read.ts';
import { estSchema, type EstRequest } from '#shared/schemas/est.ts';
import { ustvaSchema, type UstvaRequest } from '#shared/schemas/ustva.ts';
import { findingsOf } from '#shared/schemas/validate.ts';
import { estFindings, type EstReturn } from '#shared/tax/est-rules.ts';
import { ustvaFindings } from '#shared/tax/ustva-rules.ts';
import { liveFindings, type AcceptedBody } from '#shared/submission/accept.ts';

export interface Checked {
  /** The body as it is stored and sent; only when no finding is an error. */
  body?: AcceptedBody;
  /** Errors and hints, every one the body has. */
  findings: Finding[];
  datenartVersion?: string;
}

/** What `POST /v2/{kind}` and `POST /v2/{kind}/validate` both run: the form's schema, then its tax rules. */
export function checkSubmission(kind: Kind, input: unknown): Checked {
  const parsed = z.safeParse(kind === 'ustva' ? ustvaSchema : estSchema, input, { reportInput: true });
  if (!parsed.success) {
    const year = (input as { year?: unknown } | null)?.year;
    return { findings: findingsOf(parsed.error), ...(typeof year === 'number' && isSupportedYear(year) && { datenartVersion: datenartVersion(kind, year) }) };
  }
  const { body, findings } = kind === 'ustva' ? ustvaRules(parsed.data as UstvaRequest) : estRules(parsed.data as EstRequest);
  findings.push(...liveFindings(body));
  return { ...(!findings.some(isError) && { body }), findings, datenartVersion: datenartVersion(kind, body.year) };
}

type Ruled = { body: AcceptedBody; findings: Finding[] };

function ustvaRules(body: UstvaRequest): Ruled {
  if (body.xml === undefined) return { body, findings: ustvaFindings({ ...body, period: body.period!, kennzahlen: body.kennzahlen! }) };
  const read = readUstvaNutzdaten(body.xml, body.year);
  if (!read.ok) return { body, findings: read.findings };
  // The rules speak of request fields; in the caller's XML the same figures are its elements.
  const findings = ustvaFindings(read.figures).map((finding) => ({ ...finding, path: xmlPathOf(finding.path) }));
  findings.push(...taxNumberAgrees(body.tax_number, read.figures.taxNumber));
  // The period is ticket metadata, so it is taken from the XML that carries it.
  return { body: { ...body, period: read.figures.period }, findings };
}

function estRules(body: EstRequest): Ruled {
  if (body.xml === undefined) return { body, findings: estFindings(body as EstReturn) };
  const read = readEstNutzdaten(body.xml, body.year);
  if (!read.ok) return { body, findings: read.findings };
  return { body, findings: read.taxNumber === undefined ? [] : taxNumberAgrees(body.tax_number, read.taxNumber) };
}

function xmlPathOf(requestPath: string): string {
  const kennzahl = /^kennzahlen\.kz(\d{2})$/.exec(requestPath);
  if (kennzahl) return `xml.Kz${kennzahl[1]}`;
  return requestPath === 'period' ? 'xml.Zeitraum' : `xml.${requestPath}`;
}

function taxNumberAgrees(given: string | undefined, inXml: string): Finding[] {
  if (given === undefined || given === inXml) return [];
  return [{ path: 'xml.Steuernummer', code: 'XML_TAX_NUMBER_MISMATCH', message: 'must be the tax number given in tax_number', expected: given }];
}
