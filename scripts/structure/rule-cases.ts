// `npm run generate:rule-cases -- <kind>`: for each Fehler rule of a form's rule files (the
// generated structure/{file}-{year}-rules.json), two small documents, one the rule refuses and one
// it accepts, found by a seeded search over the fields the rule names and the values its condition
// and the schema suggest, and written to the form's `eric-rule-cases.json` for its table-driven test
// (shared/forms/{kind}/eric-rules.test.ts). A document is a map of element paths below the root
// (a repetition's index after a repeating element's name) to a field's text, or null for a group.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StructureSources } from '#shared/forms/form.ts';
import { type Condition, type Rule, ruleBook, workbookRuleFindings } from '#shared/forms/workbook-rules.ts';
import { type CompactStructure, type ElementsType, type TextType, typeOf, valueProblem } from '#shared/xml/structure.ts';
import type { XmlTree } from '#shared/xml/xml.ts';
import { taxNumberProblem } from '#shared/tax/tax-number.ts';

export type RuleDocument = Record<string, string | null>;
export interface RuleCase {
  refused: RuleDocument;
  accepted: RuleDocument;
}

const node = (name: string): XmlTree => ({ name, namespace: '', attributes: {}, children: [], text: '', line: 1, column: 1 }) as XmlTree;

/** The tree of a document under `root`: each path's elements, repetitions by their index. */
export function documentOf(root: string, document: RuleDocument): XmlTree {
  const tree = node(root);
  for (const [where, text] of Object.entries(document)) {
    let at = tree;
    const names = where.split('/');
    for (let index = 0; index < names.length; index++) {
      const name = names[index]!;
      const repetition = /^\d+$/.test(names[index + 1] ?? '') ? Number(names[++index]) : 0;
      const same = at.children.filter((child) => child.name === name);
      while (same.length <= repetition) {
        const child = node(name);
        at.children.push(child);
        same.push(child);
      }
      at = same[repetition]!;
    }
    if (text !== null) at.text = text;
  }
  return tree;
}

/** Whether rule `rule` of `book` refuses `document`. */
export function refuses(
  rule: Rule,
  attributes: Parameters<typeof workbookRuleFindings>[0]['attributes'],
  structure: CompactStructure,
  year: number,
  document: RuleDocument,
) {
  const findings = workbookRuleFindings({ rules: [rule], attributes }, documentOf(structure.root, document), year, structure, (names) => names.join('/'));
  return findings.some((finding) => finding.rule === rule[0]);
}

/** A small seeded generator (mulberry32), so the search finds the same documents on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Slot {
  path: string;
  values: readonly (string | null)[];
}

/** Where the structure has each element, and which paths repeat. */
function layout(structure: CompactStructure) {
  const declared = new Map<string, string[][]>();
  const repeating = new Set<string>();
  const leaves = new Map<string, ElementsType | TextType>();
  const visit = (index: number, names: string[]) => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return;
    for (const particle of type.particles) {
      const names2 = [...names, particle.name];
      if (particle.max > 1) repeating.add(names2.join('/'));
      declared.set(particle.name, [...(declared.get(particle.name) ?? []), names2]);
      const child = typeOf(structure, particle.type);
      if (!('particles' in child)) leaves.set(names2.join('/'), child);
      visit(particle.type, names2);
    }
  };
  visit(structure.type, []);
  return { declared, repeating, leaves };
}

/** The references, texts and numbers a condition names. */
function namedIn(
  condition: Condition,
  found = { references: new Set<string>(), contexts: new Set<string>(), texts: new Set<string>(), numbers: new Set<number>() },
) {
  const [operator, ...operands] = condition;
  if (['context', 'noContext', 'contexts'].includes(operator)) found.contexts.add(operands[0] as string);
  else if (['any', 'none', 'all', 'notAll', 'notTogether', 'moreThanOne', 'notOne', 'count', 'repeated'].includes(operator))
    for (const reference of operands[0] as string[]) found.references.add(reference);
  else if (['value', 'total', 'yearOf', 'slice', 'length', 'rangeStart', 'rangeEnd'].includes(operator)) found.references.add(operands[0] as string);
  else if (operator === 'in' || operator === 'notIn') {
    found.references.add(operands[0] as string);
    for (const text of operands[2] as string[]) found.texts.add(text);
  } else if (operator === 'text') found.texts.add(operands[0] as string);
  else if (operator === 'number') found.numbers.add(operands[0] as number);
  else
    for (const operand of operands) {
      if (Array.isArray(operand) && typeof operand[0] === 'string') namedIn(operand as unknown as Condition, found);
      else if (Array.isArray(operand)) for (const inner of operand) if (Array.isArray(inner)) namedIn(inner as unknown as Condition, found);
    }
  return found;
}

/** A valid 13-digit ELSTER tax number that begins with the two digits `prefix`, where one does. */
function taxNumberOf(prefix: number): string[] {
  for (let office = 0; office < 100 && prefix >= 10 && prefix < 100; office++)
    for (let digit = 0; digit < 10; digit++) {
      const number = `${prefix}${String(office).padStart(2, '0')}01234567${digit}`;
      if (taxNumberProblem(number) === undefined) return [number];
    }
  return [];
}

/** The places a rule's document may fill: each reference at a path below the context's first place, and the values it may take. */
export function slotsOf(rule: Rule, structure: CompactStructure, year: number, attributes: Parameters<typeof refuses>[1]): Slot[] {
  const { declared, repeating, leaves } = layout(structure);
  const [, , context, condition] = rule;
  const named = namedIn(condition);
  // A path of names with the first repetition's index after each repeating element.
  const indexed = (names: readonly string[], second = false) => {
    const out: string[] = [];
    names.forEach((name, at) => {
      out.push(name);
      if (repeating.has(names.slice(0, at + 1).join('/'))) out.push(second && at === lastRepeat(names) ? '1' : '0');
    });
    return out.join('/');
  };
  const lastRepeat = (names: readonly string[]) => names.findLastIndex((_, at) => repeating.has(names.slice(0, at + 1).join('/')));
  const contextNames = context.split('/').filter(Boolean);
  const pathsOf = (reference: string): string[][] => {
    if (reference === '.') return [contextNames];
    if (reference.startsWith('/')) return [reference.slice(1).split('/')];
    if (reference.includes('/')) return [[...contextNames, ...reference.split('/')]];
    const candidates = declared.get(reference) ?? [];
    let best: string[] | undefined;
    let bestShared = -1;
    for (const candidate of candidates) {
      let shared = 0;
      while (shared < contextNames.length && shared < candidate.length - 1 && candidate[shared] === contextNames[shared]) shared++;
      if (shared > bestShared) [best, bestShared] = [candidate, shared];
    }
    return best ? [best] : [];
  };
  const numbers = [...new Set([0, 1, 2, 3, 100, 101, 1000, -1, -100, ...named.numbers, ...[...named.numbers].map((n) => n + 1)])].map(String);
  const dates = [`01.01.${year}`, `15.06.${year}`, `15.06.${year - 2}`, `31.12.${year + 1}`, '01.01-30.06', '01.05-31.12', '01.01-31.12'];
  const texts = [...named.texts];
  const valuesOf = (names: readonly string[]): (string | null)[] => {
    const leaf = leaves.get(names.join('/'));
    const name = names.at(-1)!;
    if (!leaf) return [null];
    const enumeration = 'text' in leaf ? (leaf.text.e ?? []) : [];
    const coded = Object.values(attributes[name] ?? {}).flatMap((groups) => Object.keys(groups));
    if (enumeration.length > 0 || coded.length > 0)
      return [...new Set([...enumeration, ...coded, ...texts.filter((text) => enumeration.includes(text) || coded.includes(text))])];
    // The values the field's type takes, where any does (a date, a range of days, an amount with its comma or point,
    // a tax number of a Land a rule names by its first two digits, a postal code).
    const all = [
      ...numbers,
      ...numbers.map((number) => `${number},00`),
      ...numbers.map((number) => `${number}.00`),
      ...texts,
      ...dates,
      'A',
      `${year}`,
      ...(name === 'Steuernummer' ? [...named.numbers].flatMap(taxNumberOf) : []),
      // A number of as many digits as the field must have at least (a postal code's five).
      ...('text' in leaf && leaf.text.n !== undefined && leaf.text.n > 1 ? [String(10 ** (leaf.text.n - 1) + 1)] : []),
    ];
    const fitting = 'text' in leaf ? all.filter((value) => valueProblem(value, leaf) === undefined) : [];
    return fitting.length > 0 ? fitting : all;
  };
  const slots: Slot[] = [];
  for (const reference of named.references) {
    for (const names of pathsOf(reference)) {
      slots.push({ path: indexed(names), values: valuesOf(names) });
      // A second repetition of a repeating field, for the sums and counts over them.
      if (lastRepeat(names) >= 0) slots.push({ path: indexed(names, true), values: valuesOf(names) });
    }
  }
  for (const reference of named.contexts)
    for (const names of pathsOf(reference)) {
      slots.push({ path: indexed(names), values: [null] });
      if (lastRepeat(names) >= 0) slots.push({ path: indexed(names, true), values: [null] });
    }
  // The context itself, so that the rule is checked at all.
  slots.push({ path: indexed(contextNames), values: [null] });
  return slots;
}

/** A document the rule refuses and one it accepts, one change apart; undefined where the search finds none. */
export function findCase(rule: Rule, structure: CompactStructure, year: number, attributes: Parameters<typeof refuses>[1], tries = 6000): RuleCase | undefined {
  const slots = slotsOf(rule, structure, year, attributes);
  const next = random(year * 7919 + rule[0].length);
  const fires = (document: RuleDocument) => refuses(rule, attributes, structure, year, document);
  const contextSlot = slots.at(-1)!;
  let refused: RuleDocument | undefined;
  for (let attempt = 0; attempt < tries && !refused; attempt++) {
    const document: RuleDocument = { [contextSlot.path]: null };
    // Every other try gives few fields, for the rules that want many left out.
    const present = attempt < 50 ? 0.5 : attempt % 2 === 0 ? next() : next() * 0.15;
    for (const slot of slots) if (next() < present) document[slot.path] = slot.values[Math.floor(next() * slot.values.length)]!;
    if (fires(document)) refused = document;
  }
  // Many repetitions, for the rules that count them.
  if (!refused) {
    const many: RuleDocument = { [contextSlot.path]: null };
    for (const slot of slots) if (slot.values[0] === null) for (let index = 0; index < 502; index++) many[slot.path.replace(/\/0$/, `/${index}`)] = null;
    if (fires(many)) refused = many;
  }
  if (!refused) return undefined;
  let smallest: RuleDocument = refused;
  // As small as it goes: leave out what the rule does not need.
  for (const where of Object.keys(smallest)) {
    if (where === contextSlot.path) continue;
    const smaller = { ...smallest };
    delete smaller[where];
    if (fires(smaller)) smallest = smaller;
  }
  // One change that the rule accepts: a field left out, given another value, or added.
  const changes: RuleDocument[] = [];
  for (const where of Object.keys(smallest)) {
    if (where === contextSlot.path) continue;
    const without = { ...smallest };
    delete without[where];
    changes.push(without);
  }
  for (const slot of slots) for (const value of slot.values) changes.push({ ...smallest, [slot.path]: value });
  let accepted = changes.find((document) => !fires(document));
  // Else a few changes at once, such as two fields that must be given together.
  for (let attempt = 0; attempt < tries && !accepted; attempt++) {
    const document = { ...smallest };
    for (let change = 1 + Math.floor(next() * 5); change > 0; change--) {
      const slot = slots[Math.floor(next() * (slots.length - 1))]!;
      document[slot.path] = slot.values[Math.floor(next() * slot.values.length)]!;
    }
    if (!fires(document)) accepted = document;
  }
  return accepted ? { refused: smallest, accepted } : undefined;
}

/**
 * The cases of every Fehler rule of every year of `kind`'s rule files, and the rules without one: by
 * year, or for a letter's one schema of every year under "all" (its rules are checked as of `letterYear`).
 */
export function ruleCases(kind: string, sources: StructureSources, root: string) {
  const cases: Record<string, Record<string, RuleCase>> = {};
  const missing: string[] = [];
  const files: [key: string, file: string, year: number][] =
    'prefix' in sources ? sources.years.map((year) => [String(year), `${sources.file}-${year}`, year]) : [['all', sources.file, letterYear]];
  for (const [key, file, year] of files) {
    const folder = path.join(root, 'shared', 'forms', kind, 'structure');
    const structure = JSON.parse(readFileSync(path.join(folder, `${file}.json`), 'utf8')) as CompactStructure;
    const { rules, attributes } = ruleBook(new URL(`file://${path.join(folder, `${file}-rules.json`)}`));
    cases[key] = {};
    for (const rule of rules.filter(([, ruleKind]) => ruleKind === 'Fehler')) {
      // A rule that wants a rare mix of fields given and left out gets a longer search.
      const found = findCase(rule, structure, year, attributes) ?? findCase(rule, structure, year, attributes, 400_000);
      // A letter's workbook names alike rules of alike groups (an address's) alike: each is its own row.
      const name = key === 'all' && cases[key]![rule[0]] ? `${rule[0]} ${rule[2]}` : rule[0];
      if (found) cases[key]![name] = found;
      else missing.push(`${key} ${name}`);
    }
  }
  return { cases, missing };
}

/** The year a letter's rules are checked as of, where one of them asks for a year. */
export const letterYear = 2024;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kind = process.argv[2]!;
  const root = path.join(import.meta.dirname, '..', '..');
  const { sources } = (await import(`#shared/forms/${kind}/structure/sources.ts`)) as { sources: StructureSources };
  const { cases, missing } = ruleCases(kind, sources, root);
  // One rule a line, so that a change to one rule's case is one line of the diff.
  const years = Object.entries(cases).map(
    ([year, rules]) =>
      `${JSON.stringify(year)}: {\n${Object.entries(rules)
        .map(([name, found]) => `${JSON.stringify(name)}: ${JSON.stringify(found)}`)
        .join(',\n')}}`,
  );
  writeFileSync(path.join(root, 'shared', 'forms', kind, 'eric-rule-cases.json'), `{${years.join(',\n')}}\n`);
  console.log(`wrote shared/forms/${kind}/eric-rule-cases.json; no case found for ${missing.length}: ${missing.join(', ')}`);
}
