// ELSTER's own XSDs as a test oracle: libxml2 (compiled to WebAssembly) validates a Nutzdaten
// document against the schema of its form and year, read from the schemas of ELSTER's folder
// (test/support/elster.ts; never copied into the repository). A year without a published schema is validated against the
// newest earlier one, its namespace and version rewritten to that year's: a stand-in. Which schemas
// are a form's is what it generates its structure from (`structure/sources.ts` in its folder): one a
// year by prefix, or one for every year, whose root element is added where it declares only its type.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import type { Kind } from '#shared/domain/ticket.ts';
import type { StructureSources } from '#shared/forms/form.ts';
import { attachmentsSchema } from '#shared/forms/attachments-schema.ts';
import { elsterDir } from '#test/support/elster.ts';
import { formSources } from '../../scripts/structure/modules.ts';

const schemaFolder = join(elsterDir, 'schemas');

type YearlySchema = Extract<StructureSources, { prefix: string }>;

const forms = Object.fromEntries(formSources.map(({ kind, sources }) => [kind, sources])) as Record<Kind, StructureSources>;

/** The years with a published schema of `prefix`, ascending. */
function schemaYears({ prefix }: YearlySchema): number[] {
  const pattern = new RegExp(`^${prefix}-(\\d{4})\\.xsd$`);
  return readdirSync(schemaFolder)
    .map((file) => pattern.exec(file)?.[1])
    .filter((year) => year !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The schema that decides a document of `kind` and `year`: its own, or the newest earlier one. */
export function schemaYearOf(kind: Kind, year: number): number {
  const form = forms[kind];
  if (!('prefix' in form)) return year;
  const schemaYear = schemaYears(form)
    .filter((candidate) => candidate <= year)
    .at(-1);
  if (schemaYear === undefined) throw new RangeError(`no ${form.prefix} schema for ${year} or before`);
  return schemaYear;
}

const validators = new Map<string, XsdValidator>();

function validatorFor(kind: Kind, schemaYear: number): XsdValidator {
  const form = forms[kind];
  const file = 'prefix' in form ? `schemas/${form.prefix}-${schemaYear}.xsd` : form.schema;
  let validator = validators.get(file);
  if (!validator) {
    const text = readFileSync(join(elsterDir, file), 'utf8');
    const rooted =
      'root' in form && form.root ? text.replace('</xs:schema>', `<xs:element name="${form.root.name}" type="${form.root.type}"/></xs:schema>`) : text;
    const schema = XmlDocument.fromString(rooted);
    validator = XsdValidator.fromDoc(schema);
    schema.dispose();
    validators.set(file, validator);
  }
  return validator;
}

export interface Verdict {
  /** libxml2's messages, each with its line; empty when the document is valid. */
  errors: string[];
  schemaYear: number;
  /** Validated against a newer year's schema for want of its own. */
  standIn: boolean;
}

/** libxml2's messages for `xml` against the schema `file` of ELSTER's folder (`schemas/…`), each with its line; empty when it is valid. */
export function schemaErrors(file: string, xml: string): string[] {
  let validator = validators.get(file);
  if (!validator) {
    const schema = XmlDocument.fromString(readFileSync(join(elsterDir, file), 'utf8'));
    validator = XsdValidator.fromDoc(schema);
    schema.dispose();
    validators.set(file, validator);
  }
  const document = XmlDocument.fromString(xml);
  try {
    validator.validate(document);
    return [];
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`);
  } finally {
    document.dispose();
  }
}

/** Validates the attachments a letter carries beside its element (shared/forms/attachments.ts) against their schema. */
const attachmentErrors = (xml: string): string[] => schemaErrors(attachmentsSchema, xml).map((error) => `Anhaenge ${error}`);

/** Validates the Nutzdaten `xml` of `kind` for `year` against its schema: its element, and a letter's attachments beside it against theirs. */
export function validateNutzdaten(kind: Kind, year: number, whole: string): Verdict {
  const beside = whole.indexOf('<Anhaenge ');
  if (beside > 0) {
    const verdict = validateNutzdaten(kind, year, whole.slice(0, beside));
    return { ...verdict, errors: [...verdict.errors, ...attachmentErrors(whole.slice(beside))] };
  }
  const xml = whole;
  const schemaYear = schemaYearOf(kind, year);
  const standIn = schemaYear !== year;
  // Every yearly namespace ends in its year (`…/ustva/v2025`).
  const text = standIn ? xml.replace(new RegExp(`(xmlns="[^"]*/v)${year}"`), `$1${schemaYear}"`).replace(`version="${year}"`, `version="${schemaYear}"`) : xml;
  const document = XmlDocument.fromString(text);
  try {
    validatorFor(kind, schemaYear).validate(document);
    return { errors: [], schemaYear, standIn };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return { errors: error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`), schemaYear, standIn };
  } finally {
    document.dispose();
  }
}
