// ERiC's plausibility rules of a form as data the service evaluates (shared/forms/workbook-rules.ts):
// each rule of a year's workbook (shared/elster/rules/Jahresdokumentation_{form}_{year}.xml, a sheet
// "{part} - Regeln" for each part of the Nutzdaten element: USt2A, UN, FV, Vorsatz of E50; GewSt1A,
// EMU, OHG, BEG, BEKGW, Vorsatz of E20) with its name, kind (Fehler refuses, Hinweis informs),
// context and its condition parsed into a small expression tree, and the attributes an enumeration
// gives its values (a Rechtsform's Rechtsformgruppe, sheet "Benutzerdefinierte Typen"). A condition
// is a fact of the form, like a pattern of its schema; the workbook's messages are not taken. A rule
// whose condition uses what the service does not evaluate (today's date, parts of a text, ERiC's
// application conditions, fields outside the year's schema) is listed under `left` with the reason,
// and docs/sources.md says so.
import { type CompactStructure, typeOf } from '#shared/xml/structure.ts';
import { readWorkbook, type Workbook } from '../workbook/read-workbook.ts';

/** A condition: arrays with an operator first (shared/forms/workbook-rules.ts evaluates them). */
export type Condition = readonly [string, ...unknown[]];

/** What a function of fields becomes, by ERiC's name: each takes a list of fields. */
const fieldFunctions: Record<string, string> = {
  FeldAngegeben: 'any',
  FeldNichtAngegeben: 'none',
  MindestensEinFeldAngegeben: 'any',
  KeinFeldAngegeben: 'none',
  AlleFelderAngegeben: 'all',
  FelderNichtGemeinsamAngegeben: 'notTogether',
  NichtAlleFelderOderKeinFeldAngegeben: 'notAll',
  MehrAlsEinFeldAngegeben: 'moreThanOne',
  NichtGenauEinFeldAngegeben: 'notOne',
  FeldWerteNichtEindeutig: 'repeated',
  AnzahlAngegebenerFelder: 'count',
  Summe: 'sum',
};
/** Functions of one context. */
const contextFunctions: Record<string, string> = {
  KontextAngegeben: 'context',
  MindestensEinKontextAngegeben: 'context',
  KontextNichtAngegeben: 'noContext',
  KeinKontextAngegeben: 'noContext',
  AnzahlAngegebenerKontexte: 'contexts',
};
/** Functions of numbers. */
const numberFunctions: Record<string, string> = { Min: 'min', Max: 'max', Aufrunden: 'ceil', Abrunden: 'floor' };
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
// A JaNein field holds "1" for yes and "2" for no; a field whose schema takes true and false holds those.
const truth: Record<string, readonly [janein: string, boolean: string]> = { Wahr: ['1', 'true'], Falsch: ['2', 'false'] };

const tokenPattern =
  /\s*(UngleichMitToleranz10|UngleichMitToleranz1|!=|==|<=|>=|[<>()[\]{},*+-]|"[^"]*"|[0-9]+(?:\.[0-9]+)?|\/?[A-Za-z_][\w*]*(?:\/[A-Za-z_][\w*]*)*(?:->\w+)?|\/)/y;

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

/**
 * What a condition may name, for the rule's context: a field by its name, or a field or group by its
 * path from the root (`/OHG*\/Gew_Ertr/E4044002`) or from the context (`Einz*\/E4002322`,
 * `RegelKontext`); `*` (every repetition) is dropped, since a path takes every repetition anyway.
 */
export interface Names {
  field(reference: string): boolean;
  context(reference: string): boolean;
  /** Whether a field's schema takes "true" and "false" (as a letter's do), not a JaNein's "1" and "2". */
  trueFalse(reference: string): boolean;
}

/** A reference as the evaluator takes it: `.` the context, `/…` from the root, else from the context or a field's name. */
const reference = (token: string) => (token === 'RegelKontext' ? '.' : token.replaceAll('*', ''));

/** Parses a condition; throws with the reason where it uses what is not evaluated. */
export function parseCondition(text: string, names: Names): Condition {
  const list = tokens(text);
  let at = 0;
  const peek = () => list[at];
  const take = (expected?: string) => {
    const token = list[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`expected ${expected ?? 'more'} at ${token ?? 'the end'}`);
    return token;
  };
  const field = (token: string) => {
    const name = reference(token);
    if (name !== '.' && !names.field(name) && !names.context(name)) throw new Error(`${token} is not in the year's schema`);
    return name;
  };
  const contextPath = (token: string) => {
    const name = reference(token);
    if (name !== '.' && !names.context(name)) throw new Error(`the context ${token} is not in the year's schema`);
    return name;
  };
  const listed = <T>(item: () => T): T[] => {
    take('(');
    const items = [item()];
    while (peek() === ',') {
      take(',');
      items.push(item());
    }
    take(')');
    return items;
  };
  // `oder` and `und` each join their operands from the left, `und` binding closer.
  const joined = (word: string, tag: string, operand: () => Condition) => (): Condition => {
    let left = operand();
    while (peek()?.toLowerCase() === word) {
      take();
      left = [tag, left, operand()];
    }
    return left;
  };
  const or = joined('oder', 'or', () => and());
  const and = joined('und', 'and', () => comparison());
  const comparison = (): Condition => {
    const left = sum();
    const operator = operators[peek() ?? ''];
    if (!operator) return settled(left);
    take();
    const right = sum();
    return ['cmp', operator, settled(left, right), settled(right, left)];
  };
  const sum = (): Condition => {
    let left = product();
    while (peek() === '+' || peek() === '-') left = [take() === '+' ? 'add' : 'sub', left, product()];
    return left;
  };
  const product = (): Condition => {
    let left = atom();
    while (peek() === '*' || peek() === '/') left = [take() === '*' ? 'mul' : 'div', left, atom()];
    return left;
  };
  // In a sum, a field stands for all its repetitions; anything else is an expression.
  const summand = (): Condition => {
    const token = peek()!;
    if (/^\/?[A-Za-z_]/.test(token) && !(token in numberFunctions) && list[at + 1] !== '(') return ['total', field(take())];
    return sum();
  };
  const atom = (): Condition => {
    const token = take();
    if (token === '(' || token === '{') {
      const inner = or();
      take(token === '(' ? ')' : '}');
      return inner;
    }
    if (token === '-') return ['sub', ['number', 0], atom()];
    if (token === '[') {
      const name = field(take());
      take(']');
      return ['value', name];
    }
    if (/^[0-9]/.test(token)) return ['number', Number(token)];
    // A day of the year written as text ("31.12."), as a range's days are compared with it.
    const day = /^"(\d{2})\.(\d{2})\."$/.exec(token);
    if (day) return ['number', Number(day[2]) * 100 + Number(day[1])];
    if (token.startsWith('"')) return ['text', token.slice(1, -1)];
    if (token in truth) return ['truth', token];
    if (token === 'Veranlagungsjahr') return ['year'];
    if (token === 'Summe') return ['sum', listed(summand)];
    if (token in numberFunctions) return [numberFunctions[token]!, listed(sum)];
    if (token === 'JahrAusDatum') {
      const [name] = listed(take);
      return name === 'Veranlagungsjahr' ? ['year'] : ['yearOf', field(name!)];
    }
    // A range of days of the year ("TT.MM-TT.MM"): its first or last day.
    if (token === 'StartAusDatumBereich' || token === 'EndeAusDatumBereich')
      return [token === 'StartAusDatumBereich' ? 'rangeStart' : 'rangeEnd', listed(() => field(take()))[0]];
    // A day of the assessment year: Datum("TT", "MM").
    if (token === 'Datum') {
      const [day, month] = listed(take).map((part) => part.replaceAll('"', ''));
      return ['date', Number(day), Number(month)];
    }
    if (token === 'BereichAlsZahl' || token === 'BereichAlsString') {
      // A field's characters from a position (counted from 1), as a number where they are one.
      const [name, from, length] = listed(take);
      return ['slice', field(name!), Number(from), Number(length)];
    }
    const kind = fieldFunctions[token];
    if (kind) return [kind, listed(() => field(take()))];
    if (token === 'FeldWertInWerteListe' || token === 'FeldWertNichtInWerteListe') {
      take('(');
      const [name, attribute] = take().split('->');
      const values: string[] = [];
      while (peek() === ',') {
        take(',');
        const value = take();
        if (!value.startsWith('"')) throw new Error(`${token} lists ${value}`);
        values.push(value.slice(1, -1));
      }
      take(')');
      return [token === 'FeldWertInWerteListe' ? 'in' : 'notIn', field(name!), attribute ?? '', values];
    }
    const contextKind = contextFunctions[token];
    if (contextKind) {
      // Of several contexts: any given, none given, or how many are.
      const [first, ...more] = listed(() => contextPath(take())).map((path): Condition => [contextKind, path]);
      const join = { context: 'or', noContext: 'and', contexts: 'add' }[contextKind]!;
      return more.reduce((joined, next): Condition => [join, joined, next], first!);
    }
    if (token === 'Laenge') return ['length', listed(() => field(take()))[0]];
    throw new Error(`${token} is not evaluated`);
  };
  /** Wahr or Falsch as the text of the field it is compared with. */
  const settled = (side: Condition, other?: Condition): Condition => {
    if (side[0] !== 'truth') return side;
    const [janein, trueFalse] = truth[side[1] as string]!;
    return ['text', other?.[0] === 'value' && names.trueFalse(other[1] as string) ? trueFalse : janein];
  };
  const condition = or();
  if (at !== list.length) throw new Error(`${list[at]} is not evaluated`);
  return condition;
}

/** Every leaf's name, those that take true and false, and every path from the root (`/USt2A/Allg`, `/OHG/Gew_Ertr/E4044002`). */
function namesOf(structure: CompactStructure) {
  const leaves = new Set<string>();
  const trueFalse = new Set<string>();
  const paths = new Set<string>();
  const visit = (index: number, path: string) => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return;
    for (const particle of type.particles) {
      const childPath = `${path}/${particle.name}`;
      paths.add(childPath);
      const type = typeOf(structure, particle.type);
      if ('particles' in type) visit(particle.type, childPath);
      else leaves.add(particle.name);
      if ('text' in type && [...(type.text.e ?? [])].sort().join() === 'false,true') trueFalse.add(particle.name);
    }
  };
  visit(structure.type, '');
  return { leaves, trueFalse, paths };
}

/** A rule as the evaluator takes it: name, kind, context (an element path below the root), condition. */
export type RuleRow = readonly [string, 'Fehler' | 'Hinweis', string, Condition];

export interface RuleTable {
  rules: RuleRow[];
  /** name, kind, why it is not evaluated */
  left: (readonly [string, string, string])[];
  /** For a field whose enumeration gives its values attributes: attribute, value, the attribute's value (`E4000501` → `Rechtsformgruppe` → `350` → `KOE`). */
  attributes: Record<string, Record<string, Record<string, string>>>;
}

/** The attributes enumerations give their values, by the fields that use them ("Benutzerdefinierte Typen"). */
function attributesOf(book: Workbook): RuleTable['attributes'] {
  const [header, ...rows] = book.get('Benutzerdefinierte Typen') ?? [];
  if (!header) return {};
  const [format, usedBy] = ['Format', 'Wird verwendet von'].map((title) => header.findIndex((cell) => cell.trim() === title));
  const attributes: RuleTable['attributes'] = {};
  for (const row of rows) {
    const values = [...(row[format!] ?? '').matchAll(/^ - (\S+) \[[^\]]*\] (\w+): (\S+)$/gm)];
    if (values.length === 0) continue;
    for (const path of (row[usedBy!] ?? '').split(',').map((used) => used.trim().split('/').at(-1)!)) {
      for (const [, value, attribute, group] of values) ((attributes[path] ??= {})[attribute!] ??= {})[value!] = group!;
    }
  }
  return attributes;
}

/** The rules of one year's workbook, against that year's structure. */
export function ruleTable(workbook: string, structure: CompactStructure): RuleTable {
  const { leaves, trueFalse, paths } = namesOf(structure);
  const root = typeOf(structure, structure.type);
  const parts = 'particles' in root ? root.particles.map(({ name }) => name) : [];
  const book = readWorkbook(workbook);
  const table: RuleTable = { rules: [], left: [], attributes: attributesOf(book) };
  // A declaration's workbook has a sheet per part of its element; a letter's one for the element itself, its contexts below the root.
  for (const part of [...parts, structure.root]) {
    const [header, ...rows] = book.get(`${part} - Regeln`) ?? [];
    const below = part === structure.root ? undefined : part;
    if (!header) continue;
    const column = (title: string) => {
      const index = header.findIndex((cell) => cell.trim() === title);
      if (index === -1) throw new Error(`${part} - Regeln: no column ${title}`);
      return index;
    };
    const [contextColumn, nameColumn, conditionColumn, kindColumn] = ['Kontext', 'Name', 'Prüfbedingung', 'Regelart'].map(column);
    for (const row of rows) {
      const name = row[nameColumn!]?.trim() ?? '';
      const kind = row[kindColumn!]?.trim();
      // "(alt)" rows are the previous version of a changed rule.
      if (!name || name.endsWith('(alt)') || (kind !== 'Fehler' && kind !== 'Hinweis')) continue;
      const context = `/${[below, row[contextColumn!]?.trim()].filter(Boolean).join('/')}`;
      const inSchema = (relative: string) => paths.has(relative.startsWith('/') ? relative : `${context === '/' ? '' : context}/${relative}`);
      try {
        if (context !== '/' && !paths.has(context)) throw new Error(`the context ${context} is not in the year's schema`);
        const condition = parseCondition(row[conditionColumn!]!.replace(/\s+/g, ' ').trim(), {
          field: (reference) => (reference.includes('/') ? inSchema(reference) : leaves.has(reference)),
          trueFalse: (reference) => trueFalse.has(reference.split('/').at(-1)!),
          context: inSchema,
        });
        table.rules.push([name, kind, context.slice(1), condition]);
      } catch (error) {
        table.left.push([name, kind, (error as Error).message]);
      }
    }
  }
  return table;
}
