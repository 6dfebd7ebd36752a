// The E10 Anlagen of the XSD matrix, generated from their descriptions (shared/forms/est/anlagen/
// map.ts, gathered in mapped.ts): a field added there is written and validated without a line
// here. Each field takes the largest value its own request schema admits (texts at their longest,
// amounts at the most digits), each repeating group its `many`, and a field the year's form lacks
// is left out, as the map says. Only the first line of a repeating group repeats its own groups
// to their `many` and has its texts at their longest; the other lines have one line of each group
// and short texts: every count and length is reached without documents of megabytes.
import * as z from 'zod/mini';
import { mappedAnlagen } from '#shared/forms/est/anlagen/mapped.ts';
import { person, type Format } from '#shared/forms/est/anlagen/formats.ts';
import { pathIn, type Anlage, type Fields, type Group } from '#shared/forms/est/anlagen/map.ts';
import { idnrProblem, mod11x10CheckDigit } from '#shared/tax/idnr.ts';
import { elsterText } from '#test/oracle/elster-text.ts';

type Json = Record<string, unknown>;

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  maximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
}

const admits = (format: Format, value: unknown) => z.safeParse(format.schema, value).success;

/** The longest text of ELSTER's character set the format admits, at most `max` characters. */
function longestText(format: Format, max: number): string {
  for (let length = max; length > 0; length -= 1) if (admits(format, elsterText(length))) return elsterText(length);
  throw new Error(`no text fits ${JSON.stringify(z.toJSONSchema(format.schema))}`);
}

/** The amount with the most digits the format admits, as a decimal string. */
function largestAmount(format: Format): string {
  for (let digits = 15; digits > 0; digits -= 1)
    for (const amount of [`${'9'.repeat(digits)}.99`, '9'.repeat(digits)]) if (admits(format, amount)) return amount;
  throw new Error(`no amount fits ${JSON.stringify(z.toJSONSchema(format.schema))}`);
}

/** Texts held to a pattern (dates, spans, months, tax numbers, business IDs, ISINs, digits): the first of these the format admits. */
const patterned = (year: number) => [
  `${year}-01-01`,
  '01.01-31.12',
  `01.01.${year}-31.12.${year}`,
  `01.01.${year - 1}-31.12.${year}`,
  '01.10',
  '9198011310010',
  'DE123456788-00001',
  'DE0008404005',
  ...['', '0', '00'].flatMap((start) => Array.from({ length: 20 }, (_, index) => `${start}${'1'.repeat(20 - index)}`)),
];

/** The largest value of a leaf's format in `year`, with texts of at most `longest` characters; an IdNr and a person are the caller's to choose. */
function largest(format: Format, year: number, longest: number): unknown {
  const schema = z.toJSONSchema(format.schema, { unrepresentable: 'any' }) as JsonSchema;
  if (format.amount) return largestAmount(format);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.at(-1);
  if ((schema.type === 'integer' || schema.type === 'number') && schema.maximum !== undefined) return schema.maximum;
  if (schema.type === 'string' && schema.maxLength !== undefined) return longestText(format, Math.min(schema.maxLength, longest));
  const fitting = patterned(year).find((candidate) => admits(format, candidate));
  if (fitting === undefined) throw new Error(`no sample value for ${JSON.stringify(schema)}: add one to patterned() in test/oracle/est-anlagen.ts`);
  return fitting;
}

/** Test IdNrs (leading 0), each valid and each another: a child's must not repeat a parent's or a sibling's. */
function idnrSource(taken: readonly string[]): () => string {
  let next = 123456780;
  return () => {
    for (;;) {
      next += 7919;
      const ten = `0${String(next).padStart(9, '0')}`;
      const idnr = `${ten}${mod11x10CheckDigit(ten)}`;
      if (!idnrProblem(idnr) && !taken.includes(idnr)) return idnr;
    }
  };
}

interface Sampling {
  year: number;
  spouse: boolean;
  idnr: () => string;
}

// Each format's value is found once per year, at its longest and short.
const values = new Map<string, Map<Format, unknown>>();
function valueOf(format: Format, year: number, full: boolean): unknown {
  const key = `${year} ${full}`;
  let known = values.get(key);
  if (!known) values.set(key, (known = new Map()));
  if (!known.has(format)) known.set(format, largest(format, year, full ? Infinity : 6));
  return known.get(format);
}

/** How many lines a repeating group gets: its `many`, one of each person where it names one (half without a spouse). */
function linesOf(node: Pick<Group, 'many' | 'fields'>, sampling: Sampling, full: boolean): number {
  if (!full) return 1;
  const perPerson = Object.values(node.fields).some((field) => field.kind === 'leaf' && field.format === person);
  return perPerson && !sampling.spouse ? Math.ceil(node.many! / 2) : node.many!;
}

/** An amount shared by `lines` lines, in whole euros so that their total, rounded either way, keeps the digits of one. */
const share = (amount: string, lines: number) => String(Math.floor(Number(amount.split('.')[0]) / lines));
/** What the terms of a computed field are divided by, so that a sum of a dozen of them, or a product with a rate in percent, keeps the digits of one. */
const termShare = 100;

/**
 * The fields of `fields` that a computed field is made of, by key (a group's, a list's, or a total's
 * list), each with what its amounts are divided by so that what the service computes from them fits
 * its element: a list summed line by line (`list[].key`) by its lines as well.
 */
function termsOf(fields: Fields): Map<string, number> {
  const terms = new Map<string, number>();
  for (const node of Object.values(fields)) {
    if (node.kind !== 'leaf' || !node.computed) continue;
    const keys = 'sum' in node.computed ? node.computed.sum : 'product' in node.computed ? node.computed.product : node.computed.ratio;
    for (const key of keys) {
      const head = key.replace(/^-/, '').split('.')[0]!;
      const term = fields[head.replace(/\[\]$/, '')];
      const lines = head.endsWith('[]') && term?.kind === 'group' ? (term.many ?? 1) : 1;
      terms.set(term?.kind === 'total' ? term.of[0] : head.replace(/\[\]$/, ''), termShare * lines);
    }
  }
  return terms;
}

function sample(fields: Fields, sampling: Sampling, options: { full: boolean; index: number; summed: ReadonlyMap<string, number>; shared?: number }): Json {
  const value: Json = {};
  const terms = termsOf(fields);
  for (const [key, node] of Object.entries(fields)) {
    // A computed field is left to the service, which computes it from its terms.
    if (node.kind === 'total' || (node.kind === 'leaf' && node.computed) || !pathIn(node.at, sampling.year)) continue;
    const shared = (options.shared ?? 1) * (terms.get(key) ?? 1);
    if (node.kind === 'leaf') {
      const { format } = node;
      if (format === person) value[key] = options.index % 2 === 1 && sampling.spouse ? 'spouse' : 'taxpayer';
      else if (format.idnr) value[key] = sampling.idnr();
      else {
        const largestValue = valueOf(format, sampling.year, options.full);
        const lines = options.summed.get(key);
        value[key] = format.amount && (lines !== undefined || shared > 1) ? share(largestValue as string, (lines ?? 1) * shared) : largestValue;
      }
    } else if (node.many === undefined) value[key] = sample(node.fields, sampling, { ...options, summed: new Map(), shared });
    else value[key] = lines(node, fields, key, sampling, options.full, shared);
  }
  return value;
}

/** A repeating group's lines: the first at its fullest, the others with one line of each group of theirs. */
function lines(node: Group, siblings: Fields, key: string, sampling: Sampling, full: boolean, shared = 1): Json[] {
  const count = linesOf(node, sampling, full);
  const summed = new Map(
    Object.values(siblings).flatMap((sibling) => (sibling.kind === 'total' && sibling.of[0] === key ? [[sibling.of[1], count] as const] : [])),
  );
  return Array.from({ length: count }, (_, index) => sample(node.fields, sampling, { full: full && index === 0, index, summed, shared }));
}

/**
 * The body's field of `anlage` in `year`: `full`, at its largest; otherwise every field once, with
 * one line of each repeating group and short texts.
 */
function anlageValue(anlage: Anlage, sampling: Sampling, full: boolean): unknown {
  if (anlage.many === undefined) return sample(anlage.fields, sampling, { full, index: 0, summed: new Map() });
  return lines({ kind: 'group', at: anlage.element, fields: anlage.fields, many: anlage.many }, {}, anlage.key, sampling, full);
}

/**
 * Every mapped Anlage of `year`: all at their largest together (`every`), and each alone with
 * every field once (`each`), for a return with or without a spouse whose persons have the IdNrs
 * `parents`.
 */
export function estAnlagen(year: number, spouse: boolean, parents: readonly string[]): { every: Json; each: [string, Json][] } {
  const sampling = (): Sampling => ({ year, spouse, idnr: idnrSource(parents) });
  const each = mappedAnlagen.flatMap((anlage): [string, Json][] => {
    const value = anlageValue(anlage, sampling(), false);
    return value === undefined ? [] : [[anlage.key, { [anlage.key]: value }]];
  });
  const shared = sampling();
  const every = Object.fromEntries(mappedAnlagen.map((anlage) => [anlage.key, anlageValue(anlage, shared, true)]).filter(([, value]) => value !== undefined));
  // Each Anlage V-FeWo names another Anlage V (E10 holds the running numbers unique, DUPLICATE_ENTRY).
  for (const [index, line] of ((every.holiday_lettings ?? []) as Json[]).entries()) if (line.rental_number !== undefined) line.rental_number = index + 1;
  return { every, each };
}
