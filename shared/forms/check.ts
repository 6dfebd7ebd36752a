import * as z from 'zod/mini';
import { isError, type Finding, type Kind } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import { liveFindings, type NamedIdnr } from '#shared/forms/accepted.ts';
import type { Filing } from '#shared/forms/filing.ts';
import { dissolvedOfficeFindings } from '#shared/forms/tax-office.ts';
import { yearFindings } from '#shared/forms/years.ts';

/**
 * What a check is handed of the day and the stage, rather than reading configuration or the clock:
 * `today` (YYYY-MM-DD, in Berlin) decides which years and periods are open, and a live filing
 * (`test: false`) needs the stage to allow live submissions.
 */
export interface CheckContext {
  today: string;
  liveSubmissionsAllowed: boolean;
  /**
   * The caller's notice by its ID, where the form's functions read notices (an appeal's `notice_id`,
   * shared/wiring/named-notice.ts); undefined for one unknown, deleted or another client's.
   */
  notice?: (noticeId: string) => Promise<NamedNotice | undefined>;
  /**
   * The caller's upload by its ID, where the form's functions read them (a letter's `anhaenge`,
   * shared/wiring/named-attachments.ts); undefined for one unknown, expired or another client's.
   */
  attachment?: (attachmentId: string) => Promise<NamedAttachment | undefined>;
}

/** An upload of the caller's as a letter names it: what was announced, whether it was used, and its bytes, absent while none are uploaded. */
export interface NamedAttachment {
  name: string;
  size: number;
  /** Hex. */
  sha256: string;
  used: boolean;
  bytes?: Buffer;
}

/**
 * What a form's `prepare` makes of a body: the body completed, with the uploads it named
 * (`attachments`, their IDs) for the submission to mark used, or the findings that refuse it.
 */
export type Prepared = { input: unknown; attachments?: readonly string[] } | { findings: Finding[] };

/** A notice of the caller's as a body that names it takes it: what the notice, its data package and the filing it answers say. */
export interface NamedNotice {
  datenart: string;
  /** The form of the steuerbote filing it answers, where it answers one. */
  kind?: Kind;
  year?: number;
  /** Masked but for the last four digits, as the notice keeps it. */
  tax_number_masked?: string;
  tax_office?: string;
  /** The whole tax number, where the notice's data package names it. */
  tax_number?: string;
  /** The Bescheid's date (YYYY-MM-DD), where the record names one. */
  date?: string;
}

/**
 * The filing a body makes and what the tax rules find in it. `period` and `type` are what the ticket
 * says of it, from its fields or its XML: the period it is for, where its form files by period, and
 * which of its form's filings it is (FormFacts `filings`). `xmlIdnrs` are the IdNrs a caller's XML
 * names, for the live guard; `attachments` the IDs of the uploads the body named (Prepared).
 */
export type Ruled = { filing: Filing; period?: string; type?: string; xmlIdnrs?: readonly NamedIdnr[]; findings: Finding[]; attachments?: readonly string[] };

/** A body that passed (no finding is an error; hints may remain), or the findings that refuse it. */
export type Checked = (Ruled & { datenartVersion: string }) | { filing?: undefined; findings: Finding[]; datenartVersion?: string };

/** A form: its schema, and the tax rules that run once the body has its shape. */
export interface Form<T> {
  facts: FormFacts;
  schema: z.ZodMiniType<T>;
  /** A promise where the body is the caller's own XML, whose schema structure is read when first needed. */
  rules(body: T, context: CheckContext): Ruled | Promise<Ruled>;
  /**
   * What the body takes from something of the caller's the service keeps (an appeal from the notice
   * it names), filled in before the schema: the body so completed, or the findings that refuse it.
   */
  prepare?(input: unknown, context: CheckContext): Promise<Prepared>;
  /**
   * ERiC's rule that a finding of the service's own code stands for, where the form's workbook names
   * one (a field the request schema or the XSD requires, which the workbook makes a Pflicht rule):
   * the finding carries it in `rule`.
   */
  ruleOf?(finding: Finding, input: unknown): string | undefined;
}

/** The findings, each with the rule of ERiC's it stands for where the form names one. */
function named<T>(form: Form<T>, input: unknown, findings: Finding[]): Finding[] {
  const ruleOf = form.ruleOf;
  if (!ruleOf) return findings;
  const all = findings.map((finding) => {
    const rule = finding.rule ?? ruleOf(finding, input);
    return rule === undefined ? finding : { ...finding, rule };
  });
  // A workbook rule that says again what a finding of the service's own code now names is one refusal.
  const said = new Set(all.filter(({ code, rule }) => rule !== undefined && code !== 'ERIC_RULE').map(({ path, rule }) => `${path} ${rule}`));
  return all.filter(({ code, path, rule }) => code !== 'ERIC_RULE' || !said.has(`${path} ${rule}`));
}

/**
 * What `POST /v2/{kind}` and `POST /v2/{kind}/validate` both run. Each kind is its own module
 * (ustva/check.ts, est/check.ts), so a function loads the rules of its own form only.
 */
export async function checkForm<T>(form: Form<T>, given: unknown, context: CheckContext): Promise<Checked> {
  const prepared = form.prepare ? await form.prepare(given, context) : { input: given };
  if ('findings' in prepared) return { findings: prepared.findings };
  const { input, attachments } = prepared;
  const parsed = z.safeParse(form.schema, input, { reportInput: true });
  if (!parsed.success) {
    const year = (input as { year?: unknown } | null)?.year;
    const known = typeof year === 'number' && form.facts.years.includes(year);
    const findings = findingsOf(parsed.error, form.schema);
    return {
      findings: named(
        form,
        input,
        typeof year === 'number' && !known ? findings.map((finding) => yearOutside(form.facts, year, finding, context.today)) : findings,
      ),
      ...(known && { datenartVersion: form.facts.datenartVersion(year) }),
    };
  }
  const ruled = await form.rules(parsed.data, context);
  const findings = named(form, input, ruled.findings);
  findings.push(...dissolvedOfficeFindings(ruled.filing.body, ruled.period));
  findings.push(...liveFindings(ruled.filing.body, context.liveSubmissionsAllowed, ruled.xmlIdnrs));
  const version = form.facts.datenartVersion(ruled.filing.body.year);
  if (findings.some(isError)) return { findings, datenartVersion: version };
  return { ...ruled, findings, datenartVersion: version, ...(attachments && { attachments }) };
}

/**
 * A year beyond those whose form steuerbote knows is named by why it cannot be filed today
 * (shared/forms/years.ts: closed, not yet open, or unsupported); the schema, which knows no day,
 * names it only as no year of the form (formYear).
 */
function yearOutside(facts: FormFacts, year: number, finding: Finding, today: string): Finding {
  if (finding.path !== 'year' || !Number.isInteger(year)) return finding;
  return yearFindings(facts, year, today)[0] ?? finding;
}
