// The facts of ELSTER's schemas and the check of a tree against them. A schema's whole structure
// (every element, its order and count, every value's and attribute's facets, the identity
// constraints) is generated from ELSTER's XSD into a
// compact JSON file per form and year (scripts/structure/generate.ts), read the first time that
// form and year is checked, so no function's bundle carries it; `schemaFindings` checks a tree
// against it. `ElementFacts` are the few facts the forms also need while they write XML or check
// JSON fields (shared/forms/{ustva,est}/structure.ts), held by hand and cited there.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Finding } from '#shared/domain/ticket.ts';
import { maxFindings, truncatedFinding } from '#shared/domain/finding-limits.ts';
import type { XmlTree } from '#shared/xml/xml.ts';
import { elsterCharsetProblem } from '#shared/tax/elster-charset.ts';

/**
 * A simple type as the generated modules hold it: `a` its attributes (space-separated, each as
 * `name.type`, its simple type's index in base 36, with `!` where it is required), `b` a
 * numeric base (decimal, integer, nonNegativeInteger, positiveInteger; a string without), `p` its
 * patterns by index (each must match the whole value), `n`/`x` its least and most characters, `e` its
 * enumeration, `t`/`f` its total and fraction digits, `lo`/`hi` its inclusive bounds.
 */
export interface CompactText {
  a?: string;
  b?: 'd' | 'i' | 'n' | 'p';
  p?: number[];
  n?: number;
  x?: number;
  e?: string[];
  t?: number;
  f?: number;
  lo?: string;
  hi?: string;
}

/**
 * A schema's structure: the root element's name and type, and every type by index. A complex type
 * is a string, `attributes|children` or `attributes|children|constraints`: the attributes as a
 * simple type's, then each child element in order as `name.type` (its type's index, base 36) with
 * its count: none for 0..1, `!` for 1..1, `*N`/`+N` for 0..N/1..N, `*`/`+` without an upper bound;
 * then the identity constraints the element declares (xs:unique, xs:key), each as `selector>fields`:
 * the child it selects, the children (or `@attributes`) of it that make its key, joined by `,`, and
 * `!` after an xs:key. An element with constraints has a type of its own, its type with them.
 */
export interface CompactStructure {
  root: string;
  type: number;
  patterns: readonly string[];
  types: readonly (string | CompactText)[];
}

const loaded = new Map<string, Promise<CompactStructure>>();

/** The generated structure at `file`, read once per process. */
export function loadStructure(file: URL): Promise<CompactStructure> {
  let structure = loaded.get(file.href);
  if (!structure) {
    structure = readFile(file, 'utf8').then((text) => JSON.parse(text) as CompactStructure);
    loaded.set(file.href, structure);
  }
  return structure;
}

const read = new Map<string, CompactStructure>();

/**
 * The generated structure at `file`, read at once the first time: for a form that writes its body
 * into XML in its module's synchronous `nutzdaten`.
 */
export function readStructure(file: URL): CompactStructure {
  let structure = read.get(file.href);
  if (!structure) {
    structure = JSON.parse(readFileSync(file, 'utf8')) as CompactStructure;
    read.set(file.href, structure);
  }
  return structure;
}

export interface Particle {
  name: string;
  type: number;
  min: number;
  max: number;
}
/** An attribute: its name, its simple type's index and whether the schema requires it. */
export interface Attribute {
  name: string;
  type: number;
  required: boolean;
}
/**
 * An identity constraint of an element: among its children named `selector`, no two may have the
 * same values of `fields` (children's text, or `@name` for an attribute); an xs:key (`key`) also
 * wants every field there.
 */
export interface IdentityConstraint {
  selector: string;
  fields: readonly string[];
  key: boolean;
}
export interface ElementsType {
  attributes: readonly Attribute[];
  particles: readonly Particle[];
  positions: ReadonlyMap<string, number>;
  constraints: readonly IdentityConstraint[];
}
export interface TextType {
  attributes: readonly Attribute[];
  text: CompactText;
  patterns: readonly RegExp[];
}
export type Type = ElementsType | TextType;

const decoded = new WeakMap<CompactStructure, Type[]>();

/** A type of `structure`, decoded the first time a document reaches it; forms that map their body onto the schema walk it too. */
export function typeOf(structure: CompactStructure, index: number): Type {
  let types = decoded.get(structure);
  if (!types) decoded.set(structure, (types = []));
  const known = types[index];
  if (known) return known;
  const entry = structure.types[index];
  if (entry === undefined) throw new RangeError(`${structure.root} has no type ${index}`);
  const type = typeof entry === 'string' ? elementsType(entry) : textType(entry, structure.patterns);
  types[index] = type;
  return type;
}

const attributesOf = (entries = ''): Attribute[] =>
  entries
    .split(' ')
    .filter(Boolean)
    .map((entry) => {
      const [, name, type, required] = /^([^.]+)\.([0-9a-z]+)(!?)$/.exec(entry)!;
      return { name: name!, type: Number.parseInt(type!, 36), required: required === '!' };
    });

const constraintsOf = (entries = ''): IdentityConstraint[] =>
  entries
    .split(' ')
    .filter(Boolean)
    .map((entry) => {
      const [, selector, fields, key] = /^([^>]+)>([^!]+)(!?)$/.exec(entry)!;
      return { selector: selector!, fields: fields!.split(','), key: key === '!' };
    });

function elementsType(entry: string): ElementsType {
  const [attributes, children = '', constraints] = entry.split('|');
  const particles = children
    .split(' ')
    .filter(Boolean)
    .map((child): Particle => {
      const [, name, type, count = '', bound] = /^([^.]+)\.([0-9a-z]+)(?:([!*+])(\d*))?$/.exec(child)!;
      const max = count === '' || count === '!' ? 1 : bound ? Number(bound) : Infinity;
      return { name: name!, type: Number.parseInt(type!, 36), min: count === '!' || count === '+' ? 1 : 0, max };
    });
  return {
    attributes: attributesOf(attributes),
    particles,
    positions: new Map(particles.map((particle, index) => [particle.name, index])),
    constraints: constraintsOf(constraints),
  };
}

function textType(text: CompactText, patterns: readonly string[]): TextType {
  return { attributes: attributesOf(text.a), text, patterns: (text.p ?? []).map((index) => new RegExp(`^(?:${patterns[index]})$`, 'u')) };
}

/** The identity constraints of the element at `names` below the root; none where the schema has no such element. */
export function constraintsAt(structure: CompactStructure, names: readonly string[]): readonly IdentityConstraint[] {
  let type = typeOf(structure, structure.type);
  for (const name of names) {
    const at = 'particles' in type ? type.positions.get(name) : undefined;
    if (at === undefined) return [];
    type = typeOf(structure, (type as ElementsType).particles[at]!.type);
  }
  return 'constraints' in type ? type.constraints : [];
}

type PathOf = (names: readonly string[]) => string;

export interface SchemaCheck {
  /** Names an element for a finding's path. */
  pathOf: PathOf;
  /** Values the Datenart's reader checks itself, so that its findings keep the codes callers know. */
  ownValue?: (names: readonly string[]) => boolean;
  /** Elements the schema lacks that the Datenart's reader names better itself. */
  ownElement?: (names: readonly string[]) => boolean;
}

const at = (tree: XmlTree) => `(line ${tree.line}, column ${tree.column})`;
const maxExpected = 12;
const list = (names: readonly string[]) => (names.length > maxExpected ? [...names.slice(0, maxExpected), '…'] : names).join(', ');

/**
 * Every way `tree`, the root, departs from `structure`, as ERiC's schema check would find it:
 * unknown or misplaced elements (with the elements the schema expects there), elements more often
 * than allowed or missing, text where elements belong and the reverse, values their type refuses,
 * and attributes the schema does not have. The root's own name is the caller's to check. As any
 * answer lists them: the first `maxFindings`, then one `FINDINGS_TRUNCATED` counting the rest, which
 * are counted but not written, since a document of thousands of unknown elements would otherwise
 * cost a finding each (finding-limits.ts).
 */
export function schemaFindings(tree: XmlTree, structure: CompactStructure, check: SchemaCheck): Finding[] {
  const findings: Finding[] = [];
  let left = 0;
  const full = () => findings.length >= maxFindings;
  const problem = (where: readonly string[], node: XmlTree, code: string, message: string, expected?: string) => {
    if (full()) left++;
    else findings.push({ path: check.pathOf(where), code, message: `${message} ${at(node)}`, ...(expected !== undefined && { expected }) });
  };

  const visit = (node: XmlTree, index: number, names: readonly string[]) => {
    const type = typeOf(structure, index);
    for (const [attribute, value] of Object.entries(node.attributes)) {
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) continue;
      const declared = type.attributes.find((known) => known.name === attribute);
      if (!declared) problem(names, node, 'XML_STRUCTURE', `has the attribute ${attribute}, which ELSTER's schema does not define here`);
      else if (!check.ownValue?.([...names, `@${attribute}`])) {
        const message = valueProblem(value, typeOf(structure, declared.type) as TextType);
        if (message) problem(names, node, 'XML_VALUE', `has an attribute ${attribute} that ${message}`);
      }
    }
    for (const { name, required } of type.attributes) {
      if (required && !(name in node.attributes) && !check.ownValue?.([...names, `@${name}`]))
        problem(names, node, 'XML_STRUCTURE', `lacks the attribute ${name}, which ELSTER's schema requires`, name);
    }
    if ('text' in type) {
      if (node.children.length > 0) problem(names, node, 'XML_STRUCTURE', 'must hold a value, not elements');
      else if (!check.ownValue?.(names)) {
        const message = valueProblem(node.text, type);
        if (message) problem(names, node, 'XML_VALUE', message);
      }
      return;
    }
    if (/[^ \t\r\n]/.test(node.text)) problem(names, node, 'XML_STRUCTURE', 'must hold elements only, no text between them');
    const { particles, positions } = type;
    // Where the sequence stands: the particle last matched and how often.
    let position = 0;
    let count = 0;
    const expectedNow = () => {
      const names: string[] = [];
      const current = particles[position];
      if (!current) return names;
      if (count < current.max) names.push(current.name);
      if (count < current.min) return names;
      for (const particle of particles.slice(position + 1)) {
        names.push(particle.name);
        if (particle.min > 0) break;
      }
      return names;
    };
    // The required elements from the current one (required more often than seen) up to `to`, which were skipped.
    const missing = (to: number) => particles.slice(position, to).filter((particle, offset) => particle.min > (offset === 0 ? count : 0));
    const refused = new Set<string>();
    for (const child of node.children) {
      const path = [...names, child.name];
      const found = positions.get(child.name);
      if (found === undefined && check.ownElement?.(path)) continue;
      if (found === undefined || found < position || (found === position && count >= particles[found]!.max)) {
        // Checked before the names expected here are worked out, which cost the most.
        if (!refused.has(child.name) && full()) left++;
        else if (!refused.has(child.name)) {
          const expected = expectedNow();
          const why =
            found === undefined
              ? `is not an element of ELSTER's schema here`
              : found === position
                ? particles[found]!.max === 1
                  ? 'may be there only once'
                  : `may be there at most ${particles[found]!.max} times`
                : `must come before ${particles[position]!.name}: ELSTER's schema fixes the order`;
          if (expected.length > 0) problem(path, child, 'XML_STRUCTURE', `${why}; expected here: ${list(expected)}`, list(expected));
          else problem(path, child, 'XML_STRUCTURE', `${why}: nothing more may follow here`);
        }
        refused.add(child.name);
        if (found !== undefined) visit(child, particles[found]!.type, path);
        continue;
      }
      if (found > position) {
        for (const particle of missing(found)) {
          problem([...names, particle.name], child, 'XML_STRUCTURE', `is missing: ELSTER's schema requires it before ${child.name}`, particle.name);
        }
        position = found;
        count = 0;
      }
      count++;
      visit(child, particles[found]!.type, path);
    }
    for (const particle of missing(particles.length)) {
      problem([...names, particle.name], node, 'XML_STRUCTURE', `is missing in ${node.name}: ELSTER's schema requires it`, particle.name);
    }
    for (const constraint of type.constraints) {
      for (const { child, values } of duplicates(structure, node, type, constraint)) {
        const field = constraint.fields.length === 1 && !constraint.fields[0]!.startsWith('@') ? [constraint.fields[0]!] : [];
        const path = [...names, constraint.selector, ...field];
        if (values === undefined)
          problem(path, child, 'XML_STRUCTURE', `lacks ${constraint.fields.join(', ')}, the key ELSTER's schema wants for each ${constraint.selector}`);
        else
          problem(
            path,
            child,
            'XML_DUPLICATE',
            `gives ${values.join(', ')} a second time: ELSTER's schema takes one ${constraint.selector} in ${node.name} for each ${constraint.fields.join(' and ')}`,
          );
      }
    }
  };
  visit(tree, structure.type, []);
  return left > 0 ? [...findings, truncatedFinding(left)] : findings;
}

/**
 * The children `constraint` selects in `node` whose key an earlier one has already (with the key's
 * values), or which lack a key an xs:key wants (without values). Values are compared as XML Schema
 * compares them: a number by its value, a string as written.
 */
function duplicates(structure: CompactStructure, node: XmlTree, type: ElementsType, constraint: IdentityConstraint): { child: XmlTree; values?: string[] }[] {
  const found: { child: XmlTree; values?: string[] }[] = [];
  const seen = new Set<string>();
  for (const child of node.children) {
    if (child.name !== constraint.selector) continue;
    const values = constraint.fields.map((field) => fieldValue(child, field));
    if (values.some((value) => value === undefined)) {
      if (constraint.key) found.push({ child });
      continue;
    }
    const key = JSON.stringify(values.map((value) => value!.compared));
    if (seen.has(key)) found.push({ child, values: values.map((value) => value!.text) });
    else seen.add(key);
  }
  return found;

  function fieldValue(child: XmlTree, field: string): { text: string; compared: string } | undefined {
    if (field.startsWith('@')) {
      const text = child.attributes[field.slice(1)];
      return text === undefined ? undefined : { text, compared: text };
    }
    const element = child.children.find((grandchild) => grandchild.name === field);
    if (!element) return undefined;
    return { text: element.text, compared: comparable(element.text, fieldType(child.name, field)) };
  }

  function fieldType(selected: string, field: string): Type | undefined {
    const selectedParticle = type.particles[type.positions.get(selected) ?? -1];
    const selectedType = selectedParticle && typeOf(structure, selectedParticle.type);
    const particle = selectedType && 'particles' in selectedType ? selectedType.particles[selectedType.positions.get(field) ?? -1] : undefined;
    return particle && typeOf(structure, particle.type);
  }
}

/** A key's value as XML Schema compares it: a number in its canonical form, any other value as written. */
function comparable(text: string, type: Type | undefined): string {
  if (!type || !('text' in type) || !type.text.b) return text;
  const value = text.replace(xmlSpace, '');
  if (!numeric[type.text.b].test(value)) return text;
  const negative = value.startsWith('-');
  const [whole = '', fraction = ''] = value.replace(/^[+-]/, '').split('.');
  const digits = `${whole.replace(/^0+/, '') || '0'}${fraction.replace(/0+$/, '') ? `.${fraction.replace(/0+$/, '')}` : ''}`;
  return negative && digits !== '0' ? `-${digits}` : digits;
}

// XML's white space only (XML 1.0 § 2.3 S): trim() would also drop U+00A0, U+3000 or U+2028, which ERiC refuses.
const xmlSpace = /^[ \t\r\n]+|[ \t\r\n]+$/g;

// XML Schema's lexical forms of the numeric bases; their values are read with white space collapsed.
const numeric = { d: /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/, i: /^[+-]?\d+$/, n: /^\+?\d+$|^-0+$/, p: /^\+?0*[1-9]\d*$/ };

/** What `type` refuses in the value `raw`, in a finding's words; undefined where it takes it. */
export function valueProblem(raw: string, { text, patterns }: TextType): string | undefined {
  const value = text.b ? raw.replace(xmlSpace, '') : raw;
  if (text.e && !text.e.includes(value)) return `must be one of ${list(text.e.map((option) => `"${option}"`))}`;
  const length = [...value].length;
  if (text.n !== undefined && length < text.n) return length === 0 ? 'must not be empty' : `must be at least ${text.n} characters long`;
  if (text.x !== undefined && length > text.x) return `must be at most ${text.x} characters long (it has ${length})`;
  if (text.b && !numeric[text.b].test(value)) return 'must be a number';
  for (const pattern of patterns) {
    if (pattern.test(value)) continue;
    const outside = elsterCharsetProblem(value);
    if (outside) return outside.message;
    return `does not have the form ELSTER's schema asks for${pattern.source.length <= 80 ? ` (${pattern.source.slice(4, -2)})` : ''}`;
  }
  if (text.b) {
    const [whole = '', fraction = ''] = value.replace(/^[+-]/, '').split('.');
    const fractionDigits = fraction.replace(/0+$/, '').length;
    const totalDigits = whole.replace(/^0+/, '').length + fractionDigits;
    if (text.t !== undefined && totalDigits > text.t) return `must have at most ${text.t} digits`;
    if (text.f !== undefined && fractionDigits > text.f) return `must have at most ${text.f} decimals`;
    if (text.lo !== undefined && Number(value) < Number(text.lo)) return `must be at least ${text.lo}`;
    if (text.hi !== undefined && Number(value) > Number(text.hi)) return `must be at most ${text.hi}`;
  }
  return undefined;
}

/** What a simple type allows; lengths count characters, as XML Schema does. */
export interface TextFacts {
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
  /** Only ELSTER's character set (the schemas' StringBase type). */
  elsterText?: boolean;
}

/** An element as the forms need it while they write XML and check JSON fields. */
export interface ElementFacts {
  name: string;
  /** maxOccurs; 1 when not given. */
  max?: number;
  /** Child elements in schema order. Without it the element holds text only. */
  children?: readonly ElementFacts[];
  /** Text facts; without them the form checks the value itself. */
  text?: TextFacts;
}

/** The text facts of `parent`'s child `name`, for code that writes or accepts that element's values. */
export function textFactsOf(parent: ElementFacts, name: string): TextFacts {
  const facts = parent.children?.find((child) => child.name === name)?.text;
  if (!facts) throw new RangeError(`${parent.name} has no text element ${name}`);
  return facts;
}

/** A text element of one of ELSTER's string types: 1 to `max` characters of its character set. */
export const elsterString = (name: string, maxLength: number, more: Omit<ElementFacts, 'name'> = {}): ElementFacts => ({
  name,
  ...more,
  text: { minLength: 1, maxLength, elsterText: true, ...more.text },
});
