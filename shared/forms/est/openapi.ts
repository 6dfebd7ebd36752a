// The income tax return's part of the OpenAPI document (shared/openapi/): its request schema, what
// the contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import type { FormOpenapi } from '#shared/forms/form.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { estSchema } from '#shared/forms/est/schema.ts';
import { mappedDescriptions } from '#shared/forms/est/anlagen/mapped.ts';

/** The sample ESt body callers start from. */
export const estContractExample = {
  test: true,
  year: 2025,
  tax_number: '9198011310010',
  taxpayer: {
    idnr: '04452397687',
    first_name: 'Erika',
    last_name: 'Mustermann',
    birth_date: '1960-05-17',
    religion: 'none',
    address: { street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' },
  },
  spouse: null,
  joint_assessment: false,
  bank: { iban: 'DE02120300000000202051', account_holder: 'taxpayer' },
  employment: [
    {
      person: 'taxpayer',
      gross_wage: '45000.00',
      income_tax_withheld: '6200.00',
      solidarity_surcharge_withheld: '0',
      church_tax_withheld: '0',
      commute_km: 18,
      office_days: 205,
      work_equipment: '250.00',
    },
  ],
  pensions: [],
  deductions: {
    health_insurance: '3900.00',
    donations: '200.00',
    church_tax_paid: '0',
    household_services: '450.00',
    craftsman_services: '1200.00',
    medical_costs: '0',
  },
};

const { tax_number: _, ...estWithoutTaxNumber } = estContractExample;

/** A married couple assessed jointly: tax classes 3 and 5, and the taxpayer's second job in class 6. */
const estJointExample = {
  ...estContractExample,
  spouse: {
    idnr: '86095742719',
    first_name: 'Max',
    last_name: 'Mustermann',
    birth_date: '1958-01-02',
    religion: 'rk',
    address: estContractExample.taxpayer.address,
  },
  joint_assessment: true,
  married_since: '1985-08-30',
  employment: [
    { ...estContractExample.employment[0]!, tax_class: 3, workplace: { street: 'Boltzmannstr.', house_number: '3', postal_code: '85748', city: 'Garching' } },
    { person: 'taxpayer', tax_class: 6, gross_wage: '6000.00', income_tax_withheld: '1100.00' },
    { person: 'spouse', tax_class: 5, gross_wage: '18000.00', income_tax_withheld: '2900.00' },
  ],
};

export const estOpenapi: FormOpenapi = {
  name: 'income tax return',
  schemaName: 'EstSubmission',
  schema: estSchema,
  year: `an income tax return for ${estFacts.years[0]} to ${estFacts.years.at(-1)}, once the year has ended (422 \`YEAR_NOT_ENDED\`, \`expected\` the first day it can be filed) and until the end of the fourth year after it (422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    ...mappedDescriptions(),
    tax_number: `${common.tax_number}. Either this or \`tax_office\``,
    tax_office: 'For a first return without a tax number: the 4-digit Bundesfinanzamtsnummer',
    taxpayer:
      "`idnr`: 11 digits with a valid check digit (ISO 7064 MOD 11,10); dates are YYYY-MM-DD. Required unless `xml` is given. Names and `address` as ELSTER's form of `year` takes them: names and street at most 25 characters, `house_number` at most 4 digits and a suffix of at most 6 characters, `postal_code` five digits, `city` at most 20 characters (2022, 2023) or 25; a longer value is refused with its limit in `expected`",
    spouse: 'The shape of `taxpayer`; required by `joint_assessment: true`',
    married_since:
      'YYYY-MM-DD, the day of the marriage or civil partnership, on or before 31 December of `year`. Required with `joint_assessment: true`; give it also for spouses assessed separately, and for a married person who files alone',
    employment:
      "One entry per wage tax statement (Lohnsteuerbescheinigung), in the order of the year. `tax_class` 1–6 as on the statement (optional, as in the contract's sample, but ELSTER's plausibility check asks for it: a missing one is a hint): 4 and 5 need `married_since` or a `spouse`; statements in class 6 go on their own lines, those in 1–5 share one tax class on Anlage N, the last one listed. `workplace` `{ street, house_number?, postal_code, city }`: the first place of work (erste Tätigkeitsstätte), asked for (a hint when missing) with `commute_km` and `office_days`, and sent only with them",
    bank: '`iban` with a valid checksum',
    xml: "Instead of the structured fields: the Nutzdaten element `<E10 …>`, checked and sent as is. Read strictly as for the UStVA and checked against the whole structure of that year's ELSTER schema, every Anlage included (XML_STRUCTURE with line, column and the elements expected there; XML_VALUE), and the identifiers must be the request's: Vorsatz/StNr equals `tax_number` (and is absent for a first return filed by `tax_office`), Vorsatz/Ordnungsbegriff, where given, repeats `tax_number` (`XML_TAX_NUMBER_MISMATCH`; a first return has none, and one naming another office than `tax_office` is `XML_TAX_OFFICE_MISMATCH`). Every IdNr (Vorsatz/ID and IDEhefrau, Person A and B of ESt1A, each child in Anlage Kind, the other persons a return names) is checked as `taxpayer.idnr` is (`IDNR_FORMAT`, `IDNR_DIGIT_PATTERN`, `IDNR_CHECK_DIGIT`), and none may be a test IdNr with `test: false` (`TEST_IDNR_NOT_LIVE`, at the element)",
  }),
  examples: {
    contract: { summary: 'An employee’s income tax return', value: estContractExample },
    firstReturn: {
      summary: 'A first return, without a tax number',
      description: 'Names the tax office (Bundesfinanzamtsnummer) instead; the tax office assigns the tax number.',
      value: { ...estWithoutTaxNumber, tax_office: '9198' },
    },
    joint: {
      summary: 'Spouses assessed jointly',
      description: 'Needs `married_since`. Tax classes 3 and 5 as on the wage tax statements; a second job in class 6 has its own lines on Anlage N.',
      value: estJointExample,
    },
  },
};
