// The income tax return's part of the OpenAPI document (shared/openapi/): its request schema, what
// the contract says of its fields, and its examples. Every request example passes the service's own
// checks (shared/openapi/document.test.ts).
import type { FormOpenapi } from '#shared/forms/form.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { estSchema } from '#shared/forms/est/schema.ts';
import { estFieldDescriptions } from '#shared/forms/est/field-descriptions.ts';
import { mappedDescriptions } from '#shared/forms/est/anlagen/mapped.ts';
import { contractText } from '#shared/contract-text.ts';

const text = contractText(new URL('./openapi.md', import.meta.url));

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

const { deductions: _deductions, ...estJointWithoutDeductions } = estJointExample;

// A child of both spouses all year, with the year's child benefit.
const ownChildAllYear = {
  child_benefit: '3000',
  relation_taxpayer: { kind: 'own', span: '01.01-31.12' },
  relation_spouse: { kind: 'own', span: '01.01-31.12' },
};

/**
 * A household of 2024 in the structured fields of each form: the couple's phone and Elterngeld
 * (§ 32b), Anlage N with home office and union dues, Vorsorgeaufwand per person and the further
 * other provision of both, maintenance to the spouse's divorced former partner with the recipient's
 * IdNr, and two children with their own health insurance and childcare costs.
 */

const estHouseholdExample = {
  ...estJointWithoutDeductions,
  year: 2024,
  phone: '089 1234567',
  wage_replacement_benefits: { spouse: [{ description: 'Elterngeld', amount: '3600.00' }] },
  employee: {
    taxpayer: { home_office_days: 60, union_dues: [{ description: 'IG Metall', amount: '398.00' }] },
    spouse: { home_office_days: 20 },
  },
  provision: {
    taxpayer: { pension: { employee: '4185.00', employer: '4185.00' }, statutory_health: { health: '3510.00', care: '765.00' } },
    spouse: { pension: { employee: '1674.00', employer: '1674.00' }, statutory_health: { health: '1404.00', care: '306.00' } },
  },
  other_provision: {
    accident_liability_term_life: { contracts: [{ description: 'Privathaftpflicht', amount: '85.40' }] },
    disability: { contracts: [{ description: 'Berufsunfähigkeitsversicherung', amount: '840.00' }] },
  },
  special_expenses: {
    further_expenses: {
      maintenance: [{ recipient: 'Hans Beispiel, 04.04.1962', amount: '9000.00', recipient_idnr: '65929970489', recipient_resident: 'yes' }],
    },
  },
  children: [
    {
      idnr: '07792563183',
      first_name: 'Tobias',
      birth_date: '2014-08-20',
      ...ownChildAllYear,
      health_insurance: { parents_policy: { health: '480.00', care: '95.00' } },
      childcare: { services: [{ service: 'Hort, Stadt München', span: '01.01-31.12', amount: '1200.00' }] },
    },
    {
      idnr: '08842563971',
      first_name: 'Regina',
      birth_date: '2019-02-11',
      ...ownChildAllYear,
      childcare: { services: [{ service: 'Kindergarten Sonnenschein, München', span: '01.01-31.12', amount: '2400.00' }] },
    },
  ],
};

export const formOpenapi: FormOpenapi = {
  name: 'income tax return',
  schemaName: 'EstSubmission',
  schema: estSchema,
  year: `an income tax return for ${estFacts.years[0]} to ${estFacts.years.at(-1)}, once the year has ended (422 \`YEAR_NOT_ENDED\`, \`expected\` the first day it can be filed) and until the end of the fourth year after it (422 \`YEAR_CLOSED\`)`,
  fields: (common) => ({
    ...mappedDescriptions(),
    ...estFieldDescriptions(),
    tax_number: `${common.tax_number}. Either this or \`tax_office\``,
    tax_office: 'For a first return without a tax number: the 4-digit Bundesfinanzamtsnummer',
    taxpayer: text('taxpayer'),
    spouse: 'The shape of `taxpayer`; required by `joint_assessment: true`',
    married_since:
      'YYYY-MM-DD, the day of the marriage or civil partnership, on or before 31 December of `year`. Required with `joint_assessment: true`; give it also for spouses assessed separately, and for a married person who files alone',
    employment: text('employment'),
    bank: '`iban` with a valid checksum (ESt1A/Allg/BV, E0102102 or E0102603)',
    phone: 'ESt1A/Allg E0100008: a phone number for questions during the day, at most 25 characters',
    widowed_since: 'YYYY-MM-DD, on or before 31 December of `year`, not before `married_since` (ESt1A/Allg/A E0100702)',
    divorced_since: 'YYYY-MM-DD, as `widowed_since` (E0100703)',
    separated_since: 'YYYY-MM-DD, the day of permanent separation, as `widowed_since` (E0100704)',
    no_bank_account: '`true`: there is no account (ESt1A/Allg/BV E0102002); not beside `bank`',
    receipts_later: '`true`: receipts are sent later (ESt1A/Belege E0100012)',
    loss_carryforward: '`true`: the return asks for the loss carried forward to be determined (ESt1A/Art_Erkl E0100003)',
    savings_bonus: 'The employee savings bonus applied for on every certificate transmitted (ESt1A/AN_Sp_Zul, and Art_Erkl E0100002)',
    wage_replacement_benefits:
      'Wage replacement benefits under § 32b EStG such as Elterngeld, Krankengeld, Arbeitslosengeld, per person (at most 12 digits in whole euros); the spouse needs a spouse',
    advisor: 'Who helped prepare the return, each field at most 55 characters (ESt1A/Mitwirk)',
    supplementary_information: 'Further information for the tax office, at most 999 characters (ESt1A/Erg_Ang E0109815, with the mark E0109814)',
    employee: text('employee'),
    provision: text('provision'),
    xml: text('xml'),
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
    household: {
      summary: 'A household with two children, in the structured fields of each form',
      description:
        'ESt 1 A with phone and Elterngeld, Anlage N and Vorsorgeaufwand per person, the further other provision of both, maintenance to a divorced former partner with the recipient’s IdNr (Anlage Sonderausgaben), and Anlage Kind for two children with their own health insurance and childcare costs.',
      value: estHouseholdExample,
    },
  },
};
