// A letter to the tax office (Verfahren ElsterNachricht: the appeal, a message, …) as a form. Its
// Nutzdaten are the letter's element and, where it has attachments, the `Anhaenge` element beside it
// (contract §13); the body carries the element field for field under its name in snake case, and the
// attachments as `anhaenge` (shared/forms/element-body.ts). Both go through one reader, whether a
// caller's own XML or written from a body: the structure of ELSTER's schema, ERiC's rules of the
// letter's workbook (shared/forms/workbook-rules.ts) and of its attachments (shared/forms/attachments.ts),
// the identifiers, then what the letter itself finds (an appeal's deadline).
import type { Finding, Kind } from '#shared/domain/ticket.ts';
import * as z from 'zod/mini';
import { attachmentFindings, attachmentsStructure, attachmentsXmlBytes } from '#shared/forms/attachments.ts';
import { attachmentsNamespace, attachmentsVersion } from '#shared/forms/attachments-schema.ts';
import type { CheckContext, Ruled } from '#shared/forms/check.ts';
import { yearFindings } from '#shared/forms/years.ts';
import { bodyFinding, bodyName, bodyPathOf, readParts, writeElement } from '#shared/forms/element-body.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import type { ReadBack } from '#shared/forms/form.ts';
import { type DeclaredIdentifiers, type IdentifierPlaces, partsIdentifiers } from '#shared/forms/identifiers.ts';
import { type RuleBook, workbookRuleFindings } from '#shared/forms/workbook-rules.ts';
import { buildXml } from '#shared/xml/build.ts';
import { readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

/** A letter's element: its schema's structure and rules, its namespace and version, and what it is for a person. */
export interface LetterElement {
  structure: () => CompactStructure;
  rules: () => RuleBook;
  namespace: string;
  /** The schema's version, which its root carries and the Datenart version names (`Einspruch_22`). */
  version: string;
  /** "an <Einspruch> element (the appeal)" */
  label: string;
  /** The element names of the place that holds the tax number, which the service writes from `tax_number`. */
  taxNumberAt: readonly string[];
}

/** What every letter's request has: the tax number it is filed under, its element or the caller's XML, and its attachments. */
export interface LetterRequest extends DeclaredIdentifiers {
  test: boolean;
  year?: number | undefined;
  tax_number: string;
  xml?: string | undefined;
  anhaenge?: Record<string, unknown> | undefined;
}

/** A letter as generic code sees it. */
export interface Letter<Request extends LetterRequest, Filing extends LetterRequest & { year: number }> {
  kind: Kind;
  facts: FormFacts;
  /** ERiC's Datenart, which two rules of the attachments carry in their names. */
  datenart: string;
  element: LetterElement;
  identifiers: IdentifierPlaces;
  /** The request as it is stored: its year, where it names none, the year it is sent in. */
  filingOf: (request: Request, today: string) => Filing;
  /** The element's fields a body writes (its part, with what the letter adds from its own fields). */
  fieldsOf: (filing: Filing) => Record<string, unknown>;
  /** What the letter itself finds in its element as it is sent (`pathOf` names an element below its root). */
  findings?: (tree: XmlTree, filing: Filing, today: string, pathOf: (names: readonly string[]) => string) => Finding[];
}

/** A caller's letter in `xml`: its element and attachments, bounded by the request's body limit, which binds first. */
export const letterXmlField = z.string().check(z.minLength(1), z.maxLength(attachmentsXmlBytes));

/** A letter's Nutzdaten split into its element and the attachments beside it. */
export function splitLetter(xml: string, root: string): { element: string; attachments?: string } {
  const end = xml.lastIndexOf(`</${root}>`);
  if (end === -1) return { element: xml };
  const cut = end + root.length + 3;
  const rest = xml.slice(cut).trim();
  return rest === '' ? { element: xml.slice(0, cut) } : { element: xml.slice(0, cut), attachments: rest };
}

/** Where a finding on a caller's XML points: `xml.` and the element path, the attachments' under `Anhaenge`. */
const xmlPath = (names: readonly string[]) => ['xml', ...names].join('.');

/** The letter's element and attachments written from a body, and what the body has that they do not (at its body path). */
export function letterXml<Filing extends LetterRequest & { year: number }>(
  letter: Pick<Letter<LetterRequest, Filing>, 'element' | 'fieldsOf'>,
  filing: Filing,
): { xml: string; findings: Finding[] } {
  const { element } = letter;
  const structure = element.structure();
  const part = bodyName(structure.root);
  const fields = { ...letter.fieldsOf(filing) };
  withTaxNumber(fields, element.taxNumberAt, filing.tax_number);
  const written = writeElement(fields, structure);
  const findings = written.findings.map((finding) => ({ ...finding, path: `${part}.${finding.path}` }));
  let xml = buildXml({ [structure.root]: { '@_xmlns': element.namespace, '@_version': element.version, ...written.element } });
  if (filing.anhaenge !== undefined) {
    const attachments = writeElement(filing.anhaenge, attachmentsStructure());
    findings.push(...attachments.findings.map((finding) => ({ ...finding, path: `anhaenge.${finding.path}` })));
    xml += buildXml({ Anhaenge: { '@_xmlns': attachmentsNamespace, '@_version': attachmentsVersion, ...attachments.element } });
  }
  return { xml, findings };
}

/** Puts the request's tax number at its place where the body's fields leave it out. */
function withTaxNumber(fields: Record<string, unknown>, [first, ...rest]: readonly string[], taxNumber: string) {
  const key = bodyName(first!);
  if (rest.length === 0) {
    fields[key] ??= taxNumber;
    return;
  }
  const group = fields[key];
  // A group of the wrong shape is the writer's to refuse.
  if (group !== undefined && (typeof group !== 'object' || group === null || Array.isArray(group))) return;
  const inner = { ...(group as Record<string, unknown> | undefined) };
  withTaxNumber(inner, rest, taxNumber);
  fields[key] = inner;
}

/**
 * What ELSTER would find in a letter's Nutzdaten for `year`: the element's structure and ERiC's rules,
 * the attachments' structure and rules. `pathOf` names an element below the letter's root; the
 * attachments are named below `Anhaenge`.
 */
export function letterFindings(
  letter: Pick<Letter<never, never>, 'element' | 'datenart'>,
  xml: string,
  year: number,
  pathOf: (names: readonly string[]) => string,
): { findings: Finding[]; tree?: XmlTree; files: number } {
  const { element } = letter;
  const structure = element.structure();
  const parts = splitLetter(xml, structure.root);
  const read = readCallerNutzdaten(parts.element, {
    year: Number(element.version),
    version: element.version,
    structure,
    rootLabel: element.label,
    namespace: element.namespace,
    pathOf,
  });
  if (!read.ok) return { findings: read.findings, files: 0 };
  const rules = workbookRuleFindings(element.rules(), read.tree, year, structure, pathOf);
  const attachments =
    parts.attachments === undefined
      ? { findings: [], files: 0 }
      : attachmentFindings(parts.attachments, letter.datenart, (names) => pathOf(['Anhaenge', ...names]));
  return { findings: [...read.findings, ...rules, ...attachments.findings], tree: read.tree, files: attachments.files };
}

/** The letter's tax rules: the filing a request makes, and what its element, attachments and identifiers have. */
export function letterRules<Request extends LetterRequest, Filing extends LetterRequest & { year: number }>(letter: Letter<Request, Filing>) {
  return (request: Request, { today }: CheckContext): Ruled => {
    const body = letter.filingOf(request, today);
    // The letter's own kind and body: the compiler cannot pair a generic kind with its body in the union.
    const filing = { kind: letter.kind, body } as unknown as Ruled['filing'];
    const open = yearFindings(letter.facts, body.year, today);
    const checked = (xml: string, pathOf: (names: readonly string[]) => string, shown: (finding: Finding) => Finding) => {
      const read = letterFindings(letter, xml, body.year, pathOf);
      if (!read.tree) return { filing, findings: [...open, ...read.findings.map(shown)] };
      const identifiers = partsIdentifiers(letter.identifiers, read.tree, request, pathOf);
      const own = letter.findings?.(read.tree, body, today, pathOf) ?? [];
      return { filing, xmlIdnrs: identifiers.xmlIdnrs, findings: [...open, ...read.findings.map(shown), ...identifiers.findings, ...own] };
    };
    if (body.xml !== undefined) return checked(body.xml, xmlPath, (finding) => finding);
    const written = letterXml(letter, body);
    if (written.findings.length > 0) return { filing, findings: [...open, ...written.findings] };
    const part = bodyName(letter.element.structure().root);
    const taxNumberAt = letter.element.taxNumberAt.join('/');
    const bodyPath = (names: readonly string[]) => {
      if (names.join('/') === taxNumberAt) return 'tax_number';
      return names[0] === 'Anhaenge' ? `anhaenge.${bodyPathOf(names.slice(1))}` : [part, bodyPathOf(names)].filter(Boolean).join('.');
    };
    return checked(written.xml, bodyPath, bodyFinding);
  };
}

/**
 * The structured body a caller's letter maps to (contract §12): its element under its name, the
 * attachments as `anhaenge`; the tax number at its place is the request's `tax_number`, which the
 * handler adds. `unmapped` names what the body cannot carry.
 */
export function readLetterBack(element: LetterElement, xml: string): ReadBack {
  const structure = element.structure();
  const parts = splitLetter(xml, structure.root);
  const read = readXml(parts.element, { strict: true });
  if (!read.ok || read.tree.name !== structure.root) return { body: {}, unmapped: read.ok ? [read.tree.name] : [], replaced: [] };
  const fields = readParts(read.tree, structure);
  withoutTaxNumber(fields.parts, element.taxNumberAt);
  const body: Record<string, unknown> = { [bodyName(structure.root)]: fields.parts };
  const unmapped = [...fields.unmapped];
  if (parts.attachments !== undefined) {
    const attachments = readXml(parts.attachments, { strict: true, maxBytes: attachmentsXmlBytes });
    if (attachments.ok && attachments.tree.name === 'Anhaenge') {
      const read = readParts(attachments.tree, attachmentsStructure());
      body.anhaenge = read.parts;
      unmapped.push(...read.unmapped.map((path) => `/Anhaenge${path}`));
    } else unmapped.push('/Anhaenge');
  }
  // A letter's writer sets nothing itself: the tax number at its place is the request's.
  return { body, unmapped, replaced: [] };
}

/** Leaves out the tax number at its place (and a group it alone filled): the request carries it. */
function withoutTaxNumber(fields: Record<string, unknown>, [first, ...rest]: readonly string[]) {
  const key = bodyName(first!);
  if (rest.length === 0) {
    delete fields[key];
    return;
  }
  const group = fields[key] as Record<string, unknown> | undefined;
  if (group === undefined) return;
  withoutTaxNumber(group, rest);
  if (Object.keys(group).length === 0) delete fields[key];
}
