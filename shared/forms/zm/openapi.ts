// The ZM's part of the OpenAPI document (shared/openapi/): its request schema, what its fields
// mean beside the ELSTER element each fills, and its examples. Every request example passes the
// service's own checks (shared/openapi/document.test.ts).
import type { FormOpenapi } from '#shared/forms/form.ts';
import { maxLines, zmPeriods } from '#shared/forms/zm/model.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { zmSchema } from '#shared/forms/zm/schema.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

/** The sample ZM body callers start from: a quarter's deliveries and services to three customers. */
export const zmContractExample = {
  test: true,
  year: 2026,
  period: '43',
  vat_id: 'DE136695976',
  business: { name: 'Muster GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München', country: 'DE', phone: '089 123456' },
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
