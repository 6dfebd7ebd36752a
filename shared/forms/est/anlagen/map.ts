// An Anlage of E10 described once, as a map from the request's fields to ELSTER's elements: the
// request schema, the XML writer, the reader of a caller's XML, the protocol rows, the IdNrs it
// names and the fields its year lacks all follow from that one description, so they cannot
// disagree. Paths and field identifiers (E-numbers) are facts of shared/elster/schemas/
// E10-2022.xsd to E10-2024.xsd; where a year differs, a path names the first year of each shape.
import * as z from 'zod/mini';
import type { Finding } from '#shared/domain/ticket.ts';
import type { NamedIdnr } from '#shared/forms/accepted.ts';
import { moneyDigits, optionalOf, taxNumberParts } from '#shared/forms/fields.ts';
import { formatEuros, germanEuros, isAmount, toCents } from '#shared/tax/money.ts';
import type { XmlElement, XmlNode } from '#shared/xml/xml.ts';
import { person, taxNumber, tooManyEuros, wholeEuros, type Format } from '#shared/forms/est/anlagen/formats.ts';

/** An element's path below its group, `/`-separated; by first year where the schema moved it; null where a year lacks it. */
export type Path = string | Readonly<Record<number, string | null>>;

export interface Leaf {
  kind: 'leaf';
  at: Path;
  format: Format;
  /** German, as on the form: the protocol row of an amount, and the OpenAPI description. */
  label: string;
  /** Health data (GDPR Art. 9): never shown in the protocol. */
  health?: true;
  /** The format the element had up to a year, where the schema wrote the same value otherwise (a box ticked "X", later "1"). */
  earlier?: { until: number; format: Format };
  /** A total the form defines from other fields: computed where the body leaves it out, else held to them. */
  computed?: Computation;
  /** Asked of the request only to compute another field: no element holds it, so it is neither written nor read back. */
  unwritten?: true;
}

/**
 * How a field follows from the other fields of its object, each named by its key (`group.key`
 * reaches into a group, `list[].key` sums a list's lines): a sum of them, a key with `-` before it subtracted; the product of two
 * and a factor; or the one divided by the other. Every term counts as it is written (whole euros,
 * each rounded its own way), so a total is the sum of its lines as the form shows them, and the
 * result is rounded as its own field is, in the taxpayer's favour.
 */
export type Computation = { sum: readonly string[] } | { product: readonly [string, string]; factor: number } | { ratio: readonly [string, string] };
export const sumOf = (...keys: string[]): Computation => ({ sum: keys });
export const productOf = (a: string, b: string, factor: number): Computation => ({ product: [a, b], factor });
export const ratioOf = (a: string, b: string): Computation => ({ ratio: [a, b] });

export interface Group {
  kind: 'group';
  at: Path;
  fields: Fields;
  /** A JSON array of at most so many, one element each (the path's last element repeats). */
  many?: number;
  label?: string;
}

/** A total the schema wants beside itemised lines, computed from them: no request field. */
export interface Total {
  kind: 'total';
  at: Path;
  /** The array field and its amount field that are added up. */
  of: readonly [string, string];
  round: 'up' | 'down';
}

export type Node = Leaf | Group | Total;
export type Fields = Readonly<Record<string, Node>>;

export const leaf = (at: Path, format: Format, label: string, options: Pick<Leaf, 'health' | 'earlier' | 'computed'> = {}): Leaf => ({
  kind: 'leaf',
  at,
  format,
  label,
  ...options,
});
/** The format `node` is written and read in for `year`. */
const formatIn = (node: Leaf, year: number) => (node.earlier && year <= node.earlier.until ? node.earlier.format : node.format);
export const group = (at: Path, fields: Fields, label?: string): Group => ({ kind: 'group', at, fields, ...(label && { label }) });
export const list = (at: Path, many: number, fields: Fields, label?: string): Group => ({ kind: 'group', at, fields, many, ...(label && { label }) });
export const total = (at: Path, of: readonly [string, string], round: 'up' | 'down' = 'up'): Total => ({ kind: 'total', at, of, round });
/** A path from 2023's form on (2022's lacks it). */
export const from2023 = (path: string): Path => ({ 2022: null, 2023: path });
/** A path from 2024's form on. */
export const from2024 = (path: string): Path => ({ 2022: null, 2024: path });
/** A path of 2022's form only. */
export const until2022 = (path: string): Path => ({ 2022: path, 2023: null });
/** A path of the forms up to 2023 (2024's lacks it). */
export const until2023 = (path: string): Path => ({ 2022: path, 2024: null });
/** Who a per-person Anlage or block belongs to: its `Person` element. */
export const personLeaf = leaf('Person', person, 'Person');
/** A group of one entry per person of a joint assessment, at most two, each naming its `Person` first. */
export const perPerson = (at: Path, fields: Fields, label?: string): Group => list(at, 2, { person: personLeaf, ...fields }, label);

/** An Anlage: the body's field that carries it, its element below E10 and how often that may stand. */
export interface Anlage {
  key: string;
  element: string;
  /** As a JSON array of at most so many; a single object without. */
  many?: number;
  fields: Fields;
  /** German, the protocol's heading of the Anlage's rows. */
  label: string;
  /** The shape the form had up to a year, where it held the same request fields otherwise. */
  earlier?: Shape;
  /**
   * Only part of its element, whose other parts another writer writes (VOR per person,
   * vorsorge.ts): what it writes joins that writer's element, and it reads only its own paths.
   */
  part?: true;
  /** The children of a part's element in the schema's order, where the part's stand between the writer's. */
  order?: readonly string[];
}

/** An Anlage filed once per person of a joint assessment, at most two, each naming its `Person` first. */
export const perPersonAnlage = ({ key, element, label }: Pick<Anlage, 'key' | 'element' | 'label'>, fields: Fields): Anlage => ({
  key,
  element,
  many: 2,
  label,
  fields: { person: personLeaf, ...fields },
});

/**
 * An Anlage's form up to and including `until`, where it held the same request fields in another
 * shape: its own fields, into which the request's JSON is turned before writing and out of which it
 * is turned back after reading. The request schema, its rules and the protocol keep the Anlage's own fields.
 */
export interface Shape {
  until: number;
  /** As a JSON array of at most so many elements; one element holds the whole without. */
  many?: number;
  fields: Fields;
  toShape(value: never): unknown;
  fromShape(value: never): unknown;
}

const same = (value: unknown) => value;
/** An earlier shape of the same fields in another order (the same nodes, rearranged as that year's schema has them). */
export const reordered = (until: number, fields: Fields, many?: number): Shape => ({ until, ...(many && { many }), fields, toShape: same, fromShape: same });
/** The shape `anlage` is written and read in for `year`. */
const shapeIn = (anlage: Anlage, year: number) =>
  (anlage.earlier && year <= anlage.earlier.until ? anlage.earlier : { ...anlage, toShape: same, fromShape: same }) as Omit<Shape, 'toShape' | 'fromShape'> & {
    toShape(value: unknown): unknown;
    fromShape(value: unknown): unknown;
  };

// Paths are resolved once per path and year: the writer and reader ask for them on every line.
const splitPaths = new Map<string, string[]>();
const yearPaths = new WeakMap<object, Map<number, string[] | undefined>>();

/** The path `at` takes in `year`: the shape of the latest first year not after it. */
export function pathIn(at: Path, year: number): string[] | undefined {
  if (typeof at === 'string') {
    let path = splitPaths.get(at);
    if (!path) splitPaths.set(at, (path = at.split('/')));
    return path;
  }
  let byYear = yearPaths.get(at);
  if (!byYear) yearPaths.set(at, (byYear = new Map()));
  if (byYear.has(year)) return byYear.get(year);
  const first = Object.keys(at)
    .map(Number)
    .filter((start) => start <= year)
    .sort((a, b) => a - b)
    .at(-1);
  const path = first === undefined ? null : at[first];
  const resolved = path === null || path === undefined ? undefined : path.split('/');
  byYear.set(year, resolved);
  return resolved;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isElement = (value: unknown): value is XmlElement => isObject(value);

// --- the request schema -------------------------------------------------------------------------

export function schemaOf(fields: Fields): z.ZodMiniType {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [key, node] of Object.entries(fields)) {
    if (node.kind === 'total') continue;
    shape[key] = node.kind === 'leaf' ? optionalOf(node.format.schema) : z.optional(groupSchema(node));
  }
  return z.strictObject(shape);
}

const groupSchema = (node: Group) => (node.many === undefined ? schemaOf(node.fields) : z.array(schemaOf(node.fields)).check(z.maxLength(node.many)));

export const anlageSchema = (anlage: Anlage) =>
  z.optional(groupSchema({ kind: 'group', at: anlage.element, fields: anlage.fields, ...(anlage.many && { many: anlage.many }) }));

/** The OpenAPI description of each field of an Anlage, by its path below the Anlage: what it holds and the E10 element it fills. */
export function fieldDescriptions(anlage: Anlage): Record<string, string> {
  const described: Record<string, string> = {};
  const walk = (fields: Fields, prefix: string, xml: string) => {
    for (const [key, node] of Object.entries(fields)) {
      if (node.kind === 'total') continue;
      const at = typeof node.at === 'string' ? node.at : Object.values(node.at).find((path) => path !== null)!;
      if (node.kind === 'group') {
        const repeats = node.many ? `, at most ${node.many}` : '';
        described[`${prefix}${key}`] = `${node.label ?? at} (${xml}/${at}${repeats})`;
        walk(node.fields, `${prefix}${key}.`, `${xml}/${at}`);
        continue;
      }
      const computed = node.computed ? `, computed from ${termsText(node.computed)} where left out (422 \`TOTAL_MISMATCH\` where given otherwise)` : '';
      described[`${prefix}${key}`] =
        `${node.label}: ${node.format.shape}${computed} (${node.unwritten ? 'not sent, it computes another field' : `${xml}/${at}`})`;
      if (node.format === taxNumber) for (const [part, text] of Object.entries(taxNumberParts)) described[`${prefix}${key}.${part}`] = text;
    }
  };
  walk(anlage.fields, '', anlage.element);
  return described;
}

// --- writing ------------------------------------------------------------------------------------

/** Sets `value` at `path` below `into`, creating the elements on the way in the order they come. */
function put(into: XmlElement, path: readonly string[], value: XmlNode) {
  let at = into;
  for (const name of path.slice(0, -1)) {
    const next = at[name];
    if (!isObject(next)) at[name] = {};
    at = at[name] as XmlElement;
  }
  const last = path.at(-1)!;
  const existing = at[last];
  at[last] = isObject(existing) && isObject(value) ? { ...existing, ...value } : value;
}

/**
 * The cents a total adds up from its lines, or undefined where no line gives an amount. Each line
 * counts as it is written, rounded in the taxpayer's favour on its own (`fields` holds the line's
 * format), so that the sum is the lines' as the form shows them.
 */
function totalCents(node: Total, fields: Fields, value: Json, year: number): number | undefined {
  const items = value[node.of[0]];
  const line = fields[node.of[0]];
  if (!Array.isArray(items) || line?.kind !== 'group') return undefined;
  const amounts = items.map((item: Json) => termOf(line.fields, item, node.of[1], year)).filter((amount) => amount !== undefined);
  return amounts.length === 0 ? undefined : amounts.reduce((sum, amount) => sum + amount, 0);
}

/** The cents of an amount as `format` writes it: whole euros where it rounds. */
const writtenCents = (format: Format, amount: number | string) =>
  format.round ? toCents((format.write as (value: unknown) => string)(amount)) : toCents(amount);

/** A term of a computation: `key` of `value` as written, in cents for an amount; undefined where it is neither given nor computed. */
function termOf(fields: Fields, value: Json, key: string, year: number): number | undefined {
  const [head, ...rest] = key.split('.') as [string, ...string[]];
  // `list[].field`: the field summed over the list's lines.
  const lines = head.endsWith('[]') ? fields[head.slice(0, -2)] : undefined;
  if (lines?.kind === 'group' && pathIn(lines.at, year)) {
    const items = value[head.slice(0, -2)];
    const terms = (Array.isArray(items) ? items : [])
      .map((item: Json) => termOf(lines.fields, item, rest.join('.'), year))
      .filter((term) => term !== undefined);
    return terms.length === 0 ? undefined : terms.reduce((sum, term) => sum + term, 0);
  }
  const node = fields[head];
  if (!node || !pathIn(node.at, year)) return undefined;
  if (node.kind === 'total') {
    const cents = totalCents(node, fields, value, year);
    return cents === undefined ? undefined : toCents(wholeEuros(cents, node.round));
  }
  if (node.kind === 'group')
    return rest.length > 0 && node.many === undefined && isObject(value[head]) ? termOf(node.fields, value[head], rest.join('.'), year) : undefined;
  // A computed field counts as it computes, so that one wrong line is one finding; as given where it has no lines.
  const computed = node.computed && computedCents(node, fields, value, year);
  if (computed !== undefined) return computed;
  const given = value[head];
  if (given === undefined) return undefined;
  return node.format.amount ? writtenCents(node.format, given as number | string) : Number(given);
}

/** The whole euros' cents `node` computes to from the other fields of `value`, or undefined where none of them is given. */
function computedCents(node: Leaf, fields: Fields, value: Json, year: number): number | undefined {
  const computation = node.computed!;
  let cents: number;
  if ('sum' in computation) {
    const terms = computation.sum.map((key) => [key.startsWith('-') ? -1 : 1, termOf(fields, value, key.replace(/^-/, ''), year)] as const);
    if (terms.every(([, term]) => term === undefined)) return undefined;
    cents = terms.reduce((total, [sign, term]) => total + sign * (term ?? 0), 0);
  } else {
    const [a, b] = ('product' in computation ? computation.product : computation.ratio).map((key) => termOf(fields, value, key, year));
    if (a === undefined || b === undefined || ('ratio' in computation && b === 0)) return undefined;
    cents = 'product' in computation ? a * b * computation.factor : a / b;
  }
  return (node.format.round === 'up' ? Math.ceil(cents / 100) : Math.floor(cents / 100)) * 100;
}

function write(fields: Fields, value: Json, year: number): XmlElement {
  const element: XmlElement = {};
  for (const [key, node] of Object.entries(fields)) {
    const path = pathIn(node.at, year);
    if (!path) continue;
    if (node.kind === 'total') {
      const cents = totalCents(node, fields, value, year);
      if (cents !== undefined) put(element, path, wholeEuros(cents, node.round));
      continue;
    }
    if (node.kind === 'leaf' && node.unwritten) continue;
    const given = value[key];
    if (given === undefined && node.kind === 'leaf' && node.computed) {
      const cents = computedCents(node, fields, value, year);
      if (cents !== undefined) put(element, path, (node.format.write as (value: unknown) => string)(formatEuros(cents)));
      continue;
    }
    if (given === undefined) continue;
    if (node.kind === 'leaf') put(element, path, (formatIn(node, year).write as (value: unknown) => string)(given));
    else if (node.many === undefined) {
      const written = write(node.fields, given as Json, year);
      if (Object.keys(written).length > 0) put(element, path, written);
    } else if ((given as Json[]).length > 0)
      put(
        element,
        path,
        (given as Json[]).map((item) => write(node.fields, item, year)),
      );
  }
  return element;
}

/** The Anlage's element(s) below E10 for `body`, or undefined where the body has none. */
export function writeAnlage(anlage: Anlage, body: Json): XmlElement | XmlElement[] | undefined {
  const year = body.year as number;
  if (body[anlage.key] === undefined || body[anlage.key] === null) return undefined;
  const { many, fields, toShape } = shapeIn(anlage, year);
  const given = toShape(body[anlage.key]);
  if (many === undefined) {
    const element = write(fields, given as Json, year);
    return Object.keys(element).length > 0 ? element : undefined;
  }
  // A line whose every field its year lacks writes no element (refused as NOT_IN_YEAR).
  const elements = (given as Json[]).map((item) => write(fields, item, year)).filter((element) => Object.keys(element).length > 0);
  return elements.length > 0 ? elements : undefined;
}

// --- reading back -------------------------------------------------------------------------------

const nodesAt = (from: XmlNode | undefined, path: readonly string[]): XmlNode[] => {
  let nodes: XmlNode[] = from === undefined ? [] : [from];
  for (const name of path) nodes = nodes.flatMap((node) => (isObject(node) ? [node[name]].flat().filter((child) => child !== undefined) : []));
  return nodes as XmlNode[];
};

/**
 * The JSON of one element read by `fields`; every element below it that no field reads is added to
 * `unmapped` by its path, as is a value no field's format takes.
 */
function read(fields: Fields, element: XmlElement, year: number, where: string, unmapped: string[]): Json {
  const value: Json = {};
  const taken = new Set<XmlNode>();
  for (const [key, node] of Object.entries(fields)) {
    const path = pathIn(node.at, year);
    if (!path) continue;
    const found = nodesAt(element, path);
    if (node.kind === 'total' || (node.kind === 'leaf' && node.unwritten)) continue;
    if (node.kind === 'leaf') {
      const text = found[0];
      if (typeof text !== 'string') continue;
      const json = formatIn(node, year).read(text);
      if (json === undefined) continue;
      value[key] = json;
      markTaken(element, path, taken);
    } else {
      const items = found.filter(isElement).map((item) => read(node.fields, item, year, `${where}/${path.join('/')}`, unmapped));
      if (items.length === 0) continue;
      markTaken(element, path, taken);
      // A group that holds nothing the body carries (only a total another writer wrote) is no value.
      if (items.every((item) => Object.keys(item).length === 0)) continue;
      value[key] = node.many === undefined ? items[0] : items;
    }
  }
  // Totals are read as taken: the writer computes them again from the lines.
  for (const node of Object.values(fields)) {
    const path = node.kind === 'total' ? pathIn(node.at, year) : undefined;
    if (path && nodesAt(element, path).length > 0) markTaken(element, path, taken);
  }
  collectUnmapped(element, where, taken, unmapped);
  return value;
}

/** Marks the element at `path` and the elements leading to it as read; leading ones are read only partly. */
function markTaken(element: XmlElement, path: readonly string[], taken: Set<XmlNode>) {
  let nodes: XmlNode[] = [element];
  path.forEach((name, index) => {
    nodes = nodes.flatMap((node) => (isObject(node) ? [node[name]].flat().filter((child) => child !== undefined) : [])) as XmlNode[];
    for (const node of nodes) {
      if (index === path.length - 1) taken.add(node);
      else if (isObject(node)) partly.add(node);
    }
  });
}
// Elements on the way to one read: their children are looked at one by one.
const partly = new WeakSet<object>();

function collectUnmapped(element: XmlElement, where: string, taken: Set<XmlNode>, unmapped: string[]) {
  for (const [name, child] of Object.entries(element)) {
    if (name.startsWith('@_')) continue;
    for (const node of [child].flat() as XmlNode[]) {
      if (taken.has(node) && (typeof node === 'string' || !partly.has(node as object))) continue;
      if (isObject(node) && partly.has(node)) collectUnmapped(node, `${where}/${name}`, taken, unmapped);
      else if (!taken.has(node)) unmapped.push(`${where}/${name}`);
    }
  }
}

/** The body's field of the Anlage, read from E10's children, and what of them it cannot carry. */
export function readAnlage(anlage: Anlage, root: XmlElement, year: number): { value?: unknown; unmapped: string[] } {
  const unmapped: string[] = [];
  const elements = nodesAt(root, [anlage.element]).filter(isElement);
  if (elements.length === 0) return { unmapped };
  const { many, fields, fromShape } = shapeIn(anlage, year);
  const items = elements.map((element) => read(fields, element, year, anlage.element, unmapped));
  const empty = items.every((item) => Object.keys(item).length === 0);
  if (!anlage.part) return empty ? { unmapped } : { value: fromShape(many === undefined ? items[0] : items), unmapped };
  // A part reads only its own paths: the rest of its element is another writer's.
  if (Object.keys(items[0] ?? {}).length === 0) return { unmapped: [] };
  const own = (path: string) =>
    Object.values(fields).some((node) => {
      const at = pathIn(node.at, year);
      return at !== undefined && `${path}/`.startsWith(`${anlage.element}/${at.join('/')}/`);
    });
  return { value: many === undefined ? items[0] : items, unmapped: unmapped.filter(own) };
}

// --- what the check and the protocol take from the map -----------------------------------------

interface Visit {
  node: Leaf;
  value: unknown;
  /** The request path, such as `children.0.idnr`. */
  path: string;
}

/** Every leaf the body gives, with its request path. */
function visits(fields: Fields, value: Json, path: string, out: Visit[] = []): Visit[] {
  for (const [key, node] of Object.entries(fields)) {
    const given = value[key];
    if (given === undefined || node.kind === 'total') continue;
    if (node.kind === 'leaf') out.push({ node, value: given, path: `${path}.${key}` });
    else if (node.many === undefined) visits(node.fields, given as Json, `${path}.${key}`, out);
    else (given as Json[]).forEach((item, index) => visits(node.fields, item, `${path}.${key}.${index}`, out));
  }
  return out;
}

const anlageVisits = (anlage: Anlage, body: Json): Visit[] => {
  const given = body[anlage.key];
  if (given === undefined || given === null) return [];
  if (anlage.many === undefined) return visits(anlage.fields, given as Json, anlage.key);
  return (given as Json[]).flatMap((item, index) => visits(anlage.fields, item, `${anlage.key}.${index}`));
};

/** The IdNrs the Anlage names (a child's, a person in care's), held to the live guard like the parents'. */
export const idnrsIn = (anlage: Anlage, body: Json): NamedIdnr[] =>
  anlageVisits(anlage, body)
    .filter(({ node }) => node.format.idnr)
    .map(({ path, value }) => ({ path, idnr: value as string }));

/** What a total's lines add up to beyond the digits of its element (totalDigits 12), or undefined where it fits. */
function totalBeyondDigits(node: Total, fields: Fields, value: Json, year: number): string | undefined {
  const cents = totalCents(node, fields, value, year);
  return cents === undefined ? undefined : tooManyEuros(cents, node.round, moneyDigits)?.expected;
}

/** A computation as the fields it is made of: `a + b − c`, `a × b × 0.01`, `a ÷ b`. */
function termsText(computation: Computation): string {
  if ('sum' in computation)
    return computation.sum
      .map((term) => (term.startsWith('-') ? `− ${term.slice(1)}` : term))
      .join(' + ')
      .replaceAll('+ −', '−');
  return 'product' in computation ? `${computation.product.join(' × ')} × ${computation.factor}` : computation.ratio.join(' ÷ ');
}

/** A computed field given otherwise than it computes from the fields it is made of, as written. */
function totalMismatch(node: Leaf, fields: Fields, value: Json, year: number): Omit<Finding, 'path'> | undefined {
  const key = Object.keys(fields).find((name) => fields[name] === node)!;
  const given = value[key] as number | string | undefined;
  const expected = computedCents(node, fields, value, year);
  if (given === undefined || expected === undefined || !isAmount(given)) return undefined;
  const computation = node.computed!;
  // A product's first term is written in whole euros: what that rounding moves the product by is not a mismatch.
  const slack = 'product' in computation ? Math.ceil(Math.abs((termOf(fields, value, computation.product[1], year) ?? 0) * computation.factor) * 100) : 0;
  if (Math.abs(writtenCents(node.format, given) - expected) <= slack) return undefined;
  const of = termsText(computation);
  return {
    code: 'TOTAL_MISMATCH',
    message: `is ${formatEuros(writtenCents(node.format, given))} as written, but ${node.label} computes to ${formatEuros(expected)} from ${of}; leave it out to have it computed`,
    expected: formatEuros(expected),
  };
}

/** A field given for a year whose form lacks it, `person: "spouse"` without a spouse, and lines whose total is too large for its element. */
export function mapFindings(anlage: Anlage, body: Json): Finding[] {
  const year = body.year as number;
  const given = body[anlage.key];
  if (given === undefined || given === null) return [];
  const findings: Finding[] = [];
  const check = (fields: Fields, value: Json, path: string) => {
    for (const [key, node] of Object.entries(fields)) {
      if (node.kind === 'total') {
        const beyond = pathIn(node.at, year) && totalBeyondDigits(node, fields, value, year);
        if (beyond)
          findings.push({
            path: `${path}.${node.of[0]}`,
            code: 'OUT_OF_RANGE',
            message: `adds up to more than ELSTER's form takes: ${beyond}`,
            expected: beyond,
          });
        continue;
      }
      const item = value[key];
      if (node.kind === 'leaf' && node.computed && pathIn(node.at, year)) {
        const computed = value[key] === undefined ? computedCents(node, fields, value, year) : undefined;
        const beyond = computed !== undefined && tooManyEuros(computed, node.format.round ?? 'down', moneyDigits)?.expected;
        const mismatch = beyond
          ? { code: 'OUT_OF_RANGE', message: `computes to more than ELSTER's form takes: ${beyond}`, expected: beyond }
          : totalMismatch(node, fields, value, year);
        if (mismatch) findings.push({ path: `${path}.${key}`, ...mismatch });
      }
      if (item === undefined) continue;
      if (!pathIn(node.at, year))
        findings.push({ path: `${path}.${key}`, code: 'NOT_IN_YEAR', message: `is not on ELSTER's form of ${year}; leave it out for that year` });
      else if (node.kind === 'leaf' && node.format === person && item === 'spouse' && !body.spouse)
        findings.push({ path: `${path}.${key}`, code: 'SPOUSE_REQUIRED', message: 'names the spouse, so the return needs `spouse`' });
      else if (node.kind === 'group' && node.many === undefined) check(node.fields, item as Json, `${path}.${key}`);
      else if (node.kind === 'group') (item as Json[]).forEach((entry, index) => check(node.fields, entry, `${path}.${key}.${index}`));
    }
  };
  if (anlage.many === undefined) check(anlage.fields, given as Json, anlage.key);
  else (given as Json[]).forEach((item, index) => check(anlage.fields, item, `${anlage.key}.${index}`));
  return findings;
}

// The groups of each set of fields, found once: a return's lists are walked on every check.
const groups = new WeakMap<Fields, readonly [string, Group][]>();
const groupsOf = (fields: Fields) => {
  let found = groups.get(fields);
  if (!found) groups.set(fields, (found = Object.entries(fields).filter((entry): entry is [string, Group] => entry[1].kind === 'group')));
  return found;
};

/**
 * An item of a list that gives a direct child element the value an earlier item of that list gave:
 * its request path, the element path of the list's parent below E10, the repeated element, the child
 * and its value as written, and the request's value.
 */
export interface Repeated {
  path: string;
  parent: readonly string[];
  selector: string;
  field: string;
  written: string;
  given: unknown;
  person: boolean;
}

/**
 * Every item of the Anlage's lists (the Anlage itself where it repeats) that repeats a value of
 * one of its direct child elements, as written in the body's year: where ELSTER's schema holds that
 * child unique (xs:unique), the second is refused. Of a year written in an earlier shape, none, unless
 * that shape only reorders the same fields.
 */
export function repeatedValues(anlage: Anlage, body: Json): Repeated[] {
  const year = body.year as number;
  const given = body[anlage.key];
  if (given === undefined || given === null || (anlage.earlier && year <= anlage.earlier.until && anlage.earlier.toShape !== same)) return [];
  const found: Repeated[] = [];
  const inList = (fields: Fields, items: Json[], parent: readonly string[], selector: string, path: string) => {
    // An amount is no key of ELSTER's (they are persons, partners, Wirtschaftsjahre, numbers of a list): its lines are left alone.
    for (const [key, node] of items.length > 1 ? Object.entries(fields) : []) {
      const at = node.kind === 'leaf' && !node.format.amount ? pathIn(node.at, year) : undefined;
      if (node.kind !== 'leaf' || at?.length !== 1) continue;
      // Every format but an amount's writes one text for each value and each value as one text, so the values are compared.
      const seen = new Set<unknown>();
      items.forEach((item, index) => {
        const given = item[key];
        if (given === undefined) return;
        if (seen.has(given)) {
          const written = (formatIn(node, year).write as (value: unknown) => string)(given);
          found.push({ path: `${path}.${index}.${key}`, parent, selector, field: at[0]!, written, given, person: node.format === person });
        }
        seen.add(given);
      });
    }
    if (groupsOf(fields).length > 0) items.forEach((item, index) => walk(fields, item, [...parent, selector], `${path}.${index}`));
  };
  const walk = (fields: Fields, value: Json, xml: readonly string[], path: string) => {
    for (const [key, node] of groupsOf(fields)) {
      const at = value[key] !== undefined ? pathIn(node.at, year) : undefined;
      if (!at) continue;
      if (node.many === undefined) walk(node.fields, value[key] as Json, [...xml, ...at], `${path}.${key}`);
      else inList(node.fields, value[key] as Json[], [...xml, ...at.slice(0, -1)], at.at(-1)!, `${path}.${key}`);
    }
  };
  if (anlage.many === undefined) walk(anlage.fields, given as Json, [anlage.element], anlage.key);
  else inList(anlage.fields, given as Json[], [], anlage.element, anlage.key);
  return found;
}

/** One protocol row: an amount field of the Anlage, added up over its lines, in one format. */
export interface Row {
  label: string;
  value: string;
}

/**
 * The protocol's rows of an Anlage as read back from the E10 tree that is transmitted: its heading,
 * then each amount field that is not health data, summed over its repetitions, as "1.234,56 €" (the
 * euro amounts of every row in one format, cents always shown).
 */
export function protocolRows(anlage: Anlage, root: XmlElement, year: number): Row[] {
  const read = readAnlage(anlage, root, year).value;
  if (read === undefined) return [];
  const sums = new Map<string, number>();
  for (const item of (anlage.many === undefined ? [read] : read) as Json[]) {
    const owner = anlage.many !== undefined && item.person === 'spouse' ? ' (Person B)' : '';
    for (const { node, value } of visits(anlage.fields, item, anlage.key)) {
      if (!node.format.amount || node.health) continue;
      const label = `${node.label}${owner}`;
      sums.set(label, (sums.get(label) ?? 0) + toCents(value as string));
    }
  }
  if (sums.size === 0) return [];
  return [{ label: anlage.label, value: '' }, ...[...sums].map(([label, sum]) => ({ label: `  ${label}`, value: germanEuros(sum, true) }))];
}
