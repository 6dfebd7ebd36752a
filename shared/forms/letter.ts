// A letter to the tax office (Verfahren ElsterNachricht: the appeal, a message, …) as a form. Its
// Nutzdaten are the letter's element and, where it has attachments, the `Anhaenge` element beside it
// (contract §13); the body carries the element field for field under its name in snake case, and the
// attachments as `anhaenge` (shared/forms/element-body.ts). Both go through one reader, whether a
// caller's own XML or written from a body: the structure of ELSTER's schema, ERiC's rules of the
// letter's workbook (shared/forms/workbook-rules.ts) and of its attachments (shared/forms/attachments.ts),
// the identifiers, then what the letter itself finds (an appeal's deadline).
import { isError, type Finding, type Kind } from '#shared/domain/ticket.ts';
import * as z from 'zod/mini';
import { attachmentFindings, attachmentsStructure, attachmentsXmlBytes } from '#shared/forms/attachments.ts';
import { attachmentsNamespace, attachmentsVersion } from '#shared/forms/attachments-schema.ts';
import { checkForm, type CheckContext, type Form, type Prepared, type Ruled } from '#shared/forms/check.ts';
import { alongsideFieldChecks, common, formYear, refuseBesideXml, requireField, taxNumber } from '#shared/forms/fields.ts';
import { yearFindings } from '#shared/forms/years.ts';
import { bodyFinding, bodyName, bodyPathOf, readParts, writeElement } from '#shared/forms/element-body.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import type { FormModule, ReadBack, Recheck } from '#shared/forms/form.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { withUploadedAttachments } from '#shared/forms/uploaded-attachments.ts';
import { type DeclaredIdentifiers, type IdentifierPlaces, partsIdentifiers } from '#shared/forms/identifiers.ts';
import { ruleBook, type RuleBook, workbookRuleFindings } from '#shared/forms/workbook-rules.ts';
import { buildXml } from '#shared/xml/build.ts';
import { readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { readStructure, type CompactStructure } from '#shared/xml/structure.ts';
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

/**
 * A letter element's structure and rules as scripts/structure/generate.ts writes them beside the
 * module at `moduleUrl`: `structure/<name>.json` and `structure/<name>-rules.json`, each read when first asked for.
 */
function generatedElement(moduleUrl: string, name: string): Pick<LetterElement, 'structure' | 'rules'> {
  return {
    structure: () => readStructure(new URL(`./structure/${name}.json`, moduleUrl)),
    rules: () => ruleBook(new URL(`./structure/${name}-rules.json`, moduleUrl)),
  };
}

/**
 * A letter element of ELSTER's Nachricht schemas: its generated structure and rules
 * (`generatedElement`), the namespace of `schema` in `version` (21 unless said) and its tax number
 * in `Steuernummer` unless `taxNumberAt` says otherwise.
 */
export function elsterNachrichtElement(
  moduleUrl: string,
  name: string,
  schema: string,
  label: string,
  version = '21',
  taxNumberAt: readonly string[] = ['Steuernummer'],
): LetterElement {
  return { ...generatedElement(moduleUrl, name), namespace: `http://finkonsens.de/elster/elsternachricht/${schema}/v${version}`, version, label, taxNumberAt };
}

/** What every letter's request has: the tax number it is filed under, its element or the caller's XML, and its attachments. */
export interface LetterRequest extends DeclaredIdentifiers {
  test: boolean;
  year?: number | undefined;
  tax_number: string;
  xml?: string | undefined;
  anhaenge?: Record<string, unknown> | undefined;
}

/** A request as it is stored and sent: its year, where it named none, the year it was accepted in. */
export type LetterFiling<Request extends LetterRequest> = Omit<Request, 'year'> & { year: number };

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

/** The first child of `node` named `name`: how a protocol finds what a letter says. */
export const childOf = (node: XmlTree | undefined, name: string) => node?.children.find((candidate) => candidate.name === name);

/**
 * A letter whose structured body is its element alone, under `part` (the message, the request for more
 * time, the request to adjust prepayments): its taxpayer's and spouse's IdNrs name who writes, the tax
 * number is the letter's, and without a year of its own it is filed under the year it is sent in.
 */
export const elementLetter = <Request extends LetterRequest & Partial<Record<Part, unknown>>, Part extends string>(
  letter: Pick<Letter<Request, Request & { year: number }>, 'kind' | 'facts' | 'datenart' | 'element'>,
  part: Part,
): Letter<Request, LetterFiling<Request>> => ({
  ...letter,
  identifiers: { held: { Steuernummer: 'tax_number' }, others: ['Steuerpflichtiger/', 'Ehegatte/'] },
  filingOf: (request, today) => ({ ...request, year: request.year ?? Number(today.slice(0, 4)) }),
  fieldsOf: (filing) => ({ ...((filing as Record<string, unknown>)[part] as Record<string, unknown> | undefined) }),
});

/** A caller's letter in `xml`: its element and attachments, within the request's body limit (1 MiB, shared/http/json-body.ts). */
const letterXmlField = z.string().check(z.minLength(1), z.maxLength(1024 * 1024));

/** What every letter's request has after its element: the attachments, or the caller's XML in place of both. */
export const letterFields = <Attachments extends z.ZodMiniType>(attachments: Attachments) => ({
  anhaenge: z.optional(attachments),
  xml: z.optional(letterXmlField),
});

/**
 * The request's fields of a letter whose structured body is its element alone, under `part` (its
 * root in snake case), with `year` only where its subject has one; `element` and `attachments` are
 * the schemas of the element's fields and of `anhaenge`: checked (letterSchema) or documented (its openapi.ts).
 */
export const letterShape = <Part extends string, Element extends z.ZodMiniType, Attachments extends z.ZodMiniType>(
  facts: FormFacts,
  part: Part,
  element: Element,
  attachments: Attachments,
) => ({
  ...common,
  year: z.optional(formYear(facts)),
  tax_number: taxNumber,
  ...({ [part]: z.optional(element) } as { [P in Part]: z.ZodMiniOptional<Element> }),
  ...letterFields(attachments),
});

const record = z.record(z.string().check(z.maxLength(60)), z.unknown());

/** The schema of such a letter's request: the element required unless the caller's XML stands in its place (`required` says what it holds). */
export const letterSchema = <Part extends string>(facts: FormFacts, part: Part, required: string) =>
  z.strictObject(letterShape(facts, part, record, record)).check(
    z.superRefine((body: Record<string, unknown>, context) => {
      if (body.xml !== undefined) return refuseBesideXml(context, body, [part, 'anhaenge']);
      if (body[part] === undefined) requireField(context, part, `is required: ${required}`);
    }, alongsideFieldChecks),
  );

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
function letterXml<Filing extends LetterRequest & { year: number }>(
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
function letterFindings(
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
function letterRules<Request extends LetterRequest, Filing extends LetterRequest & { year: number }>(letter: Letter<Request, Filing>) {
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
 * A letter's schema and rules, as its submit function checks a body with them (functions/submit-letter.ts):
 * the uploads its attachments name resolved first, after what the letter itself `prepare`s.
 */
export const letterForm = <Request extends LetterRequest, Filing extends LetterRequest & { year: number }>(
  letter: Letter<Request, Filing>,
  schema: z.ZodMiniType<Request>,
  prepare?: (input: unknown, context: CheckContext) => Promise<Prepared>,
): Form<Request> => ({
  facts: letter.facts,
  schema,
  rules: letterRules(letter),
  async prepare(input, context) {
    const prepared = prepare ? await prepare(input, context) : { input };
    return 'findings' in prepared ? prepared : withUploadedAttachments(prepared.input, context);
  },
});

/** What a letter's protocol shows of its element (absent where it could not be read) and its attachments. */
type LetterProtocol = (tree: XmlTree | undefined, files: number) => Omit<Recheck, 'findings'>;

/**
 * A letter as generic code sees it (shared/forms/form.ts): checked by `form`, stored with its year (the
 * one it named, or the one it was accepted in), written from its body or sent as the caller wrote it,
 * read back, and re-checked with the protocol `protocol` makes of it.
 */
export function letterModule<K extends Kind, Request extends LetterRequest, Filing extends LetterRequest & { year: number }>(
  letter: Letter<Request, Filing> & { kind: K },
  form: Form<Request>,
  protocol: LetterProtocol,
): FormModule<K> {
  const module = {
    facts: letter.facts,
    identifiers: letter.identifiers,
    check: (input: unknown, context: CheckContext) => checkForm(form, input, context),
    readStored: readStoredBy(form.schema, (request) => ({ ...request, year: request.year ?? 0 })),
    nutzdaten: (body: Filing) => body.xml ?? letterXml(letter, body).xml,
    readBack: async (xml: string) => readLetterBack(letter.element, xml),
    async recheck(xml: string, year: number) {
      const { findings, tree, files } = letterFindings(letter, xml, year, (names) => names.join('/'));
      // What the letter itself finds (an appeal's deadline) is the service's hint, not the tax office's finding.
      return { findings: findings.filter(isError), ...protocol(tree, files) };
    },
  };
  // The letter's own kind and body: the compiler cannot pair a generic kind with its body in the union.
  return module as unknown as FormModule<K>;
}

/**
 * The structured body a caller's letter maps to (contract §12): its element under its name, the
 * attachments as `anhaenge`; the tax number at its place is the request's `tax_number`, which the
 * handler adds. `unmapped` names what the body cannot carry.
 */
function readLetterBack(element: LetterElement, xml: string): ReadBack {
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
