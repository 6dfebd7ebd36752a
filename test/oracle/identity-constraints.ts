// Documents that break an identity constraint (xs:unique, xs:key) of ELSTER's schemas, generated
// from a form's structure: for each constraint of each schema, the smallest document that reaches
// the element declaring it (each element the schema requires, with a value its type takes) and
// holds the selected element twice with the same key; and beside it the same document with two
// keys, which keeps the constraint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kind } from '#shared/domain/ticket.ts';
import { type CompactStructure, type ElementsType, type IdentityConstraint, type TextType, typeOf, valueProblem } from '#shared/xml/structure.ts';
import { elsterDir } from '#test/support/elster.ts';
import { repoRoot, sources } from '../../scripts/structure/modules.ts';

export interface BrokenConstraint {
  /** As a test names it: `est 2024 E10/AgB: Beh>Person`. */
  name: string;
  kind: Kind;
  year: number;
  structure: CompactStructure;
  /** The element declaring the constraint, below the root. */
  parent: readonly string[];
  constraint: IdentityConstraint;
  /** Holds the selected element twice with one key. */
  broken: string;
  /** The same with two keys. */
  kept: string;
}

// Values the schemas' patterns ask for, tried in turn: text, digits, dates, a tax number, an IdNr, a year, a postal code.
const samples = (year: number) => ['A', '1', '2', `01.01.${year}`, '9198011310010', '04452397687', String(year), '80331', 'DE123456789', '01.01-31.12'];

/** Values `type` takes, the first of them the one a document is filled with. */
function valuesOf(type: TextType, year: number): string[] {
  if (type.text.e) return [...type.text.e];
  const padded = (text: string) => text.repeat(Math.max(1, type.text.n ?? 1)).slice(0, Math.max(text.length, type.text.n ?? 1));
  return samples(year)
    .map(padded)
    .filter((value) => valueProblem(value, type) === undefined);
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The XML of a document of `structure` whose elements `constraint` selects below `parent` are keyed by `keys`, one each. */
function document(
  structure: CompactStructure,
  year: number,
  namespace: string,
  parent: readonly string[],
  constraint: IdentityConstraint,
  keys: readonly string[],
) {
  const required = (type: ElementsType | TextType, given = '') =>
    type.attributes
      .filter((attribute) => attribute.required && !given.includes(` ${attribute.name}=`))
      .map((attribute) => ` ${attribute.name}="${valuesOf(typeOf(structure, attribute.type) as TextType, year)[0] ?? 'A'}"`)
      .join('');
  // An element of the type at `index`: the children it requires, those of `extra` in their place in the schema's order.
  const element = (name: string, index: number, extra: ReadonlyMap<string, readonly string[]> = new Map(), attributes = ''): string => {
    const type = typeOf(structure, index);
    const open = `<${name}${attributes}${required(type, attributes)}>`;
    if (!('particles' in type)) return `${open}${escaped(valuesOf(type, year)[0] ?? 'A')}</${name}>`;
    const inner = type.particles.map((particle) => extra.get(particle.name)?.join('') ?? (particle.min > 0 ? element(particle.name, particle.type) : ''));
    return `${open}${inner.join('')}</${name}>`;
  };
  // The type of each element on the way: the root's, then each of `parent`'s.
  const indexes = [structure.type];
  for (const name of parent) {
    const type = typeOf(structure, indexes.at(-1)!) as ElementsType;
    indexes.push(type.particles[type.positions.get(name)!]!.type);
  }
  const owner = typeOf(structure, indexes.at(-1)!) as ElementsType;
  const selected = owner.particles[owner.positions.get(constraint.selector)!]!;
  const keyed = keys.map((key) => {
    const children = constraint.fields.filter((field) => !field.startsWith('@')).map((field) => [field, [`<${field}>${escaped(key)}</${field}>`]] as const);
    const attributes = constraint.fields.filter((field) => field.startsWith('@')).map((field) => ` ${field.slice(1)}="${escaped(key)}"`);
    return element(constraint.selector, selected.type, new Map(children), attributes.join(''));
  });
  const names = [structure.root, ...parent];
  const xmlns = namespace ? ` xmlns="${namespace}"` : '';
  let xml = element(names.at(-1)!, indexes.at(-1)!, new Map([[constraint.selector, keyed]]), parent.length === 0 ? xmlns : '');
  for (let level = parent.length - 1; level >= 0; level--)
    xml = element(names[level]!, indexes[level]!, new Map([[names[level + 1]!, [xml]]]), level === 0 ? xmlns : '');
  return xml;
}

/** Every identity constraint of `structure`, with the path of the element declaring it. */
function constraintsOf(structure: CompactStructure): { parent: string[]; constraint: IdentityConstraint }[] {
  const found: { parent: string[]; constraint: IdentityConstraint }[] = [];
  const visit = (index: number, names: string[]) => {
    const type = typeOf(structure, index);
    if (!('particles' in type)) return;
    found.push(...type.constraints.map((constraint) => ({ parent: names, constraint })));
    for (const particle of type.particles) visit(particle.type, [...names, particle.name]);
  };
  visit(structure.type, []);
  return found;
}

/** For each schema of a form that has identity constraints, a document breaking each. */
export function brokenConstraints(): BrokenConstraint[] {
  return sources.flatMap(({ module, schema }) => {
    // The letters' attachments (shared/forms/attachments.json) are no form of their own that a document could be filed as.
    const kind = /^shared\/forms\/([a-z]+)\//.exec(module)?.[1] as Kind | undefined;
    if (kind === undefined) return [];
    const structure = JSON.parse(readFileSync(path.join(repoRoot, module), 'utf8')) as CompactStructure;
    const year = Number(/-(\d{4})\.xsd$/.exec(schema)?.[1]);
    const namespace = /targetNamespace="([^"]*)"/.exec(readFileSync(path.join(elsterDir, schema), 'utf8'))?.[1] ?? '';
    return constraintsOf(structure).map(({ parent, constraint }) => {
      const selectedFieldType = fieldTypeOf(structure, parent, constraint);
      const [first = '1', second = '2'] = selectedFieldType ? valuesOf(selectedFieldType, year) : ['1', '2'];
      return {
        name: `${kind} ${year} ${[structure.root, ...parent].join('/')}: ${constraint.selector}>${constraint.fields.join(',')}`,
        kind,
        year,
        structure,
        parent,
        constraint,
        broken: document(structure, year, namespace, parent, constraint, [first, first]),
        kept: document(structure, year, namespace, parent, constraint, [first, second]),
      };
    });
  });
}

/** The simple type of a constraint's first field, where it is an element. */
function fieldTypeOf(structure: CompactStructure, parent: readonly string[], constraint: IdentityConstraint): TextType | undefined {
  let type = typeOf(structure, structure.type) as ElementsType;
  for (const name of [...parent, constraint.selector]) type = typeOf(structure, type.particles[type.positions.get(name)!]!.type) as ElementsType;
  const field = type.particles[type.positions.get(constraint.fields[0]!) ?? -1];
  const fieldType = field && typeOf(structure, field.type);
  return fieldType && 'text' in fieldType ? fieldType : undefined;
}
