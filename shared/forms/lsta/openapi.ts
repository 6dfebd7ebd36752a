// The LStA's part of the OpenAPI document (shared/openapi/): its request schema, what the contract
// says of its fields, and its examples. Every request example passes the service's own checks
// (shared/openapi/document.test.ts).
import { partyFieldDescriptions } from '#shared/forms/parties.ts';
import { flagFieldDescriptions, supplierFieldDescriptions } from '#shared/forms/anmeldungssteuern.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { maxRecordKeys } from '#shared/forms/fields.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import { lstaSchema } from '#shared/forms/lsta/schema.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

/** The sample LStA body callers start from: a month's wage tax of twelve employees. */
export const lstaContractExample = {
  test: true,
  year: 2026,
  period: '10',
  tax_number: '9198011310010',
  supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München', email: 'lohn@example.com' },
  kennzahlen: { kz86: 12, kz42_lfdjahr: '4520.50', kz42: '4520.50', kz48: '4520.50', kz49: '0.00', kz61_lfdjahr: '180.40', kz61: '180.40', kz83: '4700.90' },
  prior_year_wage_tax: '52000.00',
};

export const formOpenapi: FormOpenapi = {
  name: 'Lohnsteuer-Anmeldung',
  schemaName: 'LstaSubmission',
  schema: lstaSchema,
  year: `A Lohnsteuer-Anmeldung for ${lstaFacts.years[0]} to ${lstaFacts.years.at(-1)} (2026 is checked against the 2025 form until ELSTER publishes its own), for a period that has begun (422 \`PERIOD_NOT_BEGUN\`; a period not yet ended is the hint \`PERIOD_NOT_ENDED\`, one whose due date, the tenth day after it, has passed the hint \`PERIOD_DUE_PASSED\` unless \`flags.corrected\`)`,
  fields: () => ({
    period: 'ELSTER\'s Zeitraum: a month "01"–"12", a quarter "41"–"44", or "19", the calendar year (§ 41a Abs. 2 EStG); required unless `xml` is given',
    kennzahlen: text('kennzahlen', { maxRecordKeys }),
    flags:
      'Kz10 (corrected: a corrected return), Kz21 (liability_declaration, from 2024: the liability declaration of § 19a Abs. 4a EStG), Kz23 (supplementary: further or different facts, told in `supplementary_text`, at most 180 characters, required with it), Kz26 (direct_debit_revoked), Kz29 (refund_offset: only with a refund, a negative kz83, or a corrected return)',
    business: "The employer (ELSTER's Unternehmer), optional: the fields of the UStVA's `business`",
    advisor: "The tax advisor who files (ELSTER's Berater), optional: the same fields as `business`",
    ...partyFieldDescriptions(),
    ...supplierFieldDescriptions,
    ...flagFieldDescriptions,
    'flags.liability_declaration': 'true for the liability declaration of § 19a Abs. 4a EStG, from 2024 (Kz21)',
    advisor_client: "The advisor's reference to the employer (ELSTER's Mandant), optional: `last_name`, `first_name`, `client_number`, `clerk`",
    prior_year_wage_tax:
      'Optional, not sent: the wage tax of the prior year, which sets the filing period (§ 41a Abs. 2 EStG: monthly above 5,000 euros, quarterly above 1,080 euros, else yearly); a period of another length is the hint `PERIOD_NOT_FILING_FREQUENCY` with the expected `month`, `quarter` or `year`',
    xml: "Instead of period, kennzahlen, flags, supplier and the parties: the Nutzdaten element `<Anmeldungssteuern …>` of the LStA, checked against the structure of that year's ELSTER schema (LStA) as the UStVA's `xml` is, and sent as is; its Steuernummer, the one identifier of whom it is for, must equal `tax_number` (`XML_TAX_NUMBER_MISMATCH`). `validate?include=body` reads it back into these fields",
  }),
  examples: {
    contract: { summary: 'A monthly Lohnsteuer-Anmeldung', value: lstaContractExample },
    corrected: {
      summary: 'A corrected return (Kz 10)',
      description: 'Replaces the return filed for the period; the due date does not apply.',
      value: { ...lstaContractExample, flags: { corrected: true } },
    },
  },
};
