// ERiC's plausibility rules of a form, applied by name: each year's rules are generated from its
// workbook (shared/elster/rules/Jahresdokumentation_{form}_{year}.xml) into the form's
// structure/{file}-{year}-rules.json (beside the structure, so a bundle carries both) by
// scripts/structure/rule-table.ts, their conditions parsed into small trees evaluated here over the
// Nutzdaten element that is sent. A rule is checked once for each place its context stands in the
// document (each repetition of a repeated group; a rule that asks for its context also where it is
// absent), and a field it names is looked for where that place is: in the same repetition, else
// wherever the field stands in the form. A rule that fires is
// a finding with the rule's name (what ERiC reports as `FehlerRegelpruefung/RegelName`), refusing
// for a Fehler and a hint for a Hinweis; its message is the service's own, naming what the rule
// checks. The rules the generator leaves out, and why, are each file's `left` (docs/sources.md).
import { readFileSync } from 'node:fs';
import type { Finding } from '#shared/domain/ticket.ts';
import { type CompactStructure, typeOf } from '#shared/xml/structure.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

export type Condition = readonly [string, ...unknown[]];
export type Rule = readonly [name: string, kind: 'Fehler' | 'Hinweis', context: string, condition: Condition];

/** One year's rules, and the attributes its enumerations give their values (a Rechtsform's Rechtsformgruppe). */
export interface RuleBook {
  rules: readonly Rule[];
  attributes: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;
}

const books = new Map<string, RuleBook>();

/** The rule book at `file` (a form's generated rules), read once. */
export function ruleBook(file: URL): RuleBook {
  let book = books.get(file.href);
  if (!book) {
    const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<RuleBook>;
    book = { rules: read.rules ?? [], attributes: read.attributes ?? {} };
    books.set(file.href, book);
  }
  return book;
}

/** A field's number: a declaration's schema writes a decimal comma, an Anmeldung's a point; a text that is no number is none. */
const numberOf = (text: string) => (/^-?\d+(?:[,.]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : undefined);
/** A date (TT.MM.JJJJ) as a number that orders as the days do, JJJJMMTT. */
const dateOf = (text: string) => {
  const date = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  return date ? Number(date[3]) * 10000 + Number(date[2]) * 100 + Number(date[1]) : undefined;
};
/** The first or last day of a range of days (TT.MM-TT.MM) as MMTT, a day of the year written "TT.MM." in a rule. */
const rangeDay = (text: string, end: boolean) => {
  const range = /^(\d{2})\.(\d{2})-(\d{2})\.(\d{2})$/.exec(text);
  return range ? Number(range[end ? 4 : 2]) * 100 + Number(range[end ? 3 : 1]) : '';
};
const cents = (value: number) => Math.round(value * 100) / 100;

/** An element found, and its path below the root: names, with the index of each repetition of a repeating element. */
interface Found {
  node: XmlTree;
  names: readonly string[];
  /** A context the document lacks, standing in where a rule is checked. */
  absent?: true;
  /** An absent context that repeats, or stands below one that does. */
  repeated?: true;
}

/** Where each element of a structure may stand (its names below the root), and which of those paths repeat. */
interface Places {
  declared: Map<string, string[][]>;
  repeating: Set<string>;
}

const placesOf = new WeakMap<CompactStructure, Places>();

function places(structure: CompactStructure): Places {
  let known = placesOf.get(structure);
  if (known) return known;
  known = { declared: new Map(), repeating: new Set() };
  const visit = (index: number, names: string[]) => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return;
    for (const particle of type.particles) {
      const path = [...names, particle.name];
      if (particle.max > 1) known.repeating.add(path.join('/'));
      const list = known.declared.get(particle.name) ?? [];
      list.push(path);
      known.declared.set(particle.name, list);
      visit(particle.type, path);
    }
  };
  visit(structure.type, []);
  placesOf.set(structure, known);
  return known;
}

/** The element path without its repetitions' indexes. */
const plain = (names: readonly string[]) => names.filter((name) => !/^\d+$/.test(name));

interface Scope {
  root: XmlTree;
  /** The elements from the root down to the rule's context, and their paths. */
  chain: readonly Found[];
  year: number;
  places: Places;
  book: RuleBook;
}

/** Every element at `path` (names) below `from`, each repetition its own. */
function descend(from: Found, path: readonly string[], repeating: ReadonlySet<string>): Found[] {
  let found = [from];
  for (const name of path) {
    found = found.flatMap(({ node, names }) => {
      const children = node.children.filter((child) => child.name === name);
      const repeats = repeating.has([...plain(names), name].join('/'));
      return children.map((child, index) => ({ node: child, names: repeats ? [...names, name, String(index)] : [...names, name] }));
    });
  }
  return found;
}

/** Where a field stands for this scope: in its context's repetition, else wherever the form has it. */
function declaredPlace(scope: Scope, name: string): { start: number; rest: readonly string[] } | undefined {
  const here = plain(scope.chain.at(-1)!.names);
  let best: { start: number; rest: readonly string[] } | undefined;
  for (const path of scope.places.declared.get(name) ?? []) {
    let shared = 0;
    while (shared < here.length && shared < path.length - 1 && path[shared] === here[shared]) shared++;
    if (!best || shared > best.start) best = { start: shared, rest: path.slice(shared) };
  }
  return best;
}

/** The elements a reference names: `.` the context, `/…` from the root, `a/b` from the context, a name where the form has it. */
function resolve(scope: Scope, reference: string): Found[] {
  const context = scope.chain.at(-1)!;
  if (reference === '.') return [context];
  if (reference.startsWith('/')) return descend(scope.chain[0]!, reference.slice(1).split('/'), scope.places.repeating);
  if (reference.includes('/')) return descend(context, reference.split('/'), scope.places.repeating);
  const place = declaredPlace(scope, reference);
  return place ? descend(scope.chain[place.start]!, place.rest, scope.places.repeating) : [];
}

const isGiven = ({ node }: Found) => node.children.length > 0 || node.text !== '';
const given = (scope: Scope, reference: string) => resolve(scope, reference).filter(isGiven);

function evaluate(condition: Condition, scope: Scope): unknown {
  const [operator, ...operands] = condition;
  const references = () => operands[0] as string[];
  const givenCount = () => references().filter((reference) => given(scope, reference).length > 0).length;
  const nodeCount = () => references().reduce((total, reference) => total + given(scope, reference).length, 0);
  const sub = (index: number) => evaluate(operands[index] as Condition, scope);
  const numeric = (index: number) => toNumber(sub(index));
  const numbers = () => (operands[0] as Condition[]).map((operand) => toNumber(evaluate(operand, scope)));
  const text = (reference: string) => given(scope, reference)[0]?.node.text ?? '';
  const contexts = () => resolve(scope, operands[0] as string).filter(({ absent }) => !absent).length;
  switch (operator) {
    case 'and':
      return Boolean(sub(0)) && Boolean(sub(1));
    case 'or':
      return Boolean(sub(0)) || Boolean(sub(1));
    case 'any':
      return givenCount() > 0;
    case 'none':
      return givenCount() === 0;
    case 'all':
      return givenCount() === references().length;
    case 'notAll':
      return givenCount() < references().length;
    case 'notTogether':
      return givenCount() > 0 && givenCount() < references().length;
    case 'moreThanOne':
      return nodeCount() > 1;
    case 'notOne':
      return nodeCount() !== 1;
    case 'count':
      return nodeCount();
    case 'repeated': {
      const texts = references().flatMap((reference) => given(scope, reference).map(({ node }) => node.text));
      return new Set(texts).size < texts.length;
    }
    case 'context':
      return contexts() > 0;
    case 'noContext':
      return contexts() === 0;
    case 'contexts':
      return contexts();
    case 'in':
    case 'notIn': {
      const [reference, attribute, values] = operands as [string, string, string[]];
      const own = text(reference);
      const value = attribute === '' ? own : scope.book.attributes[reference]?.[attribute]?.[own];
      return values.includes(value ?? '') === (operator === 'in');
    }
    case 'total':
      return cents(given(scope, operands[0] as string).reduce((total, { node }) => total + (numberOf(node.text) ?? 0), 0));
    case 'sum':
      return cents(numbers().reduce((total, value) => total + value, 0));
    case 'min':
      return Math.min(...numbers());
    case 'max':
      return Math.max(...numbers());
    case 'ceil':
      return Math.ceil(cents(numbers()[0]!));
    case 'floor':
      return Math.floor(cents(numbers()[0]!));
    case 'value': {
      const own = text(operands[0] as string);
      return numberOf(own) ?? dateOf(own) ?? own;
    }
    case 'rangeStart':
    case 'rangeEnd':
      return rangeDay(text(operands[0] as string), operator === 'rangeEnd');
    case 'date':
      return scope.year * 10000 + (operands[1] as number) * 100 + (operands[0] as number);
    case 'yearOf': {
      const year = /(\d{4})$/.exec(text(operands[0] as string))?.[1];
      return year === undefined ? '' : Number(year);
    }
    case 'length':
      return text(operands[0] as string).length;
    case 'slice': {
      const [reference, from, length] = operands as [string, number, number];
      const part = text(reference).slice(from - 1, from - 1 + length);
      return numberOf(part) ?? part;
    }
    case 'number':
    case 'text':
      return operands[0];
    case 'year':
      return scope.year;
    case 'add':
      return cents(numeric(0) + numeric(1));
    case 'sub':
      return cents(numeric(0) - numeric(1));
    case 'mul':
      return cents(numeric(0) * numeric(1));
    case 'div': {
      const divisor = numeric(1);
      return divisor === 0 ? 0 : numeric(0) / divisor;
    }
    case 'cmp':
      return compare(operands[0] as string, sub(1), sub(2));
    default:
      throw new RangeError(`no condition ${operator}`);
  }
}

// An absent field counts as nothing in arithmetic, as in ERiC.
const toNumber = (value: unknown) => (typeof value === 'number' ? value : value === '' || value === undefined ? 0 : Number.NaN);

function compare(operator: string, left: unknown, right: unknown): boolean {
  const numbers = [left, right].every((side) => typeof side === 'number' || side === '');
  if (!numbers || (left === '' && right === '')) {
    if (operator === '==') return String(left) === String(right);
    if (operator === '!=') return String(left) !== String(right);
    return false;
  }
  const difference = toNumber(left) - toNumber(right);
  switch (operator) {
    case '==':
      return Math.abs(difference) < 0.005;
    case '!=':
      return Math.abs(difference) >= 0.005;
    case '!=1':
      return Math.abs(difference) > 1;
    case '!=10':
      return Math.abs(difference) > 10;
    case '<':
      return difference < 0;
    case '>':
      return difference > 0;
    case '<=':
      return difference <= 0;
    case '>=':
      return difference >= 0;
    default:
      throw new RangeError(`no comparison ${operator}`);
  }
}

/** The comparison a condition ends on (`… und [A] != Summe(…)`), where it has one. */
function lastComparison(condition: Condition): Condition | undefined {
  if (condition[0] === 'cmp') return condition;
  if (condition[0] === 'and') return lastComparison(condition[2] as Condition);
  return undefined;
}

/** The references a condition names, in its order. */
function referencesIn(condition: Condition): string[] {
  const [operator, ...operands] = condition;
  if (['value', 'total', 'yearOf', 'slice', 'length', 'rangeStart', 'rangeEnd', 'in', 'notIn'].includes(operator)) return [operands[0] as string];
  if (['any', 'none', 'all', 'notAll', 'notTogether', 'moreThanOne', 'notOne', 'count', 'repeated'].includes(operator)) return operands[0] as string[];
  if (['context', 'noContext', 'contexts'].includes(operator)) return [];
  return operands
    .flatMap((operand) => (Array.isArray(operand) && Array.isArray(operand[0]) ? (operand as Condition[]) : [operand]))
    .filter((operand): operand is Condition => Array.isArray(operand) && typeof operand[0] === 'string')
    .flatMap(referencesIn);
}

const describe = (condition: Condition, nameOf: (reference: string) => string): string => {
  const [operator, ...operands] = condition;
  const inner = (index: number) => describe(operands[index] as Condition, nameOf);
  const list = () => (operands[0] as Condition[]).map((operand) => describe(operand, nameOf)).join(', ');
  switch (operator) {
    case 'value':
      return nameOf(operands[0] as string);
    case 'total':
      return `the sum of every ${nameOf(operands[0] as string)}`;
    case 'sum':
      return (operands[0] as Condition[]).length === 1 ? list() : `the sum of ${list()}`;
    case 'min':
    case 'max':
      return `the ${operator === 'min' ? 'least' : 'greatest'} of ${list()}`;
    case 'ceil':
    case 'floor':
      return `${list()} rounded ${operator === 'ceil' ? 'up' : 'down'} to whole euros`;
    case 'number':
      return String(operands[0]);
    case 'text':
      return `"${String(operands[0])}"`;
    case 'year':
      return 'the year';
    case 'count':
      return `the number of ${(operands[0] as string[]).map(nameOf).join(', ')} given`;
    case 'contexts':
      return `the number of ${String(operands[0])} given`;
    case 'mul':
    case 'div':
    case 'add':
    case 'sub':
      return `${inner(0)} ${{ mul: '×', div: '÷', add: '+', sub: '−' }[operator]} ${inner(1)}`;
    default:
      return 'its condition';
  }
};

/** What the rule asks, in the service's words, and the value it expects where it computes one. */
function explanation(condition: Condition, scope: Scope, nameOf: (reference: string) => string): { reference?: string; message: string; expected?: string } {
  const comparison = lastComparison(condition);
  if (comparison && ['!=', '!=1', '!=10'].includes(comparison[1] as string)) {
    const [, operator, left, right] = comparison as readonly [string, string, Condition, Condition];
    const value = evaluate(right, scope);
    const tolerance = operator === '!=' ? '' : `, within ${operator.slice(2)} euro`;
    // A year, or a part of a text, is a whole number; an amount has cents; a day has no value to show.
    const whole = ['yearOf', 'slice', 'length'].includes(left[0]) || right[0] === 'year';
    const day = ['rangeStart', 'rangeEnd', 'date'].some((kind) => [left[0], right[0]].includes(kind)) || typeof value !== 'number';
    const [reference] = referencesIn(left);
    return {
      ...(reference !== undefined && { reference }),
      message: `must be ${describe(right, nameOf)}${tolerance}`,
      ...(!day && { expected: whole ? String(value) : value.toFixed(2) }),
    };
  }
  const last = condition[0] === 'and' ? (condition[2] as Condition) : condition;
  const listed = (last[1] as string[] | undefined) ?? [];
  if (last[0] === 'notTogether' || last[0] === 'notAll')
    return { reference: listed[0], message: `must be given together with ${listed.map(nameOf).join(', ')}` };
  if (last[0] === 'none') return { reference: listed[0], message: 'is required here' };
  const [first] = referencesIn(condition);
  return { ...(first !== undefined && { reference: first }), message: 'is what this rule of ERiC is about: check it against the rest of the return' };
}

/**
 * Each place `context` (names below the root) stands in the document: the elements from the root
 * down to it, each repetition its own. Where the context is absent, an empty stand-in that is not
 * given: ERiC checks a context that stands once in its schema on an empty one where it is not sent
 * (a rule that should not apply there asks `KontextAngegeben`), and a repeated one that is absent
 * only for the rules that ask for it (`KontextNichtAngegeben(RegelKontext)`), as `repeated` marks.
 */
function contextsOf(root: XmlTree, context: string, repeating: ReadonlySet<string>): Found[][] {
  // A letter's rules stand on its element itself (scripts/structure/rule-table.ts): no name, the root alone.
  let chains: Found[][] = [[{ node: root, names: [] }]];
  for (const name of context.split('/').filter(Boolean)) {
    chains = chains.flatMap((chain) => {
      const here = chain.at(-1)!;
      const found = here.absent ? [] : descend(here, [name], repeating);
      if (found.length > 0) return found.map((child) => [...chain, child]);
      const repeats = repeating.has([...plain(here.names), name].join('/'));
      const names = repeats ? [...here.names, name, '0'] : [...here.names, name];
      const stand: Found = {
        node: { ...root, name, children: [], text: '', attributes: {} },
        names,
        absent: true,
        ...((repeats || here.repeated) && { repeated: true as const }),
      };
      return [[...chain, stand]];
    });
  }
  return chains;
}

/**
 * The findings the rules of `book` would report for the Nutzdaten element `root` of `year`, whose
 * schema's structure is `structure`. `pathOf` names an element for a finding (its names below the
 * root, a repetition's index after a repeating element's name).
 */
export function workbookRuleFindings(
  book: RuleBook,
  root: XmlTree,
  year: number,
  structure: CompactStructure,
  pathOf: (names: readonly string[]) => string,
): Finding[] {
  const known = places(structure);
  const findings: Finding[] = [];
  const contexts = new Map<string, Found[][]>();
  for (const [name, kind, context, condition] of book.rules) {
    let chains = contexts.get(context);
    if (!chains) contexts.set(context, (chains = contextsOf(root, context, known.repeating)));
    const asksForContext = JSON.stringify(condition).includes('["noContext","."]');
    for (const chain of chains) {
      // An absent repeated context has no place of its own: only a rule that asks for it is checked there.
      if (chain.at(-1)!.repeated && !asksForContext) continue;
      const scope: Scope = { root, chain, year, places: known, book };
      if (!evaluate(condition, scope)) continue;
      // Where a reference stands: the element found, else where it would stand in this place.
      const where = (reference: string): readonly string[] => {
        const found = resolve(scope, reference)[0];
        if (found) return found.names;
        if (reference.startsWith('/')) return reference.slice(1).split('/');
        if (reference.includes('/') || reference === '.') return [...chain.at(-1)!.names, ...reference.split('/').filter((part) => part !== '.')];
        const place = declaredPlace(scope, reference);
        return place ? [...chain[place.start]!.names, ...place.rest] : [...chain.at(-1)!.names, reference];
      };
      const nameOf = (reference: string) => pathOf(where(reference)).split(/[./]/).at(-1)!;
      const { reference, message, expected } = explanation(condition, scope, nameOf);
      findings.push({
        path: pathOf(reference === undefined ? chain.at(-1)!.names : where(reference)),
        code: 'ERIC_RULE',
        message: `${message} (ERiC's rule ${name})`,
        rule: name,
        ...(expected !== undefined && { expected }),
        ...(kind === 'Hinweis' && { severity: 'hint' as const }),
      });
    }
  }
  return findings;
}
