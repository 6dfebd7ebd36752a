import * as z from 'zod/mini';
import { isError, type Finding, type Kind } from '#shared/domain/ticket.ts';
import { datenartVersion, isSupportedYear } from '#shared/domain/years.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import { type AcceptedBody, liveFindings } from '#shared/forms/accepted.ts';

export interface Checked {
  /** The body as it is stored and sent; only when no finding is an error. */
  body?: AcceptedBody;
  /** Errors and hints, every one the body has. */
  findings: Finding[];
  datenartVersion?: string;
}

/** The body as stored and sent, and what the tax rules find in it. */
export type Ruled = { body: AcceptedBody; findings: Finding[] };

/** A form: its schema, and the tax rules that run once the body has its shape. */
export interface Form<T> {
  kind: Kind;
  schema: z.ZodMiniType<T>;
  rules(body: T): Ruled;
}

/**
 * What `POST /v2/{kind}` and `POST /v2/{kind}/validate` both run. Each kind is its own module
 * (ustva/check.ts, est/check.ts), so a function loads the rules of its own form only.
 */
export function checkForm<T>(form: Form<T>, input: unknown): Checked {
  const parsed = z.safeParse(form.schema, input, { reportInput: true });
  if (!parsed.success) {
    const year = (input as { year?: unknown } | null)?.year;
    const known = typeof year === 'number' && isSupportedYear(year);
    return { findings: findingsOf(parsed.error), ...(known && { datenartVersion: datenartVersion(form.kind, year) }) };
  }
  const { body, findings } = form.rules(parsed.data);
  findings.push(...liveFindings(body));
  return { ...(!findings.some(isError) && { body }), findings, datenartVersion: datenartVersion(form.kind, body.year) };
}

/**
 * The caller's own XML must be the return of the tax number the request names, which tickets,
 * metadata and the protocol show: the same number, or none in either (a first return).
 */
export function taxNumberAgrees(given: string | undefined, inXml: string | undefined, path: string): Finding[] {
  if (given === inXml) return [];
  if (given === undefined)
    return [{ path, code: 'XML_TAX_NUMBER_MISMATCH', message: 'must be left out when the request names no tax_number (a first return, filed by tax_office)' }];
  return [{ path, code: 'XML_TAX_NUMBER_MISMATCH', message: 'must be the tax number given in tax_number', expected: given }];
}
