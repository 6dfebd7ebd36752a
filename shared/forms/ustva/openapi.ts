// The UStVA's part of the OpenAPI document (shared/openapi/): its request schema, what the contract
// says of its fields, and its examples. Every request example passes the service's own checks
// (shared/openapi/document.test.ts).
import { partyFieldDescriptions } from '#shared/forms/parties.ts';
import { flagFieldDescriptions, supplierFieldDescriptions } from '#shared/forms/anmeldungssteuern.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { maxRecordKeys } from '#shared/forms/fields.ts';
import { type KennzahlSpec, ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import { baseAmountDigits, nonNegativeKennzahlen, taxAmountDigits } from '#shared/forms/ustva/limits.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { ustvaSchema } from '#shared/forms/ustva/schema.ts';
import { maxXmlAttributes, maxXmlBytes, maxXmlDepth, maxXmlElements, maxXmlNamespaces } from '#shared/xml/limits.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

/** The sample UStVA body callers start from. */
export const ustvaContractExample = {
  test: true,
  year: 2026,
  period: '03',
  tax_number: '9198011310010',
  supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München', phone: '089123456', email: 'buchhaltung@example.com' },
  kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' },
  flags: { corrected: false, documents_separate: false, direct_debit_revoked: false, refund_offset: false },
};

type Json = Record<string, unknown>;

/**
 * An amount as the service takes it for a Kennzahl: whole euros of at most 13 digits for a base (its
 * JSON number a multiple of 1), at most 11 digits before the point for a tax amount (limits.ts); never negative where the form
 * says so (Kz 37, 50, and Kz 39, the Sondervorauszahlung deducted: rules.ts).
 */
function amountSchema(kind: 'base' | 'tax', nonNegative: boolean): Json {
  const digits = kind === 'base' ? baseAmountDigits : taxAmountDigits;
  const euros = 10 ** digits;
  const sign = nonNegative ? '' : '-?';
  return {
    anyOf: [
      {
        type: 'number',
        ...(nonNegative ? { minimum: 0 } : { exclusiveMinimum: -euros }),
        exclusiveMaximum: euros,
        ...(kind === 'base' && { multipleOf: 1 }),
      },
      { type: 'string', pattern: kind === 'base' ? `^${sign}\\d{1,${digits}}$` : `^${sign}\\d{1,${digits}}(\\.\\d{1,2})?$` },
    ],
  };
}

function kennzahlSchema(kz: string, spec: KennzahlSpec, years: readonly number[]): Json {
  const all = ustvaFacts.years;
  const when = years.length === all.length ? '' : ` (the forms of ${years[0]}–${years.at(-1)})`;
  const description = `Kz ${kz}: ${spec.label}${when}`;
  if (spec.kind === 'date') return { type: 'string', format: 'date', description: `${description}; a date in the form's year, YYYY-MM-DD` };
  return { ...amountSchema(spec.kind, nonNegativeKennzahlen.includes(kz) || kz === '39'), description };
}

/** Every Kennzahl of every year's form by name, so a client's types know them and a mistyped key is caught before it is sent. */
function kennzahlenProperties(): Json {
  const years = new Map<string, { spec: KennzahlSpec; years: number[] }>();
  // Newest year first, so the Kennzahlen stand in the order of the current form.
  for (const year of [...ustvaFacts.years].reverse())
    for (const [kz, spec] of ustvaForm(year) ?? []) {
      const known = years.get(kz) ?? { spec, years: [] };
      years.set(kz, { spec, years: [year, ...known.years] });
    }
  const properties = Object.fromEntries([...years].map(([kz, { spec, years }]) => [`kz${kz}`, kennzahlSchema(kz, spec, years)]));
  properties.kz38 = { ...amountSchema('base', true), description: 'Kz 38: the special prepayment, whole euros; a `sondervorauszahlung` only' };
  return { type: 'object', properties, additionalProperties: false, maxProperties: maxRecordKeys };
}

export const formOpenapi: FormOpenapi = {
  name: 'UStVA',
  schemaName: 'UstvaSubmission',
  schema: ustvaSchema,
  ticketPeriod: 'a UStVA `voranmeldung`\'s month "01"–"12" or quarter "41"–"44"',
  year: `A UStVA for ${ustvaFacts.years[0]} to ${ustvaFacts.years.at(-1)}, for a period that has begun (422 \`PERIOD_NOT_BEGUN\`; a period not yet ended is the hint \`PERIOD_NOT_ENDED\`)`,
  fields: () => ({
    type: text('type'),
    period: 'Month "01"–"12" or quarter "41"–"44"; required for a `voranmeldung` unless `xml` is given',
    widnr:
      'The Wirtschafts-Identifikationsnummer, `DE` and nine digits, the last the check digit of the USt-IdNr (WIdNr; `WIDNR_CHECK_DIGIT`, ERiC rule ungueltigeWirtschaftsIdentifikationsnummer); part of the UStVA from 2025 on (422 `FIELD_NOT_FOR_YEAR` before). Beside `xml` it declares the WIdNr the XML names: the XML may name one only when it is given here, and then only this one (`XML_WIDNR_MISMATCH`, at `xml.WIdNr`, or at `widnr` when the XML names none)',
    business: text('business'),
    advisor: "The tax advisor who files (ELSTER's Berater), optional: the same fields as `business`",
    ...partyFieldDescriptions(),
    ...supplierFieldDescriptions,
    ...flagFieldDescriptions,
    'flags.documents_separate': 'true where documents are handed in separately (Kz22)',
    advisor_client:
      "The advisor's reference to the business (ELSTER's Mandant), optional: `last_name`, `first_name`, `client_number` (MandantenNr), `clerk` (Bearbeiterkennzeichen)",
    prepayments_prior_year:
      "`sondervorauszahlung` only, instead of `kennzahlen.kz38`: last year's remaining prepayments plus the special prepayment then deducted; Kz 38 is one eleventh of it, rounded down to whole euros",
    kennzahlen: text('kennzahlen', { maxRecordKeys }),
    flags:
      'Kz10 (corrected), Kz22 (documents_separate), Kz23 (supplementary: further or different facts, told in `supplementary_text`, at most 180 characters, required with it), Kz26 (direct_debit_revoked), Kz29 (refund_offset). A Dauerfristverlängerung takes only `supplementary`; a Sondervorauszahlung all but `documents_separate`',
    xml: text('xml', {
      maxXmlKiB: maxXmlBytes / 1024,
      maxXmlDepth,
      maxXmlElements,
      maxXmlAttributes,
      maxXmlNamespacesPerElement: maxXmlNamespaces.element,
      maxXmlNamespacesPerDocument: maxXmlNamespaces.document,
    }),
  }),
  properties: () => ({ kennzahlen: kennzahlenProperties() }),
  examples: {
    contract: { summary: 'A monthly UStVA', value: ustvaContractExample },
    landNotation: {
      summary: 'The tax number as the Land writes it',
      description: 'Bayern writes FFF/BBB/UUUUP; the service sends it as the 13-digit ELSTER number 9181081508155.',
      value: { ...ustvaContractExample, tax_number: { state: 'BY', number: '181/815/08155' } },
    },
    clientCertificate: {
      summary: 'Signed with your client’s own certificate',
      description: 'Names a certificate kept with `POST /v2/certificates`; if its `pin_storage` is `per_submission`, send its PIN in the header `Elster-Pin`.',
      value: { ...ustvaContractExample, certificate_id: 'crt_Qm9vay1rZWVwaW5nLTIwMj' },
    },
  },
  showcase: true,
};
