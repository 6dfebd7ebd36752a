// ERiC's plausibility rules of the annual VAT return, applied by name: each year's rules are
// generated from its workbook (shared/elster/rules/Jahresdokumentation_USt_50_{year}.xml) into
// structure/e50-{year}-rules.json (beside the structure, so a bundle carries both) by scripts/structure/ust-rules.ts, their conditions parsed into small trees
// evaluated here over the fields of the E50 that is sent. A rule that fires is a finding with the
// rule's name (what ERiC reports as `FehlerRegelpruefung/RegelName`), refusing for a Fehler and a
// hint for a Hinweis; its message is the service's own, naming what the rule checks. The rules the
// generator leaves out, and why, are each file's `left` (docs/sources.md).
import { readFileSync } from 'node:fs';
import type { Finding } from '#shared/domain/ticket.ts';
import type { FieldValue } from '#shared/forms/element-body.ts';
import { newestSchemaYear } from '#shared/forms/ust/structure.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

type Condition = readonly [string, ...unknown[]];
type Rule = readonly [name: string, kind: 'Fehler' | 'Hinweis', context: string, condition: Condition];

const tables = new Map<number, readonly Rule[]>();

/** The rules of `year`'s workbook; a year without its own takes the newest. */
export function ustRules(year: number): readonly Rule[] {
  const workbook = Math.min(year, newestSchemaYear);
  let rules = tables.get(workbook);
  if (!rules) {
    const file = new URL(`./structure/e50-${workbook}-rules.json`, import.meta.url);
    rules = (JSON.parse(readFileSync(file, 'utf8')) as { rules: Rule[] }).rules;
    tables.set(workbook, rules);
  }
  return rules;
}

/** A field's number: ELSTER writes a decimal comma; a text that is no number is none. */
const numberOf = (text: string) => (/^-?\d+(?:,\d+)?$/.test(text) ? Number(text.replace(',', '.')) : undefined);
const cents = (value: number) => Math.round(value * 100) / 100;

interface Document {
  fields: ReadonlyMap<string, FieldValue>;
  tree: XmlTree;
  year: number;
  /** Whether a context is in the tree, by its path: hundreds of rules share a few contexts, and an element may have thousands of children to look through. */
  contexts: Map<string, boolean>;
}

const isGiven = (document: Document, name: string) => (document.fields.get(name)?.text ?? '') !== '';

function hasContext(document: Document, path: string): boolean {
  let found = document.contexts.get(path);
  if (found === undefined) {
    let node: XmlTree | undefined = document.tree;
    for (const name of path.split('/').filter(Boolean)) node = node?.children.find((child) => child.name === name);
    document.contexts.set(path, (found = node !== undefined));
  }
  return found;
}

function evaluate(condition: Condition, document: Document): unknown {
  const [operator, ...operands] = condition;
  const list = () => operands[0] as string[];
  const given = () => list().filter((name) => isGiven(document, name)).length;
  const sub = (index: number) => evaluate(operands[index] as Condition, document);
  const numeric = (index: number) => Number(sub(index) ?? 0);
  switch (operator) {
    case 'and':
      return Boolean(sub(0)) && Boolean(sub(1));
    case 'or':
      return Boolean(sub(0)) || Boolean(sub(1));
    case 'given':
    case 'all':
      return given() === list().length;
    case 'missing':
      return given() < list().length;
    case 'any':
      return given() > 0;
    case 'none':
      return given() === 0;
    case 'notTogether':
      return given() > 0 && given() < list().length;
    case 'moreThanOne':
      return given() > 1;
    case 'context':
      return hasContext(document, operands[0] as string);
    case 'noContext':
      return !hasContext(document, operands[0] as string);
    case 'sum':
      return cents(list().reduce((total, name) => total + (numberOf(document.fields.get(name)?.text ?? '') ?? 0), 0));
    case 'value': {
      const text = document.fields.get(operands[0] as string)?.text ?? '';
      return numberOf(text) ?? text;
    }
    case 'number':
    case 'text':
      return operands[0];
    case 'year':
      return document.year;
    case 'add':
      return cents(numeric(0) + numeric(1));
    case 'sub':
      return cents(numeric(0) - numeric(1));
    case 'mul':
      return cents(numeric(0) * numeric(1));
    case 'cmp':
      return compare(operands[0] as string, evaluate(operands[1] as Condition, document), evaluate(operands[2] as Condition, document));
    default:
      throw new RangeError(`no condition ${operator}`);
  }
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  if (typeof left !== 'number' || typeof right !== 'number') {
    if (operator === '==') return left === right;
    if (operator === '!=') return left !== right;
    return false;
  }
  const difference = left - right;
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

/** The fields a condition names, in its order. */
function fieldsIn(condition: Condition): string[] {
  const [operator, ...operands] = condition;
  if (operator === 'value') return [operands[0] as string];
  if (['given', 'missing', 'any', 'none', 'all', 'notTogether', 'moreThanOne', 'sum'].includes(operator)) return operands[0] as string[];
  return operands.filter((operand): operand is Condition => Array.isArray(operand) && typeof operand[0] === 'string').flatMap(fieldsIn);
}

const describe = (condition: Condition, nameOf: (field: string) => string): string => {
  const [operator, ...operands] = condition;
  const fields = (index = 0) => (operands[index] as string[]).map(nameOf).join(', ');
  const inner = (index: number) => describe(operands[index] as Condition, nameOf);
  switch (operator) {
    case 'value':
      return nameOf(operands[0] as string);
    case 'sum':
      return `the sum of ${fields()}`;
    case 'number':
      return String(operands[0]);
    case 'text':
      return `"${String(operands[0])}"`;
    case 'year':
      return 'the year';
    case 'mul':
      return `${inner(0)} × ${inner(1)}`;
    case 'add':
    case 'sub':
      return `${inner(0)} ${operator === 'add' ? '+' : '−'} ${inner(1)}`;
    default:
      return 'its condition';
  }
};

/** What the rule asks, in the service's words, and the value it expects where it computes one. */
function explanation(condition: Condition, document: Document, nameOf: (field: string) => string): { field?: string; message: string; expected?: string } {
  const comparison = lastComparison(condition);
  if (comparison && ['!=', '!=1', '!=10'].includes(comparison[1] as string)) {
    const [, operator, left, right] = comparison as readonly [string, string, Condition, Condition];
    const value = evaluate(right, document);
    const tolerance = operator === '!=' ? '' : `, within ${operator.slice(2)} euro`;
    return {
      ...(left[0] === 'value' && { field: left[1] as string }),
      message: `must be ${describe(right, nameOf)}${tolerance}`,
      ...(typeof value === 'number' && { expected: value.toFixed(2) }),
    };
  }
  if (condition[0] === 'notTogether')
    return { field: (condition[1] as string[])[0], message: `must be given together with ${(condition[1] as string[]).map(nameOf).join(', ')}` };
  const [first] = fieldsIn(condition);
  const missing = condition[0] === 'missing' || (condition[0] === 'and' && (condition[2] as Condition)[0] === 'missing');
  if (missing) {
    const last = (condition[0] === 'missing' ? condition : (condition[2] as Condition)) as readonly [string, string[]];
    return { field: last[1][0], message: 'is required here' };
  }
  return { ...(first !== undefined && { field: first }), message: 'is what this rule of ERiC is about: check it against the rest of the return' };
}

/**
 * The findings ERiC's rules of `year` would report for the E50 `tree`, whose fields are `fields`.
 * A rule is checked where its context is: the group of E50 it belongs to is in the document.
 * `pathOf` names an element for a finding; `elementPath` where an absent field would stand.
 */
export function ericRuleFindings(
  tree: XmlTree,
  fields: ReadonlyMap<string, FieldValue>,
  year: number,
  pathOf: (names: readonly string[]) => string,
  elementPath: (name: string) => readonly string[] | undefined,
): Finding[] {
  const document: Document = { fields, tree, year, contexts: new Map() };
  const where = (field: string) => fields.get(field)?.names ?? elementPath(field);
  // A field as the finding's path names it: `e3003303` in a body, `E3003303` in XML.
  const nameOf = (field: string) =>
    pathOf(where(field) ?? [field])
      .split(/[./]/)
      .at(-1)!;
  const findings: Finding[] = [];
  for (const [name, kind, context, condition] of ustRules(year)) {
    if (!hasContext(document, context)) continue;
    if (!evaluate(condition, document)) continue;
    const { field, message, expected } = explanation(condition, document, nameOf);
    const names = (field && where(field)) || context.split('/');
    findings.push({
      path: pathOf(names),
      code: 'ERIC_RULE',
      message: `${message} (ERiC's rule ${name})`,
      rule: name,
      ...(expected !== undefined && { expected }),
      ...(kind === 'Hinweis' && { severity: 'hint' as const }),
    });
  }
  return findings;
}
