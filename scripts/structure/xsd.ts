// Reads one of ELSTER's XSDs into the compact structure of shared/xml/structure.ts: every complex
// type as its sequence of elements with their counts, every simple type as its facets, every
// attribute with its type, and the identity constraints (xs:unique, xs:key) an element declares.
// ELSTER's schemas use a small part of XML Schema (flat sequences of elements, simple types
// restricted by facets, simple content extended by attributes, constraints whose selector is one
// child and whose fields are children or attributes of it); anything beyond that stops the
// generator rather than being read wrongly.
import { XMLParser } from 'fast-xml-parser';
import type { CompactStructure, CompactText } from '#shared/xml/structure.ts';

type Node = { [name: string]: Node[] | string | Record<string, string> | undefined } & { ':@'?: Record<string, string> };

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true, commentPropName: '#comment' });

const tagOf = (node: Node) => Object.keys(node).find((key) => key !== ':@')!;
const childrenOf = (node: Node) => (node[tagOf(node)] as Node[]).filter((child) => tagOf(child).startsWith('xs:'));
const attrsOf = (node: Node) => node[':@'] ?? {};
const only = (node: Node, tag: string) => childrenOf(node).find((child) => tagOf(child) === tag);

const builtins: Record<string, CompactText['b'] | 'string'> = {
  'xs:string': 'string',
  'xs:decimal': 'd',
  'xs:integer': 'i',
  // The ZM's schema (zm_000005.xsd) restricts int and long; their own bounds are never reached
  // there, as every such type has narrower facets of its own.
  'xs:int': 'i',
  'xs:long': 'i',
  'xs:nonNegativeInteger': 'n',
  'xs:positiveInteger': 'p',
};

/** XML Schema's base64Binary: its 64 characters, padding and whitespace (a pattern that stays linear on megabytes of text). */
const base64Pattern = '[A-Za-z0-9+/=\\s]*';

/** XML Schema's boolean (zm_000005.xsd: widerruf) is its four literals. */
const booleanLiterals = ['true', 'false', '1', '0'];

/** The facets of a built-in type, or undefined for a type of the schema's own. */
function builtinFacets(name: string): Facets | undefined {
  if (name === 'xs:boolean') return { base: 'string', patterns: [], attributes: [], enumeration: booleanLiterals };
  // The letters' attachments (Anhaenge-simple-3.xsd: Dateiinhalt) are base64, which may be broken into lines.
  if (name === 'xs:base64Binary') return { base: 'string', patterns: [base64Pattern], attributes: [] };
  const builtin = builtins[name];
  return builtin && { base: builtin, patterns: [], attributes: [] };
}

/** The facts of a simple type (or simple content) as the compact form holds them. */
interface Facets {
  base: CompactText['b'] | 'string';
  patterns: string[];
  minLength?: number;
  maxLength?: number;
  enumeration?: string[];
  totalDigits?: number;
  fractionDigits?: number;
  minInclusive?: string;
  maxInclusive?: string;
  attributes: string[];
}

/**
 * `root` names the root element and its type where the schema declares no element of its own, only
 * the type (the ZM's zm_000005.xsd has `zmType`, and ELSTER's sample names the element `zm`).
 */
export function compactStructure(xsd: string, file: string, root?: { name: string; type: string }): CompactStructure {
  const document = parser.parse(xsd) as Node[];
  const schema = document.find((node) => tagOf(node) === 'xs:schema');
  if (!schema) throw new Error(`${file}: no xs:schema`);
  const named = new Map<string, Node>();
  const roots: Node[] = [];
  for (const child of childrenOf(schema)) {
    const tag = tagOf(child);
    if (tag === 'xs:element') roots.push(child);
    else if (tag === 'xs:annotation') continue;
    else if (tag === 'xs:complexType' || tag === 'xs:simpleType') named.set(attrsOf(child).name!, child);
    else throw new Error(`${file}: unexpected ${tag} at the top`);
  }
  if (roots.length !== (root ? 0 : 1)) throw new Error(`${file}: expected ${root ? 'no' : 'one'} root element, found ${roots.length}`);

  const types: (string | CompactText)[] = [];
  const indexOf = new Map<string, number>();
  const add = (entry: string | CompactText) => {
    const key = JSON.stringify(entry);
    let index = indexOf.get(key);
    if (index === undefined) {
      index = types.push(entry) - 1;
      indexOf.set(key, index);
    }
    return index;
  };
  const indexOfName = new Map<string, number>();
  const patterns: string[] = [];
  const patternIndex = (pattern: string) => {
    // Throws for a pattern that is no JavaScript pattern, so it stops the generator, not a check.
    new RegExp(`^(?:${pattern})$`, 'u');
    const index = patterns.indexOf(pattern);
    return index === -1 ? patterns.push(pattern) - 1 : index;
  };

  const facetsOf = (name: string): Facets => {
    const builtin = builtinFacets(name);
    if (builtin) return builtin;
    const node = named.get(name);
    if (!node) throw new Error(`${file}: unknown type ${name}`);
    return facetsOfNode(node);
  };

  const facetsOfNode = (node: Node): Facets => {
    const content = tagOf(node) === 'xs:simpleType' ? node : only(node, 'xs:simpleContent');
    if (!content) throw new Error(`${file}: ${attrsOf(node).name ?? 'an anonymous type'} has neither simple content nor a sequence`);
    const derivation = only(content, 'xs:restriction') ?? only(content, 'xs:extension');
    if (!derivation) throw new Error(`${file}: ${attrsOf(node).name} is neither a restriction nor an extension`);
    const base = facetsOf(attrsOf(derivation).base!);
    const facets: Facets = { ...base, patterns: [...base.patterns], attributes: [...base.attributes] };
    // Patterns of one derivation step are alternatives; those of different steps must all match.
    const step: string[] = [];
    const values: string[] = [];
    for (const facet of childrenOf(derivation)) {
      const tag = tagOf(facet);
      const value = attrsOf(facet).value!;
      if (tag === 'xs:annotation') continue;
      else if (tag === 'xs:pattern') step.push(value);
      else if (tag === 'xs:enumeration') values.push(value);
      else if (tag === 'xs:minLength') facets.minLength = Number(value);
      else if (tag === 'xs:maxLength') facets.maxLength = Number(value);
      else if (tag === 'xs:length') facets.minLength = facets.maxLength = Number(value);
      else if (tag === 'xs:totalDigits') facets.totalDigits = Number(value);
      else if (tag === 'xs:fractionDigits') facets.fractionDigits = Number(value);
      else if (tag === 'xs:minInclusive') facets.minInclusive = value;
      else if (tag === 'xs:maxInclusive') facets.maxInclusive = value;
      else if (tag === 'xs:attribute') facets.attributes.push(attributeEntry(facet));
      else throw new Error(`${file}: unexpected ${tag} in ${attrsOf(node).name}`);
    }
    // A restriction's enumeration replaces its base's, of which it is a subset.
    if (values.length > 0) facets.enumeration = values;
    if (step.length > 0) facets.patterns.push(step.length === 1 ? step[0]! : step.map((pattern) => `(?:${pattern})`).join('|'));
    for (const attribute of childrenOf(node).filter((child) => tagOf(child) === 'xs:attribute')) facets.attributes.push(attributeEntry(attribute));
    return facets;
  };

  /** An attribute as `name.type` (its simple type's index, base 36), `!` where it is required; a fixed value is its one allowed value. */
  const attributeEntry = (attribute: Node): string => {
    const { name, type, use, fixed } = attrsOf(attribute);
    if (!name || !/^[A-Za-z_][\w-]*$/.test(name)) throw new Error(`${file}: attribute name ${name}`);
    const inline = only(attribute, 'xs:simpleType');
    const facets = type ? facetsOf(type) : inline ? facetsOfNode(inline) : { base: 'string' as const, patterns: [], attributes: [] };
    const index = add(textEntry({ ...facets, ...(fixed !== undefined && { enumeration: [fixed] }) }));
    return `${name}.${index.toString(36)}${use === 'required' ? '!' : ''}`;
  };

  const textEntry = (facets: Facets): CompactText => {
    return {
      ...(facets.attributes.length > 0 && { a: facets.attributes.join(' ') }),
      ...(facets.base !== 'string' && { b: facets.base }),
      ...(facets.patterns.length > 0 && { p: facets.patterns.map(patternIndex) }),
      ...(facets.minLength !== undefined && { n: facets.minLength }),
      ...(facets.maxLength !== undefined && { x: facets.maxLength }),
      ...(facets.enumeration && { e: facets.enumeration }),
      ...(facets.totalDigits !== undefined && { t: facets.totalDigits }),
      ...(facets.fractionDigits !== undefined && { f: facets.fractionDigits }),
      ...(facets.minInclusive !== undefined && { lo: facets.minInclusive }),
      ...(facets.maxInclusive !== undefined && { hi: facets.maxInclusive }),
    };
  };

  const typeIndex = (node: Node): number => {
    const sequence = only(node, 'xs:sequence');
    if (tagOf(node) === 'xs:simpleType' || !sequence) return add(textEntry(facetsOfNode(node)));
    for (const child of childrenOf(node)) {
      if (!['xs:sequence', 'xs:attribute', 'xs:annotation'].includes(tagOf(child)))
        throw new Error(`${file}: unexpected ${tagOf(child)} in ${attrsOf(node).name}`);
    }
    const attributes = childrenOf(node)
      .filter((child) => tagOf(child) === 'xs:attribute')
      .map(attributeEntry);
    const seen = new Set<string>();
    const particles = childrenOf(sequence)
      .filter((child) => tagOf(child) !== 'xs:annotation')
      .map((child) => {
        if (tagOf(child) !== 'xs:element') throw new Error(`${file}: ${tagOf(child)} in a sequence of ${attrsOf(node).name}`);
        const { name, type, minOccurs = '1', maxOccurs = '1' } = attrsOf(child);
        if (!name || !/^[A-Za-z_][\w-]*$/.test(name) || seen.has(name)) throw new Error(`${file}: element name ${name} in ${attrsOf(node).name}`);
        seen.add(name);
        const inline = only(child, 'xs:complexType') ?? only(child, 'xs:simpleType');
        const index = type ? namedIndex(type) : inline ? typeIndex(inline) : undefined;
        if (index === undefined) throw new Error(`${file}: ${name} has no type`);
        return `${name}.${constrained(child, index).toString(36)}${occurs(minOccurs, maxOccurs)}`;
      });
    return add(`${attributes.join(' ')}|${particles.join(' ')}`);
  };

  const namedIndex = (name: string): number => {
    const builtin = builtinFacets(name);
    if (builtin) return add(textEntry(builtin));
    let index = indexOfName.get(name);
    if (index === undefined) {
      const node = named.get(name);
      if (!node) throw new Error(`${file}: unknown type ${name}`);
      index = typeIndex(node);
      indexOfName.set(name, index);
    }
    return index;
  };

  /**
   * The type of `element` with its identity constraints: the type at `index`, with a third part of
   * `selector>field` (fields joined by `,`, an attribute as `@name`; `!` after an xs:key, whose
   * fields every selected element must have), space-separated. Without constraints, `index` itself.
   */
  const constrained = (element: Node, index: number): number => {
    const constraints = childrenOf(element).filter((child) => ['xs:unique', 'xs:key', 'xs:keyref'].includes(tagOf(child)));
    if (constraints.length === 0) return index;
    const entry = types[index];
    if (typeof entry !== 'string') throw new Error(`${file}: identity constraints on ${attrsOf(element).name}, an element of simple content`);
    const step = (xpath: string | undefined, attribute: boolean) => {
      const match = /^(?:\.\/)?(@?)(?:[A-Za-z_][\w-]*:)?([A-Za-z_][\w-]*)$/.exec(xpath ?? '');
      if (!match || (match[1] === '@' && !attribute)) throw new Error(`${file}: the identity constraint path ${xpath} in ${attrsOf(element).name}`);
      return `${match[1]}${match[2]}`;
    };
    const keys = constraints.map((constraint) => {
      if (tagOf(constraint) === 'xs:keyref') throw new Error(`${file}: xs:keyref in ${attrsOf(element).name}`);
      const parts = childrenOf(constraint).filter((child) => tagOf(child) !== 'xs:annotation');
      const selector = parts.filter((child) => tagOf(child) === 'xs:selector');
      const fields = parts.filter((child) => tagOf(child) === 'xs:field');
      if (selector.length !== 1 || fields.length === 0 || selector.length + fields.length !== parts.length)
        throw new Error(`${file}: the identity constraint ${attrsOf(constraint).name} in ${attrsOf(element).name}`);
      const path = `${step(attrsOf(selector[0]!).xpath, false)}>${fields.map((field) => step(attrsOf(field).xpath, true)).join(',')}`;
      return tagOf(constraint) === 'xs:key' ? `${path}!` : path;
    });
    const [attributes = '', children = ''] = entry.split('|');
    return add(`${attributes}|${children}|${keys.join(' ')}`);
  };

  const { name, type } = root ?? attrsOf(roots[0]!);
  if (!name || !type) throw new Error(`${file}: the root element needs a name and a named type`);
  const rootType = root ? namedIndex(type) : constrained(roots[0]!, namedIndex(type));
  return { root: name, type: rootType, patterns, types };
}

function occurs(min: string, max: string): string {
  if (min !== '0' && min !== '1') throw new Error(`minOccurs ${min}`);
  const required = min === '1';
  if (max === '1') return required ? '!' : '';
  const bound = max === 'unbounded' ? '' : String(Number(max));
  return `${required ? '+' : '*'}${bound}`;
}
