// zod/mini rather than zod's chained API: the same validation at a twentieth of the bundle, which
// every submit function would otherwise load on its cold start.
import * as z from 'zod/mini';
import { certificateIdPattern } from '#shared/domain/certificate.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { xmlDeclaredFields } from '#shared/forms/identifiers.ts';
import { elsterCharsetProblem, elsterTextPattern } from '#shared/tax/elster-charset.ts';
import { idnrProblem } from '#shared/tax/idnr.ts';
import type { Problem } from '#shared/tax/problem.ts';
import { lands } from '#shared/tax/lands.ts';
import { elsterTaxNumber, taxNumberProblem, taxOfficeProblem } from '#shared/tax/tax-number.ts';
import { widnrProblem } from '#shared/tax/widnr.ts';

// Money arrives as a JSON number or a decimal string (the OpenAPI document: "1200.50"); the strings keep
// cents exact where a float might not. Both forms stay below 10^digits euros (a trillion for most
// amounts): beyond that a number has lost its cents, and no return declares it. The bounds are
// exclusive checks, so the OpenAPI document shows them.
export const amountBelow = (digits: number, error: string) =>
  z.union([z.number().check(z.gt(-(10 ** digits)), z.lt(10 ** digits)), z.string().check(z.regex(new RegExp(`^-?\\d{1,${digits}}(\\.\\d{1,2})?$`)))], {
    error,
  });
export const moneyDigits = 12;
export const money = amountBelow(moneyDigits, 'must be an amount in euros below one trillion: a number or a decimal string like "1200.50"');

/** So many keys a record of the body (`kennzahlen`, `deductions`) takes at most. */
export const maxRecordKeys = 100;

/**
 * A record whose keys are counted before any of them is checked: each refused key or value costs
 * zod some microseconds, and a body of 1 MiB holds over 100,000 of them. Above `maxRecordKeys` the
 * record is one finding, `OUT_OF_RANGE`.
 */
export const boundedRecord = <Key extends z.core.$ZodRecordKey, Value extends z.core.SomeType>(key: Key, value: Value) =>
  z.pipe(
    z.transform((input: unknown, context) => {
      const keys = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.keys(input).length : 0;
      if (keys > maxRecordKeys) {
        const limit = `at most ${maxRecordKeys} keys`;
        context.issues.push(problemIssue({ code: 'OUT_OF_RANGE', message: `has ${keys} keys, but takes ${limit}`, expected: limit }, input));
      }
      return input;
    }),
    z.record(key, value),
  );

/** Turns a tax rule's verdict into a zod issue that keeps the rule's code (see findingsOf). */
export function problemIssue(problem: Problem, input: unknown, path: PropertyKey[] = []) {
  return {
    code: 'custom' as const,
    message: problem.message,
    input,
    path,
    params: { code: problem.code, ...(problem.expected !== undefined && { expected: problem.expected }) },
  };
}

/** A check that asks a tax rule about the value. */
export const passes = <T>(problemOf: (value: T) => Problem | undefined) =>
  z.superRefine<T>((value, context) => {
    const problem = problemOf(value);
    if (problem) context.addIssue(problemIssue(problem, value));
  });

/** What the OpenAPI document says of the two fields of a tax number in the Land's own notation. */
export const taxNumberParts = {
  state: 'The Land whose notation `number` is written in, as its two-letter code',
  number: "The tax number as that Land's tax office writes it, such as `181/815/08155` in Bavaria",
};

// The caller's tax number, in ELSTER's 13 digits or in the Land's own notation, leaves the check
// as ELSTER's 13 digits: everything after it (tickets, XML, the live guard) knows only that form.
export const taxNumber = z.pipe(
  z.union(
    [z.string(), z.strictObject({ state: z.enum(lands, { error: `must be a Land code: ${lands.join(', ')}` }), number: z.string().check(z.maxLength(20)) })],
    {
      error: 'must be the 13-digit ELSTER tax number, or { "state": "BY", "number": "181/815/08155" } in the Land\'s own notation',
    },
  ),
  z.transform((value, context) => {
    const converted = typeof value === 'string' ? { elster: value } : elsterTaxNumber(value.state, value.number);
    const problem = 'problem' in converted ? converted.problem : taxNumberProblem(converted.elster);
    if (problem) {
      context.issues.push(problemIssue(problem, value));
      return z.NEVER;
    }
    return (converted as { elster: string }).elster;
  }),
);

export const taxOffice = z.string().check(passes(taxOfficeProblem));
export const idnr = z.string().check(passes(idnrProblem));

/** The Wirtschafts-Identifikationsnummer as ELSTER's forms take it from 2025 (UStVA-2025.xsd WIdNr, E50-2025.xsd E3000401). */
export const widnrText = { minLength: 11, maxLength: 11, pattern: /^DE[0-9]{9}$/ };
export const widnr = z.string().check(
  z.minLength(widnrText.minLength),
  z.maxLength(widnrText.maxLength),
  z.regex(widnrText.pattern, { error: `must match ${widnrText.pattern.source}` }),
  // Its check digit once its form holds, as ERiC's ungueltigeWirtschaftsIdentifikationsnummer checks it.
  passes((value: string) => (widnrText.pattern.test(value) ? widnrProblem(value) : undefined)),
);

/**
 * The IdNrs a caller's XML names, declared beside it: the XML may name no other
 * (shared/forms/identifiers.ts). Only with `xml`; structured fields carry them where they belong.
 */
export const declaredIdnrs = { idnr: z.optional(idnr), spouse_idnr: z.optional(idnr) };

// Free text takes only the characters ELSTER accepts: ERiC would refuse any other only once the
// return is sent, and an invisible or bidirectional control character could make a name read
// otherwise than it is filed. The pattern shows the set in the OpenAPI document.
const inElsterCharset = [passes<string>(elsterCharsetProblem), z.meta({ pattern: elsterTextPattern })] as const;

/**
 * Builds what it is asked for once per distinct arguments and hands out that one each time after:
 * the forms ask for the same `text(100)` hundreds of times, and the income tax schema built some
 * 1,900 zod schemas and checks at import for 36 distinct leaves (cold start, BENCHMARKS.md "Cold
 * starts"). What is shared must carry nothing of one field: the OpenAPI document describes fields
 * on their objects, never on a leaf schema.
 */
export function builtOncePer<Args extends readonly (string | number | undefined | Readonly<Record<string, string>>)[], T>(
  build: (...args: Args) => T,
): (...args: Args) => T {
  const built = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = built.get(key);
    if (value === undefined) built.set(key, (value = build(...args)));
    return value;
  };
}

/** A schema made optional, one wrapper per schema, as the schemas it wraps are shared (builtOncePer). */
export function optionalOf<T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<T> {
  let optional = optionals.get(schema) as z.ZodMiniOptional<T> | undefined;
  if (!optional) optionals.set(schema, (optional = z.optional(schema)));
  return optional;
}
const optionals = new WeakMap<z.ZodMiniType, z.ZodMiniOptional>();

/** A string of at most `max` characters (and at least `min`), all in ELSTER's character set. */
export const text = builtOncePer((max: number, min: number = 0) => z.string().check(z.minLength(min), z.maxLength(max), ...inElsterCharset));

/**
 * A year whose form steuerbote knows; which of them is open today is the tax rules' part, and so is
 * why a year beyond them cannot be filed today (checkForm in shared/forms/check.ts).
 */
export const formYear = (facts: FormFacts) =>
  z.number({ error: 'must be a year such as 2025' }).check(
    z.int({ error: 'must be a whole year' }),
    z.superRefine((year: number, context) => {
      if (!Number.isInteger(year) || facts.years.includes(year)) return;
      context.addIssue(problemIssue({ code: 'INVALID_VALUE', message: `must be one of the years whose form is supported: ${facts.years.join(', ')}` }, year));
    }),
  );

export const common = {
  test: z._default(z.boolean({ error: 'must be true or false' }), true),
  client_reference: z.optional(z.string().check(z.maxLength(100, { error: 'must be at most 100 characters' }), ...inElsterCharset)),
  // Which of the client's certificates signs: checked against the client's certificates on submission.
  certificate_id: z.optional(z.string().check(z.regex(certificateIdPattern, { error: 'must be a certificate ID such as crt_…, from POST /v2/certificates' }))),
  // Asks the tax office for its Bescheiddaten (Vorsatz/Rueckuebermittlung/Bescheid "1" where the form's
  // Vorsatz has it): they come to the mailbox of the certificate that signs (docs/notices.md).
  bescheiddaten: z.optional(z.boolean({ error: 'must be true or false' })),
};

/**
 * The caller's own Nutzdaten element instead of the structured fields; its size, DTDs and
 * entities are checked when it is parsed, so here only the string itself is bounded.
 */
export const nutzdatenXml = z.string().check(z.minLength(1), z.maxLength(512 * 1024));

/** A check on the whole body that runs even when some fields failed, so all findings come at once. */
export const alongsideFieldChecks = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null } as never;

type Context = { addIssue(issue: ReturnType<typeof problemIssue>): void };

export function requireField(context: Context, field: string, message = 'is required'): void {
  context.addIssue(problemIssue({ code: 'REQUIRED', message }, undefined, [field]));
}

/**
 * A field renamed, its old name still taken for a while: the old name alone stands for the new one,
 * both must agree (422 `FIELD_ALIAS_CONFLICT` at the new one, naming the old path in `expected`),
 * and one of them is required. `at` is the block's path (`business`).
 */
export function renamedField(context: Context, at: readonly string[], block: Readonly<Record<string, unknown>>, field: string, alias: string): void {
  const [value, old] = [block[field], block[alias]];
  const path = (name: string) => [...at, name].join('.');
  if (value === undefined && old === undefined) requireField(context, path(field));
  else if (value !== undefined && old !== undefined && value !== old)
    context.addIssue(
      problemIssue(
        { code: 'FIELD_ALIAS_CONFLICT', message: `and ${path(alias)}, its former name, are both given and differ: give ${field} alone`, expected: path(alias) },
        value,
        [...at, field],
      ),
    );
}

/** Structured fields beside the caller's own XML would leave what is sent in doubt. */
export function refuseBesideXml(context: Context, body: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) {
    const value = body[field];
    if (value == null || (Array.isArray(value) && value.length === 0)) continue;
    context.addIssue(problemIssue({ code: 'XML_WITH_FIELDS', message: 'must be left out when xml is given: the XML carries it' }, value, [field]));
  }
}

/** Fields that declare what a caller's XML names: without `xml` they would declare nothing; `instead` says where the structured fields carry them. */
export function refuseWithoutXml(context: Context, body: Record<string, unknown>, fields: readonly string[], instead: string): void {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined) continue;
    context.addIssue(problemIssue({ code: 'FIELD_ONLY_WITH_XML', message: `declares what xml names and is given only with it: ${instead}` }, value, [field]));
  }
}

/**
 * What a request of a form whose body is its ELSTER element must have (element-body.ts): a tax number
 * or, for a first return where the form allows one (`byTaxOffice`), a tax office; then either the
 * caller's `xml` alone, or the `required` parts (each with why), the IdNrs and W-IdNr named in the
 * parts (`instead`) rather than beside them.
 */
export function elementRequestRefinement(parts: readonly string[], required: Readonly<Record<string, string>>, instead: string, { byTaxOffice = true } = {}) {
  return z.superRefine((body: Record<string, unknown>, context) => {
    // Without a first return by office, the field's own check names a missing tax number.
    if (byTaxOffice && body.tax_number === undefined && body.tax_office === undefined)
      requireField(context, 'tax_number', 'give tax_number, or tax_office for a first return');
    if (body.xml !== undefined) return refuseBesideXml(context, body, parts);
    refuseWithoutXml(context, body, xmlDeclaredFields, instead);
    for (const [part, why] of Object.entries(required)) if (body[part] === undefined) requireField(context, part, `is required: ${why}`);
  }, alongsideFieldChecks);
}

export const isoDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
