// Checks a tree against the facts of an ELSTER schema: which elements may stand where, in which
// order, how often, and what text they may hold. The facts themselves live with each Datenart
// (shared/forms/{ustva,est}/structure.ts), read from ELSTER's XSDs and cited there.
import type { Finding } from '#shared/domain/ticket.ts';
import type { XmlTree } from '#shared/xml/xml.ts';
import { elsterCharsetProblem } from '#shared/tax/elster-charset.ts';

/** What a simple type allows; lengths count characters, as XML Schema does. */
export interface TextFacts {
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
  /** Only ELSTER's character set (the schemas' StringBase type). */
  elsterText?: boolean;
}

export interface ElementFacts {
  name: string;
  /** maxOccurs; 1 when not given. */
  max?: number;
  /** Child elements in schema order. Without it the element holds text only. */
  children?: readonly ElementFacts[];
  /** Its content is left to ERiC's own schema check (large forms steuerbote neither writes nor reads). */
  open?: boolean;
  /** Text facts; without them the reader of that Datenart checks the value itself. */
  text?: TextFacts;
  /** Child elements the schema lacks that the Datenart's reader names better itself. */
  others?: RegExp;
  /** Attributes the schema allows besides namespace declarations. */
  attributes?: readonly string[];
}

type PathOf = (names: readonly string[]) => string;

const at = (tree: XmlTree) => `(line ${tree.line}, column ${tree.column})`;

/**
 * Every way `tree` departs from `facts` below it: unknown or misplaced elements, elements more
 * often than allowed, text where elements belong and the reverse, text the type refuses, and
 * attributes the schema does not have. `pathOf` names an element for the findings' paths.
 */
export function structureFindings(tree: XmlTree, facts: ElementFacts, pathOf: PathOf, names: readonly string[] = []): Finding[] {
  const findings: Finding[] = [];
  const problem = (where: readonly string[], node: XmlTree, code: string, message: string) =>
    findings.push({ path: pathOf(where), code, message: `${message} ${at(node)}` });

  for (const attribute of Object.keys(tree.attributes)) {
    if (attribute === 'xmlns' || facts.attributes?.includes(attribute)) continue;
    problem(names, tree, 'XML_STRUCTURE', `has the attribute ${attribute}, which ELSTER's schema does not define here`);
  }
  // Inside an open element ERiC checks the names; that no element holds text beside elements is the same everywhere.
  if (facts.open) return [...findings, ...textBesideElements(tree, pathOf, names)];

  if (!facts.children) {
    if (tree.children.length > 0) problem(names, tree, 'XML_STRUCTURE', 'must hold a value, not elements');
    else if (facts.text) {
      const message = textProblem(tree.text, facts.text);
      if (message) problem(names, tree, 'XML_VALUE', message);
    }
    return findings;
  }

  if (hasText(tree)) problem(names, tree, 'XML_STRUCTURE', elementsOnly);
  const counts = new Map<string, number>();
  let position = 0;
  for (const child of tree.children) {
    const path = [...names, child.name];
    const index = facts.children.findIndex((fact) => fact.name === child.name);
    const fact = facts.children[index];
    if (!fact) {
      if (facts.others?.test(child.name)) continue;
      problem(path, child, 'XML_STRUCTURE', `is not an element of ELSTER's schema here`);
      continue;
    }
    const count = (counts.get(child.name) ?? 0) + 1;
    counts.set(child.name, count);
    if (count > (fact.max ?? 1)) {
      if (count === (fact.max ?? 1) + 1) problem(path, child, 'XML_STRUCTURE', fact.max ? `may be there at most ${fact.max} times` : 'may be there only once');
      continue;
    }
    if (index < position) {
      const after = facts.children[position]!.name;
      problem(path, child, 'XML_STRUCTURE', `must come before ${after}: ELSTER's schema fixes the order`);
      continue;
    }
    position = index;
    findings.push(...structureFindings(child, fact, pathOf, path));
  }
  return findings;
}

const elementsOnly = 'must hold elements only, no text between them';
// XML's white space only (XML 1.0 §2.3 S): trim() would also pass U+00A0, U+3000 or U+2028, which ERiC refuses.
const hasText = (tree: XmlTree) => /[^ \t\r\n]/.test(tree.text);

/** Every element at or below `tree` that holds text beside child elements, which no element of ELSTER's Nutzdaten does. */
function textBesideElements(tree: XmlTree, pathOf: PathOf, names: readonly string[]): Finding[] {
  const here = tree.children.length > 0 && hasText(tree) ? [{ path: pathOf(names), code: 'XML_STRUCTURE', message: `${elementsOnly} ${at(tree)}` }] : [];
  return [...here, ...tree.children.flatMap((child) => textBesideElements(child, pathOf, [...names, child.name]))];
}

function textProblem(text: string, facts: TextFacts): string | undefined {
  const length = [...text].length;
  if (facts.minLength !== undefined && length < facts.minLength)
    return length === 0 ? 'must not be empty' : `must be at least ${facts.minLength} characters long`;
  if (facts.maxLength !== undefined && length > facts.maxLength) return `must be at most ${facts.maxLength} characters long (it has ${length})`;
  if (facts.elsterText) {
    const outside = elsterCharsetProblem(text);
    if (outside) return outside.message;
  }
  if (facts.pattern && !facts.pattern.test(text)) return `does not have the form ELSTER's schema asks for (${facts.pattern.source})`;
  return undefined;
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
