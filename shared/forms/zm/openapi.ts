// The ZM's part of the OpenAPI document (shared/openapi/): its request schema, what its fields
// mean beside the ELSTER element each fills, and its examples. Every request example passes the
// service's own checks (shared/openapi/document.test.ts).
import type { FormOpenapi } from '#shared/forms/form.ts';
import { maxLines, zmPeriods } from '#shared/forms/zm/model.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { businessNameSunset, zmSchema } from '#shared/forms/zm/schema.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

/** The sample ZM body callers start from: a quarter's deliveries and services to three customers. */
export const zmContractExample = {
  test: true,
  year: 2026,
  period: '43',
  vat_id: 'DE136695976',
  business: { company_name: 'Muster GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München', country: 'DE', phone: '089 123456' },
  lines: [
    { customer_vat_id: 'ATU13585627', amount: 12500, kind: 'goods' },
    { customer_vat_id: 'FR40303265045', amount: 4800, kind: 'services' },
    { customer_vat_id: 'NL004495445B01', amount: 930, kind: 'triangular_trade' },
  ],
};

export const formOpenapi: FormOpenapi = {
  name: 'Zusammenfassende Meldung (ZM)',
  schemaName: 'ZmSubmission',
  schema: zmSchema,
  ticketPeriod: 'a ZM\'s `period` (also "01-02" … "10-11", "year")',
  year: `A ZM for ${zmFacts.years[0]} to ${zmFacts.years.at(-1)} (ERiC's one Datenart version \`ZMDO\`, schema version 000005), for a period that has begun (422 \`PERIOD_NOT_BEGUN\`; a two-month period once its second month has), and not more than ten years back (ERiC's \`jahr_Inhalt\`: \`YEAR_CLOSED\`), all on the one schema`,
  fields: () => ({
    vat_id:
      "The business's own USt-IdNr (ELSTER's `knri`): `DE` and nine digits, the last a check digit (ISO 7064 MOD 11,10: `VAT_ID_FORMAT`, `VAT_ID_CHECK_DIGIT`). It names the filer instead of a tax number: the ticket shows it masked, and the report goes to the Bundeszentralamt für Steuern",
    period: `The reporting period (\`mzr/quart\`): ${zmPeriods.join(', ')}. A month "01"–"12", a quarter "41"–"44" as in the UStVA, the two-month periods "01-02", "04-05", "07-08", "10-11", or "year" for the annual report. Required unless \`xml\` is given`,
    business: text('business'),
    lines: text('lines', { maxLines }),
    flags: text('flags'),
    'business.company_name': 'Name of the business (anschrift/name), at most 30 characters; required (or its former name `name`)',
    'business.name': `Deprecated: the former name of \`company_name\`, taken until ${businessNameSunset}. Given alone it stands for \`company_name\`; given beside it, the two must agree (422 \`FIELD_ALIAS_CONFLICT\` at \`business.company_name\`)`,
    'business.address_supplement': 'A further line of the address (adresszusatz), at most 40 characters',
    'business.street': 'Street (strasse), at most 30 characters',
    'business.house_number': 'House number (hausnr), at most 10 characters',
    'business.house_number_suffix': 'What follows the house number, such as "a" (hausnrzusatz), at most 10 characters',
    'business.postal_code': 'Postal code (plz): 12 letters, digits or spaces at most; five digits from 01001 in Germany',
    'business.city': 'Town or city (ort), at most 30 characters',
    'business.country': 'ISO 3166 country code of two capital letters (land); `DE` where left out',
    'business.phone': 'Phone number (telefon): 20 digits, spaces and + - / ( ) at most',
    'lines.customer_vat_id': "The customer's VAT ID in another member state with its country prefix (knre)",
    'lines.amount': 'Whole euros (betrag), at most 11 digits; negative in a corrected report that lowers an earlier one',
    'lines.kind': '`goods` (L), `triangular_trade` (D) or `services` (S) (umsatzart)',
    'flags.corrected': 'true for a corrected report of the period (meldeart 11)',
    'flags.monthly_notice': 'true to report monthly from now on, § 18a Abs. 1 UStG (anzeige)',
    'flags.monthly_revoked': 'true to revoke that notice (widerruf)',
    xml: text('xml'),
  }),
  examples: {
    contract: { summary: 'A quarterly ZM', value: zmContractExample },
    corrected: {
      summary: 'A corrected report',
      description: 'Replaces the lines of the customers and kinds it names in the report already filed for the period; an amount may be negative.',
      value: { ...zmContractExample, period: '09', lines: [{ customer_vat_id: 'ATU13585627', amount: -1200, kind: 'goods' }], flags: { corrected: true } },
    },
    monthlyNotice: {
      summary: 'A monthly report with the notice to report monthly from now on',
      value: { ...zmContractExample, period: '10', flags: { monthly_notice: true } },
    },
  },
};
