import * as z from 'zod/mini';
import { isError, type Finding, type UstvaType } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import { liveFindings, type NamedIdnr } from '#shared/forms/accepted.ts';
import type { Filing } from '#shared/forms/filing.ts';

/**
 * The filing a body makes and what the tax rules find in it; `period` and `type` are ticket metadata
 * of a UStVA, from its fields or its XML; `xmlIdnrs` the IdNrs a caller's XML names, for the live guard.
 */
export type Ruled = { filing: Filing; period?: string; type?: UstvaType; xmlIdnrs?: readonly NamedIdnr[]; findings: Finding[] };

/** A body that passed (no finding is an error; hints may remain), or the findings that refuse it. */
export type Checked = (Ruled & { datenartVersion: string }) | { filing?: undefined; findings: Finding[]; datenartVersion?: string };

/** A form: its schema, and the tax rules that run once the body has its shape. */
export interface Form<T> {
  facts: FormFacts;
  schema: z.ZodMiniType<T>;
  /** A promise where the body is the caller's own XML, whose schema structure is read when first needed. */
  rules(body: T): Ruled | Promise<Ruled>;
}

/**
 * What `POST /v2/{kind}` and `POST /v2/{kind}/validate` both run. Each kind is its own module
 * (ustva/check.ts, est/check.ts), so a function loads the rules of its own form only.
 */
export async function checkForm<T>(form: Form<T>, input: unknown): Promise<Checked> {
  const parsed = z.safeParse(form.schema, input, { reportInput: true });
  if (!parsed.success) {
    const year = (input as { year?: unknown } | null)?.year;
    const known = typeof year === 'number' && form.facts.years.includes(year);
    return { findings: findingsOf(parsed.error), ...(known && { datenartVersion: form.facts.datenartVersion(year) }) };
  }
  const ruled = await form.rules(parsed.data);
  const { findings } = ruled;
  findings.push(...liveFindings(ruled.filing.body, ruled.xmlIdnrs));
  const version = form.facts.datenartVersion(ruled.filing.body.year);
  return findings.some(isError) ? { findings, datenartVersion: version } : { ...ruled, datenartVersion: version };
}
