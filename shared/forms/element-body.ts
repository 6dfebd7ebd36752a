// A structured body that is an ELSTER declaration's Nutzdaten element itself, field for field (the
// annual VAT return's E50, the corporate income tax return's E30, the trade tax return's E20): each
// part (USt 2A, KSt 1, Anlage GK, GewSt 1A, the Vorsatz…) and each group of the year's schema is an
// object under the element's name in snake case (`Ber_Erkl` → `ber_erkl`, `AbsName` → `abs_name`),
// each ELSTER field (`E3003303`) a value under its identifier in lower case (`e3003303`), a repeated
// element a list. What a value looks like follows the field's type in the schema: "X" fields are
// `true`, amounts with cents are decimal strings or numbers ("19000.00", written "19000,00"), shares
// with six decimals likewise ("33.333333", written "33,333333"), whole numbers are numbers,
// everything else text. So the body carries every element of every year's schema, and the XML read
// back gives the same body (contract §12). The service sets the Vorsatz's Unterfallart, StNr,
// Zeitraum and OrdNrArt from the request (`tax_number`, `year`) itself.
import type { Finding } from '#shared/domain/ticket.ts';
import { formatEuros, toCents } from '#shared/tax/money.ts';
import { type CompactStructure, type ElementsType, type TextType, typeOf } from '#shared/xml/structure.ts';
import type { XmlElement, XmlNode, XmlTree } from '#shared/xml/xml.ts';
import { pathsSetBySelf } from '#shared/forms/replaced.ts';

/** An element's name in the body. */
export const bodyName = (element: string) => element.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/** The Vorsatz elements the service writes from the request, never the body. */
export const requestVorsatz = ['Unterfallart', 'StNr', 'Zeitraum', 'OrdNrArt'] as const;

/** Of those, what the service writes itself rather than from a field a body carries (`tax_number`, `year`): the form's number and OrdNrArt. */
export const vorsatzSetBySelf = (root: string) => pathsSetBySelf(`${root}/Vorsatz/Unterfallart`, `${root}/Vorsatz/OrdNrArt`);

/** The parts under the root, by their body names (`ust2a`, `kst1`, `gk`, `gewst1a`, `vorsatz`…). */
export type ElementParts = Record<string, unknown>;

/** How a field's value is written in the body, by its type in the schema. */
type Kind = 'flag' | 'cents' | 'share' | 'decimal' | 'integer' | 'text';

export function valueKind({ text, patterns }: TextType): Kind {
  if (text.e?.length === 1 && text.e[0] === 'X') return 'flag';
  if (text.b) return 'integer';
  const sources = patterns.map((pattern) => pattern.source);
  if (sources.some((source) => source.includes(',\\d{2,2}'))) return 'cents';
  if (sources.some((source) => source.includes(',\\d{6,6}'))) return 'share';
  if (sources.some((source) => source.includes('(,[0-9]+)'))) return 'decimal';
  return 'text';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const decimalText = /^-?\d{1,15}(?:\.\d+)?$/;

/** What each kind of field takes, for the finding that refuses another value. */
const takes: Record<Kind, string> = {
  flag: 'must be true (the box is ticked) or left out',
  cents: 'must be an amount in euros and cents: a number or a decimal string like "1200.50"',
  share: 'must be a percentage with up to three digits and six decimals: a number or a decimal string like "33.333333"',
  decimal: 'must be a decimal number or a decimal string like "7.5"',
  integer: 'must be a whole number, e.g. 12',
  text: 'must be a string',
};

/** A value of each kind, for the example a type error shows. */
const kindExamples: Record<Kind, unknown> = { flag: true, cents: '1200.50', share: '33.333333', decimal: '7.5', integer: 12, text: 'Text' };

/** How a caller writes a value of `type`: a group shown by its first field, as JSON. */
function writtenExample(structure: CompactStructure, type: ElementsType | TextType, depth = 0): unknown {
  if (!('particles' in type)) return kindExamples[valueKind(type)];
  const first = type.particles[0];
  if (!first || depth > 1) return {};
  const value = writtenExample(structure, typeOf(structure, first.type), depth + 1);
  return { [bodyName(first.name)]: first.max > 1 ? [value] : value };
}

const objectMessage = (structure: CompactStructure, type: ElementsType) => `must be an object, e.g. ${JSON.stringify(writtenExample(structure, type))}`;
const listMessage = (structure: CompactStructure, type: ElementsType | TextType, what: string) =>
  `must be a list: this ${what} may repeat, e.g. ${JSON.stringify([writtenExample(structure, type)])}`;

/** The text of a field for its value in the body, or undefined when the value is none of its kind. */
function fieldText(value: unknown, kind: Kind): string | undefined {
  switch (kind) {
    case 'flag':
      return value === true ? 'X' : undefined;
    case 'cents': {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || !/^-?\d{1,13}(?:\.\d{1,2})?$/.test(text)) return undefined;
      return formatEuros(toCents(text)).replace('.', ',');
    }
    case 'share': {
      // ELSTER writes a share with exactly six decimals ("33,333333").
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      const match = typeof text === 'string' ? /^(\d{1,3})(?:\.(\d{1,6}))?$/.exec(text) : null;
      return match ? `${match[1]},${(match[2] ?? '').padEnd(6, '0')}` : undefined;
    }
    case 'decimal': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      return typeof text === 'string' && decimalText.test(text) ? text.replace('.', ',') : undefined;
    }
    case 'integer':
      if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
      return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? value : undefined;
    case 'text':
      return typeof value === 'string' ? value : undefined;
  }
}

/** The body's value of a field's text, so that writing it gives the same text again. */
function bodyValue(text: string, kind: Kind): unknown {
  switch (kind) {
    case 'flag':
      return text === 'X' ? true : text;
    case 'cents':
    case 'share':
    case 'decimal':
      return /^-?\d+(?:,\d+)?$/.test(text) ? text.replace(',', '.') : text;
    case 'integer':
      return /^-?(?:0|[1-9]\d{0,14})$/.test(text) ? Number(text) : text;
    case 'text':
      return text;
  }
}

export interface WrittenParts {
  /** The children of the root that the body's parts fill, in the schema's order. */
  element: XmlElement;
  /** Fields the body has that the root does not, and values of the wrong kind, at their body path. */
  findings: Finding[];
}

/** Writes a group of the structure from its body value, gathering what it cannot write in `findings`. */
function groupWriter(structure: CompactStructure, findings: Finding[]) {
  const group = (
    value: unknown,
    type: ElementsType,
    path: string,
    extra: Readonly<Record<string, string | undefined>> = {},
    fallback = {} as Readonly<Record<string, unknown>>,
  ): XmlElement | undefined => {
    if (!isObject(value)) {
      findings.push({ path, code: 'INVALID_TYPE', message: objectMessage(structure, type) });
      return undefined;
    }
    const names = new Map(type.particles.map((particle) => [bodyName(particle.name), particle]));
    for (const key of Object.keys(value)) {
      const particle = names.get(key);
      if (!particle || Object.hasOwn(extra, particle.name)) {
        const allowed = [...names.entries()].filter(([, { name }]) => !Object.hasOwn(extra, name)).map(([name]) => name);
        findings.push({
          path: `${path}.${key}`,
          code: 'UNKNOWN_FIELD',
          message: `is not a field of ${path} in this year's form`,
          expected: allowed.join(', '),
        });
      }
    }
    const element: XmlElement = {};
    for (const particle of type.particles) {
      if (Object.hasOwn(extra, particle.name)) {
        const text = extra[particle.name];
        if (text !== undefined) element[particle.name] = text;
        continue;
      }
      const key = bodyName(particle.name);
      const given = value[key] ?? fallback[particle.name];
      if (given === undefined || given === null || given === false) continue;
      const childType = typeOf(structure, particle.type);
      const one = (item: unknown, itemPath: string): XmlNode | undefined => {
        if ('particles' in childType) return group(item, childType, itemPath);
        const kind = valueKind(childType);
        const text = fieldText(item, kind);
        if (text === undefined) findings.push({ path: itemPath, code: 'INVALID_VALUE', message: takes[kind] });
        return text;
      };
      if (particle.max > 1) {
        if (!Array.isArray(given)) {
          findings.push({ path: `${path}.${key}`, code: 'INVALID_TYPE', message: listMessage(structure, childType, 'element') });
          continue;
        }
        const items = given.map((item, index) => one(item, `${path}.${key}.${index}`)).filter((item) => item !== undefined);
        if (items.length > 0) element[particle.name] = items;
      } else {
        const written = one(given, `${path}.${key}`);
        if (written !== undefined) element[particle.name] = written;
      }
    }
    return element;
  };
  return group;
}

/**
 * The root's children the body's parts fill, in the schema's order; `own` are the Vorsatz elements the
 * service writes itself, placed where the schema has them, and `defaults` those it writes where the
 * body's Vorsatz has none.
 */
export function writeParts(
  parts: ElementParts,
  structure: CompactStructure,
  own: Readonly<Record<string, string | undefined>>,
  defaults: Readonly<Record<string, unknown>> = {},
): WrittenParts {
  const findings: Finding[] = [];
  const root = typeOf(structure, structure.type) as ElementsType;
  const group = groupWriter(structure, findings);

  const element: XmlElement = {};
  for (const particle of root.particles) {
    const key = bodyName(particle.name);
    const vorsatz = particle.name === 'Vorsatz';
    const given = parts[key] ?? (vorsatz ? {} : undefined);
    if (given === undefined || given === null) continue;
    const type = typeOf(structure, particle.type) as ElementsType;
    // A part the form may give more than once (E30's Anlage GK, one per Wirtschaftsjahr) is a list.
    if (particle.max > 1) {
      if (!Array.isArray(given)) findings.push({ path: key, code: 'INVALID_TYPE', message: listMessage(structure, type, 'part') });
      else {
        const written = given.map((item, index) => group(item, type, `${key}.${index}`)).filter((item) => item !== undefined);
        if (written.length > 0) element[particle.name] = written;
      }
      continue;
    }
    const written = group(given, type, key, vorsatz ? own : {}, vorsatz ? defaults : {});
    if (written) element[particle.name] = written;
  }
  return { element, findings };
}

/**
 * The root element's children from a body that is the root itself, field for field (a letter's
 * element, whose fields stand beside its groups): what `parts` writes for a declaration's parts.
 */
export function writeElement(body: Record<string, unknown>, structure: CompactStructure): WrittenParts {
  const findings: Finding[] = [];
  const element = groupWriter(structure, findings)(body, typeOf(structure, structure.type) as ElementsType, '') ?? {};
  return { element, findings: findings.map((finding) => ({ ...finding, path: finding.path.replace(/^\./, '') })) };
}

/**
 * The body's parts for a caller's tree, which has passed the structure check: every element
 * becomes its field; `unmapped` names (as element paths) what the body cannot carry, an attribute
 * of a field, and the Vorsatz elements the request carries (`requestVorsatz`) are left to it.
 */
export function readParts(tree: XmlTree, structure: CompactStructure): { parts: ElementParts; unmapped: string[] } {
  const unmapped: string[] = [];
  const group = (node: XmlTree, type: ElementsType, path: string, skip: readonly string[] = []): Record<string, unknown> => {
    const value: Record<string, unknown> = {};
    for (const child of node.children) {
      const particle = type.particles.find(({ name }) => name === child.name);
      if (!particle || skip.includes(child.name)) continue;
      const childPath = `${path}/${child.name}`;
      const childType = typeOf(structure, particle.type);
      let read: unknown;
      if ('particles' in childType) read = group(child, childType, childPath);
      else {
        if (Object.keys(child.attributes).length > 0) unmapped.push(`${childPath}/@${Object.keys(child.attributes).join(',@')}`);
        read = bodyValue(child.text, valueKind(childType));
      }
      const key = bodyName(child.name);
      if (particle.max > 1) ((value[key] ??= []) as unknown[]).push(read);
      else value[key] = read;
    }
    return value;
  };
  const root = typeOf(structure, structure.type) as ElementsType;
  const parts = group(tree, root, '', []);
  const vorsatz = tree.children.find((child) => child.name === 'Vorsatz');
  const vorsatzType = root.particles.find(({ name }) => name === 'Vorsatz');
  if (vorsatz && vorsatzType) {
    const read = group(vorsatz, typeOf(structure, vorsatzType.type) as ElementsType, '/Vorsatz', requestVorsatz);
    if (Object.keys(read).length > 0) parts.vorsatz = read;
    else delete parts.vorsatz;
  }
  return { parts, unmapped };
}

/** One field of a document as the rules see it: its value, and where it stands for a finding. */
export interface FieldValue {
  text: string;
  names: readonly string[];
}

/**
 * Each field of the document by its element name, for the protocol's figures (an E-number stands in
 * one place of the form; the Vorsatz's names are its own). A field of a repeated group is listed by
 * its first occurrence.
 */
export function fieldsOf(tree: XmlTree): Map<string, FieldValue> {
  const fields = new Map<string, FieldValue>();
  const visit = (node: XmlTree, names: readonly string[]) => {
    for (const child of node.children) {
      const path = [...names, child.name];
      if (child.children.length > 0) visit(child, path);
      else if (!fields.has(child.name)) fields.set(child.name, { text: child.text, names: path });
    }
  };
  visit(tree, []);
  return fields;
}

/** What a body's key given twice is called, by the key's element (the schemas' xs:unique fields). */
const duplicateCodes: Readonly<Record<string, string>> = { beteiligter: 'DUPLICATE_PARTNER', wj: 'WIRTSCHAFTSJAHR_TWICE', person: 'DUPLICATE_PERSON' };

/**
 * A finding on the XML written from a body, as the body's: without the XML's position, and a key
 * the schema holds unique given twice (XML_DUPLICATE) named by what it is, as the partner.
 */
export const bodyFinding = (finding: Finding): Finding => ({
  ...finding,
  ...(finding.code === 'XML_DUPLICATE' && { code: duplicateCodes[finding.path.split('.').at(-1)!] ?? 'DUPLICATE_ENTRY' }),
  message: finding.message.replace(/ \(line \d+, column \d+\)$/, ''),
});

/** The body path of an element path (names below the root): where a finding on the written XML points in the body. */
export const bodyPathOf = (names: readonly string[]) => {
  if (names[0] === 'Vorsatz' && names.length === 2) {
    const request: Record<string, string> = { StNr: 'tax_number', Zeitraum: 'year', OrdNrArt: 'tax_number', Unterfallart: 'vorsatz' };
    if (Object.hasOwn(request, names[1]!)) return request[names[1]!]!;
  }
  return names.map(bodyName).join('.');
};

/** Where each field of a structure stands (its element path below the root), for a field a document lacks. */
export function elementPaths(structure: CompactStructure): (name: string) => readonly string[] | undefined {
  const paths = new Map<string, readonly string[]>();
  const visit = (index: number, names: readonly string[]) => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) {
      if (!paths.has(names.at(-1)!)) paths.set(names.at(-1)!, names);
      return;
    }
    for (const particle of type.particles) visit(particle.type, [...names, particle.name]);
  };
  visit(structure.type, []);
  return (name) => paths.get(name);
}
