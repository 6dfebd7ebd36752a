// Which elements of a form's Nutzdaten name whom the filing is for, and the one check that holds
// them to the request. Tickets, metadata, the transfer header and the protocol show the request's
// identifiers, so the XML may name no other: the tax number, and the Ordnungsbegriff ELSTER takes in
// its place (their first four digits are the tax office, the transfer header's Empfaenger), the
// IdNrs of the taxpayer and the spouse, the W-IdNr and the USt-IdNr. Every form declares where its
// schema holds them (its module's `identifiers`); test/oracle/identifier-places.test.ts holds each
// declaration to ELSTER's XSDs.
import type { Finding } from '#shared/domain/ticket.ts';
import type { NamedIdnr } from '#shared/forms/accepted.ts';
import { taxOfficeOf } from '#shared/tax/test-cases.ts';
import { widnrProblem, widnrRule, widnrShapeOf } from '#shared/tax/widnr.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** What an identifier is, named by the request field that declares it (the Ordnungsbegriff by `tax_number`). */
export type IdentifierKind = 'tax_number' | 'ordnungsbegriff' | 'idnr' | 'spouse_idnr' | 'widnr' | 'vat_id';

/** Where a form's schema holds identifiers, each element by its path below the root (`Vorsatz/StNr`). */
export interface IdentifierPlaces {
  /** The elements that name whom the filing is for, and what each holds: every one is held to the request. */
  held: Readonly<Record<string, IdentifierKind>>;
  /**
   * Where the schema's other identifiers stand, by path prefix: they name other people and
   * businesses (a child, a partnership, a customer), never whom the filing is for, and are left
   * to the form's own rules.
   */
  others: readonly string[];
}

/** The identifiers a request declares: its fields that the XML's identifiers must equal. */
export interface DeclaredIdentifiers {
  tax_number?: string;
  /** The tax office of a first return, filed without a tax number. */
  tax_office?: string;
  vat_id?: string;
  idnr?: string;
  spouse_idnr?: string;
  widnr?: string;
}

/**
 * The request fields that only declare identifiers a caller's XML names: the XML carries them, so
 * they are not part of the filing, and a body read back from the XML has them where its own fields do.
 */
export const xmlDeclaredFields = ['idnr', 'spouse_idnr', 'widnr'] as const;

/** A request as it is stored: only what it gave, but for what only declares the XML's identifiers. */
export function withoutDeclared<Request extends object>(request: Request): Omit<Request, (typeof xmlDeclaredFields)[number]> {
  const filing = Object.entries(request).filter(([field, value]) => value !== undefined && !(xmlDeclaredFields as readonly string[]).includes(field));
  return Object.fromEntries(filing) as Omit<Request, (typeof xmlDeclaredFields)[number]>;
}

/** An identifier the XML holds at one of its form's places. */
export interface HeldIdentifier {
  names: readonly string[];
  kind: IdentifierKind;
  value: string;
}

/** Every identifier `tree` (the Nutzdaten's root) holds at a place of `places`, in the order of the places. */
export function heldIdentifiers(places: IdentifierPlaces, tree: XmlTree): HeldIdentifier[] {
  return Object.entries(places.held).flatMap(([path, kind]) => {
    const names = path.split('/');
    let level = [tree];
    for (const name of names) level = level.flatMap((node) => node.children.filter((child) => child.name === name));
    return level.map((node) => ({ names, kind, value: node.text }));
  });
}

type Declared = Exclude<IdentifierKind, 'tax_number' | 'ordnungsbegriff'>;

// How each identifier the request declares in a field of its own is named in a finding. The IdNr is
// never echoed in `expected`: it is a person's, and a finding may travel further than the request.
const fieldFacts: Record<Declared, { code: string; what: string; echo: boolean }> = {
  idnr: { code: 'XML_IDNR_MISMATCH', what: "the taxpayer's IdNr", echo: false },
  spouse_idnr: { code: 'XML_IDNR_MISMATCH', what: "the spouse's IdNr", echo: false },
  widnr: { code: 'XML_WIDNR_MISMATCH', what: 'the W-IdNr', echo: true },
  vat_id: { code: 'XML_VAT_ID_MISMATCH', what: 'the USt-IdNr', echo: true },
};

/**
 * The one check of the identifiers a caller's Nutzdaten hold: each at every place of `places` equals
 * what `declared` gives for it, none stands that the request does not declare, the spouse is not the
 * taxpayer, and an identifier the request declares is in the XML. `pathOf` names an element for a
 * finding, as the form's reader does.
 */
export function identifierFindings(
  places: IdentifierPlaces,
  tree: XmlTree,
  declared: DeclaredIdentifiers,
  pathOf: (names: readonly string[]) => string,
): Finding[] {
  const held = heldIdentifiers(places, tree);
  const findings: Finding[] = [];
  const taxNumberPlace = Object.entries(places.held).find(([, kind]) => kind === 'tax_number')?.[0];
  // The tax number also when one side has none: a return filed by tax number names it, a first return does not.
  if (taxNumberPlace !== undefined && !held.some(({ kind }) => kind === 'tax_number'))
    findings.push(...taxNumberAgrees(declared, undefined, pathOf(taxNumberPlace.split('/'))));
  const taxpayer = declared.idnr ?? held.find(({ kind }) => kind === 'idnr')?.value;
  for (const { names, kind, value } of held) {
    const path = pathOf(names);
    if (kind === 'tax_number' || kind === 'ordnungsbegriff') {
      // An Ordnungsbegriff, where ELSTER takes it instead of the tax number (OrdNrArt "O"), may only repeat it.
      findings.push(...taxNumberAgrees(declared, value, path));
      continue;
    }
    const given = declared[kind];
    const { code, what, echo } = fieldFacts[kind];
    // The structure of the schema holds a W-IdNr's form; its check digit is ERiC's formal rule.
    const widnr = kind === 'widnr' ? widnrProblem(value, widnrShapeOf(value)) : undefined;
    if (widnr?.code === 'WIDNR_CHECK_DIGIT') findings.push({ path, ...widnr, rule: widnrRule(widnrShapeOf(value)) });
    if (kind === 'spouse_idnr' && value === taxpayer)
      findings.push({ path, code: 'IDNR_SAME_AS_TAXPAYER', message: "must be the spouse's own tax identification number, not the taxpayer's" });
    else if (given === undefined)
      findings.push({ path, code, message: `names ${what}, which the request does not declare: give it in ${kind}, or leave the element out` });
    else if (value !== given) findings.push({ path, code, message: `must be ${what} given in ${kind}`, ...(echo && { expected: given }) });
  }
  for (const kind of Object.keys(fieldFacts) as Declared[]) {
    if (declared[kind] === undefined || !Object.values(places.held).includes(kind) || held.some((found) => found.kind === kind)) continue;
    findings.push({ path: kind, code: fieldFacts[kind].code, message: `is ${fieldFacts[kind].what}, but the XML names none` });
  }
  return findings;
}

/**
 * The XML must be the return of the tax number the request names, which tickets, metadata, the
 * transfer header and the protocol show: the same number, or none in either (a first return, whose
 * tax office is `tax_office`). `inXml` is what the element at `path` holds.
 */
function taxNumberAgrees(request: Pick<DeclaredIdentifiers, 'tax_number' | 'tax_office'>, inXml: string | undefined, path: string): Finding[] {
  const given = request.tax_number;
  if (given === inXml) return [];
  if (given !== undefined) return [{ path, code: 'XML_TAX_NUMBER_MISMATCH', message: 'must be the tax number given in tax_number', expected: given }];
  if (inXml !== undefined && request.tax_office !== undefined && taxOfficeOf(inXml) !== request.tax_office) {
    const message = 'names another tax office than tax_office in its first four digits; a first return carries no tax number at all';
    return [{ path, code: 'XML_TAX_OFFICE_MISMATCH', message, expected: request.tax_office }];
  }
  return [{ path, code: 'XML_TAX_NUMBER_MISMATCH', message: 'must be left out when the request names no tax_number (a first return, filed by tax_office)' }];
}

/**
 * The identifiers of a document whose body is its Nutzdaten element field for field
 * (shared/forms/element-body.ts), held to what the request declares, and its IdNrs for the live
 * guard. A body's parts are the document itself and so declare the IdNrs and the W-IdNr they name;
 * the Ordnungsbegriff is still held to `tax_number`, and the spouse may not be the taxpayer.
 */
export function partsIdentifiers(
  places: IdentifierPlaces,
  tree: XmlTree,
  request: DeclaredIdentifiers & { xml?: string },
  pathOf: (names: readonly string[]) => string,
): { findings: Finding[]; xmlIdnrs: NamedIdnr[] } {
  const held = heldIdentifiers(places, tree);
  const own = held.filter(({ kind }) => kind === 'idnr' || kind === 'spouse_idnr' || kind === 'widnr').reverse();
  const declared: DeclaredIdentifiers =
    request.xml === undefined ? { ...request, ...Object.fromEntries(own.map(({ kind, value }) => [kind, value])) } : request;
  const xmlIdnrs: NamedIdnr[] = held
    .filter(({ kind }) => kind === 'idnr' || kind === 'spouse_idnr')
    .map(({ names, value }) => ({ path: pathOf(names), idnr: value }));
  return { findings: identifierFindings(places, tree, declared, pathOf), xmlIdnrs };
}
