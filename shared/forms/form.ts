// What a form is to the code that does not know it: its facts, always at hand (shared/forms/registry.ts),
// and the parts of its folder, each loaded by those that need it: its module when the form is used
// (shared/forms/load.ts), what validate takes of it, its part of the OpenAPI document.
import type * as z from 'zod/mini';
import type { FilingBodies, Finding, Kind } from '#shared/domain/ticket.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import type { CheckContext, Checked } from '#shared/forms/check.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import type { IdentifierPlaces } from '#shared/forms/identifiers.ts';
import type { ReplacedElement } from '#shared/forms/replaced.ts';

export interface NutzdatenOptions {
  herstellerId: string;
  createdAt: Date;
}

/**
 * What the sandbox's re-check makes of Nutzdaten: the form's findings (paths in ELSTER's names),
 * and the protocol's title, the heading of its figures and the figures themselves.
 */
export interface Recheck {
  findings: Finding[];
  title: string;
  section: string;
  figures: ProtocolRow[];
  /** Whom the filing is for, as its Nutzdaten name them (a business, a taxpayer); absent where they name none. */
  taxpayer?: string;
}

/**
 * A caller's Nutzdaten read back into the form's structured fields (contract §12): submitting `body`
 * writes the same elements and values, apart from those the service sets itself, which `replaced`
 * names with the caller's values (shared/forms/replaced.ts); `unmapped` names, as element paths,
 * what the fields cannot carry yet.
 */
export interface ReadBack {
  body: Record<string, unknown>;
  unmapped: string[];
  replaced: ReplacedElement[];
}

/** Everything that is the form's own, for generic code to look up by the form's kind. */
export interface FormModule<K extends Kind = Kind> {
  facts: FormFacts<K>;
  /** Where its Nutzdaten name whom the filing is for, each held to the request by the check (shared/forms/identifiers.ts). */
  identifiers: IdentifierPlaces;
  /** The schema and the tax rules (`POST /v2/{kind}` and its `validate`). */
  check(input: unknown, context: CheckContext): Promise<Checked>;
  /** A stored body read back with the form's schema (shared/submission/stored-filing.ts). */
  readStored(stored: unknown): { body: FilingBodies[K] } | { error: z.core.$ZodError };
  /** The Nutzdaten element of a checked body: the caller's own XML as it came, or built from its fields. */
  nutzdaten(body: FilingBodies[K], options: NutzdatenOptions): string;
  /** The sandbox's re-check of Nutzdaten as ERiC would read them; `period` is the ticket's. */
  recheck(nutzdaten: string, year: number, period: string | undefined): Promise<Recheck>;
  /** `POST /v2/{kind}/validate?include=body`: a caller's Nutzdaten, as they passed the check, read back. */
  readBack(xml: string): Promise<ReadBack>;
}

/**
 * A form's year figure, from its `profit.ts` (`profit`), where it has one: the profit in euros its
 * filing declares, or undefined where it declares none. Its submit function keeps it on the ticket
 * (shared/submission/accept.ts) for the hints across the client's filings.
 */
export type Profit<K extends Kind = Kind> = (body: FilingBodies[K]) => number | undefined;

/**
 * A form's year figures, its `profit.ts`: the profit (`profit`), and where a filing declares what it
 * prepaid, or an annual return the prepayments of its year, that amount in euros (`prepayment`).
 */
export interface YearFigureSources {
  profit?: Profit | undefined;
  prepayment?: Profit | undefined;
}

/**
 * What `POST /v2/{kind}/validate` takes of a form (shared/wiring/validate-handler.ts), from its
 * `validation.ts`: a form may hand over less than its module, and so its function loads less.
 */
export type FormValidation<K extends Kind = Kind> = Pick<FormModule<K>, 'check' | 'nutzdaten' | 'readBack'>;

export interface RequestExample {
  summary: string;
  description?: string;
  value: unknown;
}

/** The form's part of the OpenAPI document (shared/openapi/). */
export interface FormOpenapi {
  /** How the document names the form: "Submit a …". */
  name: string;
  /** Its request schema, and the component it becomes. */
  schemaName: string;
  schema: z.ZodMiniType;
  /** What the `year` field says of this form: its years and its filing window. */
  year: string;
  /** What a ticket's `period` holds for this form, where its filings name one. */
  ticketPeriod?: string;
  /** What the contract says of its fields, given what it says of the fields every form has. */
  fields(common: Readonly<Record<string, string>>): Record<string, string>;
  /** JSON schemas that say more of a field than its own schema shows (each Kennzahl of `kennzahlen` by name), by field. */
  properties?(): Record<string, Record<string, unknown>>;
  /**
   * Request examples, by name: `contract`, a body the contract shows, which passes the check, is the
   * form's sample wherever one body of each form is wanted (the cold-start bench, the XSD oracle).
   */
  examples: { contract: RequestExample } & Record<string, RequestExample>;
  /** Whether the document shows its answers (accepted, refused, validated) on this form's routes. */
  showcase?: boolean;
}

/**
 * ELSTER's files (below `../shared/elster/` beside the checkout, docs/sources.md) a form's schema
 * structure is generated from by `npm run generate:structure`: its `structure/sources.ts`, which the
 * generator and the XSD oracle (test/oracle/xsd.ts) read through the registry.
 */
export type StructureSources =
  /**
   * One schema a year, `schemas/{prefix}-{year}.xsd`, each written to `structure/{file}-{year}.json`;
   * with `workbook`, also each year's rules, `rules/{workbook}_{year}.xml`, to `structure/{file}-{year}-rules.json`.
   */
  | ({ prefix: string; years: readonly number[]; file: string } & Workbook)
  /**
   * One schema for every year, written to `structure/{file}.json`; `root` where it declares its root's type only;
   * with `workbook` (its path below `../shared/elster/`), its rules to `structure/{file}-rules.json` (a letter's).
   */
  | ({ schema: string; file: string; root?: { name: string; type: string } } & Workbook);

/** ERiC's rule workbook of a form's schema, whose rules are generated beside its structure. */
interface Workbook {
  workbook?: string;
  /**
   * Only the tests read the workbook's rules (shared/forms/eric-rules.test.ts holds the form's own
   * rules to them), so no function ships them (shared/forms/structure-files.ts).
   */
  rulesForTestsOnly?: true;
}
