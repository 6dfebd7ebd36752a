// The ZM's part of the OpenAPI document (shared/openapi/): its request schema, what its fields
// mean beside the ELSTER element each fills, and its examples. Every request example passes the
// service's own checks (shared/openapi/document.test.ts).
import type { FormOpenapi } from '#shared/forms/form.ts';
import { maxLines, zmPeriods } from '#shared/forms/zm/model.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { zmSchema } from '#shared/forms/zm/schema.ts';

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
  year: `A ZM for ${zmFacts.years[0]} to ${zmFacts.years.at(-1)} (ERiC's one Datenart version \`ZMDO\`, schema version 000005), for a period that has begun (422 \`PERIOD_NOT_BEGUN\`; a two-month period once its second month has), and not more than ten years back (\`YEAR_CLOSED\`)`,
  fields: () => ({
    vat_id:
      "The business's own USt-IdNr (ELSTER's `knri`): `DE` and nine digits, the last a check digit (ISO 7064 MOD 11,10: `VAT_ID_FORMAT`, `VAT_ID_CHECK_DIGIT`). It names the filer instead of a tax number: the ticket shows it masked, and the report goes to the Bundeszentralamt für Steuern",
    period: `The reporting period (\`mzr/quart\`): ${zmPeriods.join(', ')}. A month "01"–"12", a quarter "41"–"44" as in the UStVA, the two-month periods "01-02", "04-05", "07-08", "10-11", or "year" for the annual report. Required unless \`xml\` is given`,
    business:
      'The business (`anschrift`): `name` (30 characters), `address_supplement` (40), `street` (30), `house_number` (10), `house_number_suffix` (10), `postal_code` (12 letters, digits or spaces; five digits from 01001 in Germany: `POSTAL_CODE_REQUIRED`, `POSTAL_CODE_RANGE`), `city` (30), `country` (ISO 3166, default `DE`; not `GB`), `phone` (20: digits, spaces and + - / ( )). Required unless `xml` is given',
    lines: `The report's lines (\`zeile\`), 1 to ${maxLines}: \`customer_vat_id\` (\`knre\`), the customer's VAT ID in another member state, with its country prefix (EL for Greece, XI for Northern Ireland), in that country's format (\`VAT_ID_COUNTRY\`, \`VAT_ID_FORMAT\` with the form in \`expected\`; never DE: \`VAT_ID_DOMESTIC\`, no longer GB: \`VAT_ID_GB\`; XI for goods only: \`VAT_ID_XI_SERVICES\`). Whether the ID is issued and valid is not confirmed: that only the EU's VIES service can tell, and the service works offline. \`amount\` (\`betrag\`): whole euros, at most 11 digits, negative in a corrected report that lowers an earlier one. \`kind\` (\`umsatzart\`): \`goods\` (L, intra-Community supply), \`triangular_trade\` (D), \`services\` (S). One line per customer and kind (\`LINE_REPEATED\`: add the amounts); a first report of a single line of 0 is not filed (\`NOTHING_TO_REPORT\`). Required unless \`xml\` is given`,
    flags:
      '`corrected` (`meldeart` 11 instead of 10: a corrected report of the period, whose lines replace the earlier ones of the same customer and kind), `monthly_notice` (`anzeige`: from now on monthly, § 18a Abs. 1 UStG; with a month only: `NOTICE_NOT_MONTHLY`), `monthly_revoked` (`widerruf`: that notice revoked; with a quarter or its third month only: `REVOCATION_PERIOD`; never both: `NOTICE_AND_REVOCATION`)',
    xml: 'Instead of period, business, lines and flags: the Nutzdaten element `<zm version="000005">` (no namespace), checked and sent as is: read strictly as for the UStVA, checked against the whole structure of ELSTER\'s schema zm_000005.xsd (XML_STRUCTURE, XML_VALUE), one `unternehmer` with one `zm-zeilen` (`XML_ONE_REPORT`), whose `knri`, the one identifier of whom it is for, equals `vat_id` (`XML_VAT_ID_MISMATCH`; each line\'s `knre` is a customer\'s) and whose `mzr/jahr` equals `year` (`XML_YEAR_MISMATCH`), `zulassNr/zulnr1` "N" as for every report sent through ERiC, `waehrung="1"`. The service writes `zulnr1` "N" and `zulnr2` "1111111" itself, the values the schema documents for ERiC',
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
