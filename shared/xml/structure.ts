// The facts of ELSTER's schemas and the check of a tree against them. A schema's whole structure
// (every element, its order and count, every value's facets) is generated from ELSTER's XSD into a
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
 * A simple type as the generated modules hold it: `a` its attributes (space-separated), `b` a
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
 * is a string, `attributes|children`: the attributes space-separated, then each child element in
 * order as `name.type` (its type's index, base 36) with its count: none for 0..1, `!` for 1..1,
 * `*N`/`+N` for 0..N/1..N, `*`/`+` without an upper bound.
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
export interface ElementsType {
  attributes: readonly string[];
  particles: readonly Particle[];
  positions: ReadonlyMap<string, number>;
}
export interface TextType {
  attributes: readonly string[];
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

function elementsType(entry: string): ElementsType {
  const [attributes = '', children = ''] = entry.split('|');
  const particles = children
    .split(' ')
    .filter(Boolean)
    .map((child): Particle => {
      const [, name, type, count = '', bound] = /^([^.]+)\.([0-9a-z]+)(?:([!*+])(\d*))?$/.exec(child)!;
      const max = count === '' || count === '!' ? 1 : bound ? Number(bound) : Infinity;
      return { name: name!, type: Number.parseInt(type!, 36), min: count === '!' || count === '+' ? 1 : 0, max };
    });
  return { attributes: attributes.split(' ').filter(Boolean), particles, positions: new Map(particles.map((particle, index) => [particle.name, index])) };
}

function textType(text: CompactText, patterns: readonly string[]): TextType {
  return { attributes: text.a?.split(' ') ?? [], text, patterns: (text.p ?? []).map((index) => new RegExp(`^(?:${patterns[index]})$`, 'u')) };
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
    for (const attribute of Object.keys(node.attributes)) {
      if (attribute === 'xmlns' || attribute.startsWith('xmlns:') || type.attributes.includes(attribute)) continue;
      problem(names, node, 'XML_STRUCTURE', `has the attribute ${attribute}, which ELSTER's schema does not define here`);
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
  };
  visit(tree, structure.type, []);
  return left > 0 ? [...findings, truncatedFinding(left)] : findings;
}

// XML's white space only (XML 1.0 § 2.3 S): trim() would also drop U+00A0, U+3000 or U+2028, which ERiC refuses.
const xmlSpace = /^[ \t\r\n]+|[ \t\r\n]+$/g;

// XML Schema's lexical forms of the numeric bases; their values are read with white space collapsed.
const numeric = { d: /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/, i: /^[+-]?\d+$/, n: /^\+?\d+$|^-0+$/, p: /^\+?0*[1-9]\d*$/ };

function valueProblem(raw: string, { text, patterns }: TextType): string | undefined {
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
