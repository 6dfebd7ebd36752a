// The parts of the E10 request the map (shared/forms/est/anlagen/map.ts) does not describe: the
// main form's fields beside the persons (main-form-fields.ts), Anlage N per wage statement and per
// person (employment, n-fields.ts) and Vorsorgeaufwand (vorsorge-fields.ts), generated from the
// request's JSON schema as the OpenAPI document gives it, so that a field added to them is written
// and validated without a line here. Each field starts at the largest value its schema admits
// (texts at their longest, amounts at the most digits, integers at their maximum, arrays at their
// maxItems, enums turning through every value from line to line); where the service's own check
// refuses a value (a limit of the year's form, a rule between fields), the field steps down to its
// next smaller value, and a block the check refuses as a whole is left out. Only the first line of
// an array has its texts at their longest, the others short ones: every count and length is
// reached without documents of megabytes.
import { componentSchemas } from '#shared/openapi/schemas.ts';
import { estFilingOf, estSchema, type EstFiling } from '#shared/forms/est/schema.ts';
import { estFindings } from '#shared/forms/est/rules.ts';
import { estLimitFindings } from '#shared/forms/est/limits.ts';
import { mappedKeys } from '#shared/forms/est/anlagen/mapped.ts';
import { findingsOf } from '#shared/forms/findings.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import * as z from 'zod/mini';
import { elsterText } from '#test/oracle/elster-text.ts';

type Json = Record<string, unknown>;

export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

const request = componentSchemas().EstSubmission as JsonSchema;

// The fields outside these parts: the return's identity and persons, the caller's own XML and the
// IdNrs declared beside it, the Anlagen of the map (est-anlagen.ts), and what the matrix gives by
// hand (a valid IBAN, the deductions' keys, the older pensions).
const elsewhere = new Set([
  'test',
  'year',
  'tax_number',
  'tax_office',
  'client_reference',
  'certificate_id',
  'taxpayer',
  'spouse',
  'joint_assessment',
  'married_since',
  'xml',
  'idnr',
  'spouse_idnr',
  'bank',
  'deductions',
  'pensions',
  ...mappedKeys,
]);

/** The request's top-level fields of the main form, Anlage N and Vorsorgeaufwand, with their schemas. */
export const partFields: readonly [string, JsonSchema][] = Object.entries(request.properties ?? {}).filter(([key]) => !elsewhere.has(key));

/**
 * Values the rules bound together where the check names only one of the fields: the two
 * home-office variants share the year's days (HOME_OFFICE_DAYS_EXCEED_YEAR, anlagen/n.ts).
 */
const together: Record<string, number> = { home_office_days: 150, home_office_days_no_other_workplace: 210 };

/** Texts held to a pattern of their own, not ELSTER's character set alone: an eTIN. */
const patterned = ['MSTRMNER60E17A'];

/** Texts from the longest the schema admits down, in letters and in digits (postal codes, house numbers), or the first patterned one it admits. */
function texts(schema: JsonSchema, name: string, full: boolean): string[] {
  const max = schema.maxLength ?? 20;
  const lengths = [...new Set([max, ...[55, 35, 25, 20, 14, 12, 11, 6, 5, 4, 1].filter((length) => length < max)])].filter((length) => full || length <= 6);
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const fitting = lengths.flatMap((length) => [elsterText(length), '1'.repeat(length)]).filter((text) => !pattern || pattern.test(text));
  const candidates = fitting.length > 0 ? fitting : patterned.filter((text) => pattern?.test(text));
  if (candidates.length === 0) throw new Error(`no sample text for ${name}: add one to patterned in test/oracle/est-parts.ts`);
  return candidates;
}

/** Amounts from the most digits the schema's decimal string admits (or `most`) down, with and without cents. */
function amounts(schema: JsonSchema, most = Infinity): string[] {
  const admitted = Number(/\\d\{1,(\d+)\}/.exec(schema.anyOf?.find((part) => part.type === 'string')?.pattern ?? '')?.[1] ?? 12);
  const digits = Math.min(admitted, most);
  return Array.from({ length: digits }, (_, index) => digits - index).flatMap((count) => [`${'9'.repeat(count)}.99`, '9'.repeat(count)]);
}

/** Whole numbers from the maximum down, halving. */
function integers(schema: JsonSchema): number[] {
  const minimum = schema.minimum ?? 0;
  const values: number[] = [];
  for (let value = schema.maximum ?? 99; value > minimum; value = minimum + Math.floor((value - minimum) / 2)) values.push(value);
  return [...values, minimum];
}

type Node =
  | { kind: 'leaf'; candidates: unknown[]; at: number; dropped?: boolean }
  | { kind: 'object'; fields: Record<string, Node>; dropped?: boolean }
  | { kind: 'array'; items: Node[]; dropped?: boolean };

/** The node of `schema` for the `index`th line of its array (0 outside one): `full`, with its arrays at their maxItems and its texts at their longest; otherwise one line each and short texts. */
function nodeOf(schema: JsonSchema, name: string, part: { key: string; year: number }, index: number, full: boolean): Node {
  const leaf = (candidates: unknown[]): Node => ({ kind: 'leaf', candidates, at: 0 });
  if (schema.properties)
    return {
      kind: 'object',
      fields: Object.fromEntries(Object.entries(schema.properties).map(([key, field]) => [key, nodeOf(field, key, part, index, full)])),
    };
  if (schema.type === 'array' && schema.items) {
    const count = full ? (schema.maxItems ?? 2) : 1;
    return { kind: 'array', items: Array.from({ length: count }, (_, line) => nodeOf(schema.items!, name, part, line, full && line === 0)) };
  }
  if (schema.enum) return leaf(schema.enum.map((_, turn) => schema.enum![(index + turn) % schema.enum!.length]));
  if (schema.anyOf?.some((option) => option.type === 'number')) return leaf(amounts(schema));
  if (schema.type === 'boolean') return leaf([true, false]);
  if (schema.type === 'integer') return leaf(Object.hasOwn(together, name) ? [together[name], ...integers(schema)] : integers(schema));
  if (schema.type === 'string' && schema.format === 'date') return leaf([`${part.year}-01-01`]);
  if (schema.type === 'string') return leaf(texts(schema, name, full));
  throw new Error(`no sample value for ${name}: ${JSON.stringify(schema)}`);
}

const live = (node: Node | undefined) => node !== undefined && !node.dropped;

/** The JSON a node stands for; undefined where it is left out. */
function valueOf(node: Node): unknown {
  if (node.dropped) return undefined;
  if (node.kind === 'leaf') return node.candidates[node.at];
  if (node.kind === 'array') {
    const items = node.items.filter(live).map(valueOf);
    return items.length > 0 ? items : undefined;
  }
  const entries = Object.entries(node.fields)
    .map(([key, field]) => [key, valueOf(field)] as const)
    .filter(([, value]) => value !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The nodes along a finding's path (`employee.taxpayer.training.0.amount`), as far as they lead. */
function nodesAt(root: Node, path: string): Node[] {
  const nodes: Node[] = [root];
  for (const step of path.split('.')) {
    const node = nodes.at(-1)!;
    const next = node.kind === 'object' ? node.fields[step] : node.kind === 'array' ? node.items.filter(live)[Number(step)] : undefined;
    if (!next) break;
    nodes.push(next);
  }
  return nodes;
}

/** The leaves at `path` in every line of the innermost array it runs through: a limit of their sum holds them all back. */
function inEveryLine(root: Node, path: string): Node[] {
  const steps = path.split('.');
  const line = steps.findLastIndex((step) => /^\d+$/.test(step));
  const lines = line < 0 ? [] : nodesAt(root, steps.slice(0, line).join('.')).at(-1);
  if (lines === undefined || !('items' in lines)) return [];
  return lines.items.filter(live).flatMap((item) => {
    const node = nodesAt(item, steps.slice(line + 1).join('.')).at(-1);
    return node?.kind === 'leaf' ? [node] : [];
  });
}

/** The live leaves below `node` that hold amounts. */
function amountLeaves(node: Node): Extract<Node, { kind: 'leaf' }>[] {
  if (node.dropped) return [];
  if (node.kind === 'leaf') return node.candidates.every((candidate) => typeof candidate === 'string' && /^\d+(\.\d\d)?$/.test(candidate)) ? [node] : [];
  return (node.kind === 'object' ? Object.values(node.fields) : node.items).flatMap(amountLeaves);
}

/**
 * A refused value gives way: a leaf to its next smaller value, or left out (over a sum's limit,
 * OUT_OF_RANGE on the first line, in every line of its array); a block, or a leaf already left
 * out, takes its parent with it; a list or block over its sum's digits, each amount in it.
 */
function giveWay(root: Node, { path, code, expected }: Finding): boolean {
  const nodes = nodesAt(root, path).slice(1);
  const node = nodes.at(-1);
  if (!node) return false;
  if (node.kind === 'leaf' && !node.dropped) {
    const at = node.at;
    // A limit of so many digits skips the amounts with more at once.
    const digits = Number(/at most (\d+) digits/.exec(expected ?? '')?.[1] ?? Infinity);
    const next = node.candidates.findIndex((candidate, index) => index > at && String(candidate).split('.')[0]!.length <= digits);
    for (const leaf of new Set(code === 'OUT_OF_RANGE' ? [node, ...inEveryLine(root, path)] : [node])) {
      if (leaf.kind !== 'leaf' || leaf.at > at) continue;
      leaf.at = next < 0 ? leaf.candidates.length : next;
      if (leaf.at >= leaf.candidates.length) leaf.dropped = true;
    }
    return true;
  }
  // A sum over its digits (`at most 99999`, a list's or a block's) takes every amount below it down
  // to as many digits as leave room for adding them all up.
  const sumDigits = code === 'OUT_OF_RANGE' && !node.dropped ? /^at most (9+)$/.exec(expected ?? '')?.[1]?.length : undefined;
  const amounts = sumDigits === undefined ? [] : amountLeaves(node);
  const each = (sumDigits ?? 0) - Math.ceil(Math.log10(amounts.length + 1));
  for (const leaf of amounts) {
    // Already that small (the sum is shared with another list): one step further.
    const fits = (index: number) => String(leaf.candidates[index]).split('.')[0]!.length <= each;
    const from = fits(leaf.at) ? leaf.at + 1 : leaf.at;
    leaf.at = leaf.candidates.findIndex((_, index) => index >= from && fits(index));
    if (leaf.at < 0) leaf.dropped = true;
  }
  if (amounts.length > 0) return true;
  const target = node.dropped ? nodes.at(-2) : node;
  if (!target) return false;
  target.dropped = true;
  return true;
}

/** The errors of the service's own check of `body` (its schema, the limits of the year's form, its rules). */
function errorsOf(body: Json): Finding[] {
  const parsed = z.safeParse(estSchema, body);
  if (!parsed.success) return findingsOf(parsed.error);
  const filing = estFilingOf(parsed.data) as EstFiling & EstReturn;
  return [...estLimitFindings(filing), ...estFindings(filing)].filter((finding) => finding.severity !== 'hint');
}

/** `fields` of the request's parts beside `base`, each as large as the check lets it be. */
function settle(base: Json, fields: readonly [string, JsonSchema][], full: boolean): Json {
  const root: Node = {
    kind: 'object',
    fields: Object.fromEntries(fields.map(([key, schema]) => [key, nodeOf(schema, key, { key, year: base.year as number }, 0, full)])),
  };
  for (let round = 0; round < 60; round += 1) {
    const parts = (valueOf(root) ?? {}) as Json;
    const errors = errorsOf({ ...base, ...parts });
    if (errors.length === 0) return parts;
    const unmoved = errors.filter((error) => !giveWay(root, error));
    if (unmoved.length > 0) throw new Error(`the generated parts are refused beyond what they can give way to: ${JSON.stringify(unmoved)}`);
  }
  throw new Error(`the generated parts are still refused after 60 rounds: ${JSON.stringify(errorsOf({ ...base, ...(valueOf(root) as Json) }))}`);
}

/**
 * The main form's fields beside the persons, Anlage N and Vorsorgeaufwand for the return `base`:
 * all at their largest together (`every`), and each top-level field alone with every field once
 * (`each`).
 */
export function estParts(base: Json): { every: Json; each: [string, Json][] } {
  return {
    every: settle(base, partFields, true),
    each: partFields.map(([key, schema]) => [key, settle(base, [[key, schema]], false)]),
  };
}
