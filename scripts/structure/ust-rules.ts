// ERiC's plausibility rules of the annual VAT return as data the service evaluates
// (shared/forms/ust/eric-rules.ts): each rule of a year's workbook (shared/elster/rules/
// Jahresdokumentation_USt_50_{year}.xml, sheets "… - Regeln" of USt2A, UN, FV and the Vorsatz) with
// its name, kind (Fehler refuses, Hinweis informs), context and its condition parsed into a small
// expression tree. A condition is a fact of the form, like a pattern of its schema; the workbook's
// messages are not taken. A rule whose condition uses what the service does not evaluate (dates,
// parts of a text, repeated groups, fields outside E50) is listed under `left` with the reason, and
// docs/sources.md says so.
import { type CompactStructure, typeOf } from '#shared/xml/structure.ts';
import { readWorkbook } from '../workbook/read-workbook.ts';

/** A condition: arrays with an operator first (eric-rules.ts evaluates them). */
export type Condition = readonly [string, ...unknown[]];

const sheets = [
  ['USt2A - Regeln', 'USt2A'],
  ['UN - Regeln', 'UN'],
  ['FV - Regeln', 'FV'],
  ['Vorsatz - Regeln', 'Vorsatz'],
] as const;

const fieldFunctions: Record<string, string> = {
  FeldAngegeben: 'given',
  FeldNichtAngegeben: 'missing',
  MindestensEinFeldAngegeben: 'any',
  KeinFeldAngegeben: 'none',
  AlleFelderAngegeben: 'all',
  FelderNichtGemeinsamAngegeben: 'notTogether',
  MehrAlsEinFeldAngegeben: 'moreThanOne',
  Summe: 'sum',
};
const operators: Record<string, string> = {
  '!=': '!=',
  '==': '==',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
  UngleichMitToleranz1: '!=1',
  UngleichMitToleranz10: '!=10',
};

const tokenPattern = /\s*(UngleichMitToleranz10|UngleichMitToleranz1|!=|==|<=|>=|[<>()[\]{},*+-]|"[^"]*"|[0-9]+(?:\.[0-9]+)?|[A-Za-z_][\w*/.]*|\/[\w/]+)/y;

function tokens(text: string): string[] {
  const list: string[] = [];
  let read = 0;
  tokenPattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = tokenPattern.exec(text))) {
    list.push(match[1]!);
    read = tokenPattern.lastIndex;
  }
  if (text.slice(read).trim() !== '') throw new Error(`cannot read "${text.slice(read, read + 20)}"`);
  return list;
}

/** Parses a condition; throws with the reason where it uses what is not evaluated. */
export function parseCondition(text: string, knows: (field: string) => boolean, hasContext: (path: string) => boolean): Condition {
  const list = tokens(text);
  let at = 0;
  const peek = () => list[at];
  const take = (expected?: string) => {
    const token = list[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`expected ${expected ?? 'more'} at ${token ?? 'the end'}`);
    return token;
  };
  const field = (name: string) => {
    if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`the field ${name} stands in a repeated group`);
    if (!knows(name)) throw new Error(`the field ${name} is not in the year's E50`);
    return name;
  };
  const fieldList = () => {
    take('(');
    const names: string[] = [field(take())];
    while (peek() === ',') {
      take(',');
      names.push(field(take()));
    }
    take(')');
    return names;
  };
  const or = (): Condition => {
    let left = and();
    while (peek()?.toLowerCase() === 'oder') {
      take();
      left = ['or', left, and()];
    }
    return left;
  };
  const and = (): Condition => {
    let left = comparison();
    while (peek()?.toLowerCase() === 'und') {
      take();
      left = ['and', left, comparison()];
    }
    return left;
  };
  const comparison = (): Condition => {
    const left = sum();
    const operator = operators[peek() ?? ''];
    if (!operator) return left;
    take();
    return ['cmp', operator, left, sum()];
  };
  const sum = (): Condition => {
    let left = product();
    while (peek() === '+' || peek() === '-') left = [take() === '+' ? 'add' : 'sub', left, product()];
    return left;
  };
  const product = (): Condition => {
    let left = atom();
    while (peek() === '*') {
      take();
      left = ['mul', left, atom()];
    }
    return left;
  };
  const atom = (): Condition => {
    const token = take();
    if (token === '(' || token === '{') {
      const inner = or();
      take(token === '(' ? ')' : '}');
      return inner;
    }
    if (token === '[') {
      const name = field(take());
      take(']');
      return ['value', name];
    }
    if (/^[0-9]/.test(token)) return ['number', Number(token)];
    if (token.startsWith('"')) return ['text', token.slice(1, -1)];
    if (token === 'Veranlagungsjahr') return ['year'];
    const kind = fieldFunctions[token];
    if (kind) return [kind, fieldList()];
    if (token === 'KontextAngegeben' || token === 'KontextNichtAngegeben') {
      take('(');
      const path = take();
      take(')');
      if (!hasContext(path)) throw new Error(`the context ${path} is not in the year's E50`);
      return [token === 'KontextAngegeben' ? 'context' : 'noContext', path];
    }
    throw new Error(`${token} is not evaluated`);
  };
  const condition = or();
  if (at !== list.length) throw new Error(`unexpected ${list[at]}`);
  return condition;
}

/** Every element name of a structure, and every path of groups from the root (as `/USt2A/Allg`), with whether it repeats on its way. */
function namesOf(structure: CompactStructure) {
  const fields = new Set<string>();
  const contexts = new Map<string, boolean>();
  const visit = (index: number, path: string, repeated: boolean) => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return;
    for (const particle of type.particles) {
      const childPath = `${path}/${particle.name}`;
      const childRepeated = repeated || particle.max > 1;
      if ('particles' in typeOf(structure, particle.type)) {
        contexts.set(childPath, childRepeated);
        visit(particle.type, childPath, childRepeated);
      } else if (!childRepeated) fields.add(particle.name);
    }
  };
  visit(structure.type, '', false);
  return { fields, contexts };
}

export interface RuleTable {
  /** name, kind, context (an element path below E50), condition */
  rules: (readonly [string, 'Fehler' | 'Hinweis', string, Condition])[];
  /** name, kind, why it is not evaluated */
  left: (readonly [string, string, string])[];
}

/** The rules of one year's workbook, against that year's structure. */
export function ruleTable(workbook: string, structure: CompactStructure): RuleTable {
  const { fields, contexts } = namesOf(structure);
  const table: RuleTable = { rules: [], left: [] };
  const book = readWorkbook(workbook);
  for (const [sheet, part] of sheets) {
    const [header, ...rows] = book.get(sheet) ?? [];
    if (!header) continue;
    const column = (title: string) => {
      const index = header.findIndex((cell) => cell.trim() === title);
      if (index === -1) throw new Error(`${sheet}: no column ${title}`);
      return index;
    };
    const [contextColumn, nameColumn, conditionColumn, kindColumn] = ['Kontext', 'Name', 'Prüfbedingung', 'Regelart'].map(column);
    for (const row of rows) {
      const name = row[nameColumn!]?.trim() ?? '';
      const kind = row[kindColumn!]?.trim();
      // "(alt)" rows are the previous version of a changed rule.
      if (!name || name.endsWith('(alt)') || (kind !== 'Fehler' && kind !== 'Hinweis')) continue;
      const context = `/${[part, row[contextColumn!]?.trim()].filter(Boolean).join('/')}`;
      try {
        if (!contexts.has(context)) throw new Error(`the context ${context} is not in the year's E50`);
        if (contexts.get(context)) throw new Error('its context repeats');
        const condition = parseCondition(
          row[conditionColumn!]!.replace(/\s+/g, ' ').trim(),
          (field) => fields.has(field),
          (path) => contexts.has(path),
        );
        table.rules.push([name, kind, context.slice(1), condition]);
      } catch (error) {
        table.left.push([name, kind, (error as Error).message]);
      }
    }
  }
  return table;
}
