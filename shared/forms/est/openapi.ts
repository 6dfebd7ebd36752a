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

const { deductions: _deductions, ...estJointWithoutDeductions } = estJointExample;

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
      child_benefit: '3000',
      relation_taxpayer: { kind: 'own', span: '01.01-31.12' },
      relation_spouse: { kind: 'own', span: '01.01-31.12' },
      health_insurance: { parents_policy: { health: '480.00', care: '95.00' } },
      childcare: { services: [{ service: 'Hort, Stadt München', span: '01.01-31.12', amount: '1200.00' }] },
    },
    {
      idnr: '08842563971',
      first_name: 'Regina',
      birth_date: '2019-02-11',
      child_benefit: '3000',
      relation_taxpayer: { kind: 'own', span: '01.01-31.12' },
      relation_spouse: { kind: 'own', span: '01.01-31.12' },
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
    tax_number: `${common.tax_number}. Either this or \`tax_office\``,
    tax_office: 'For a first return without a tax number: the 4-digit Bundesfinanzamtsnummer',
    taxpayer:
      "`idnr`: 11 digits with a valid check digit (ISO 7064 MOD 11,10); dates are YYYY-MM-DD. Required unless `xml` is given. Names and `address` as ELSTER's form of `year` takes them: names and street at most 25 characters, `house_number` at most 4 digits and a suffix of at most 6 characters, `postal_code` five digits, `city` at most 20 characters (2022, 2023) or 25; a longer value is refused with its limit in `expected`. `title` (E0101004, B: E0102003) and `profession` (E0100403, B: E0101003), each at most 25 characters. An address abroad names its `country` (E0101403, B: E0102404) and takes a `postal_code` of up to 12 characters (E0101405, B: E0102505)",
    spouse: 'The shape of `taxpayer`; required by `joint_assessment: true`',
    married_since:
      'YYYY-MM-DD, the day of the marriage or civil partnership, on or before 31 December of `year`. Required with `joint_assessment: true`; give it also for spouses assessed separately, and for a married person who files alone',
    employment:
      "One entry per wage tax statement (Lohnsteuerbescheinigung), in the order of the year. `tax_class` 1–6 as on the statement (optional, as in the contract's sample, but ELSTER's plausibility check asks for it: a missing one is a hint): 4 and 5 need `married_since` or a `spouse`; statements in class 6 go on their own lines, those in 1–5 share one tax class on Anlage N, the last one listed. `workplace` `{ street, house_number?, postal_code, city }`: the first place of work (erste Tätigkeitsstätte), asked for (a hint when missing) with `commute_km` and `office_days`, and sent only with them. Each statement is written on its own line with cents (N/ArbL/LStB_1_5_Einz E0200204, E0200304, E0200404, E0200504; class 6 LStB_6_Einz E0200202 …), then the sums (LStB_1_5_Sum E0200002, E0200201 …). The commute of a statement (N/Wk/EP/Erste_Taetig): `workplace` E0203501, `commute_period` `{ from, to }` within `year` (E0203101), `workdays_per_week` (E0203508), `days_off` (holiday, illness, home office, business trips; E0203509), `office_days` (E0203503), `commute_km` (E0203504), `km_by_car` of them (E0203505). `etin` (2022 only): the eTIN of a statement without IdNr, 14 characters such as `MSTRMNER60E17A` (N/ETIN E0200003), at most 12 a person",
    bank: '`iban` with a valid checksum (ESt1A/Allg/BV, E0102102 or E0102603)',
    phone: 'ESt1A/Allg E0100008: a phone number for questions during the day, at most 25 characters',
    widowed_since: 'YYYY-MM-DD, on or before 31 December of `year`, not before `married_since` (ESt1A/Allg/A E0100702)',
    divorced_since: 'YYYY-MM-DD, as `widowed_since` (E0100703)',
    separated_since: 'YYYY-MM-DD, the day of permanent separation, as `widowed_since` (E0100704)',
    no_bank_account: '`true`: there is no account (ESt1A/Allg/BV E0102002); not beside `bank`',
    receipts_later: '`true`: receipts are sent later (ESt1A/Belege E0100012)',
    loss_carryforward: '`true`: the return asks for the loss carried forward to be determined (ESt1A/Art_Erkl E0100003)',
    savings_bonus:
      '`{ taxpayer?, spouse? }` of booleans: the employee savings bonus applied for on every certificate transmitted (ESt1A/AN_Sp_Zul E0109109, and Art_Erkl E0100002)',
    wage_replacement_benefits:
      '`{ taxpayer?, spouse? }`, each a list of `{ description, amount }`: wage replacement benefits under § 32b EStG such as Elterngeld, Krankengeld, Arbeitslosengeld (ESt1A/Eink_Ers/Inl: E0104110, E0104113, their sum E0104801, at most 12 digits in whole euros); the spouse needs a spouse',
    advisor:
      '`{ name, first_name?, address?, city?, phone? }`, each at most 55 characters: who helped prepare the return (ESt1A/Mitwirk E0102401, E0102501, E0102601, E0102701, E0102801)',
    supplementary_information: 'Further information for the tax office, at most 999 characters (ESt1A/Erg_Ang E0109815, with the mark E0109814)',
    employee:
      '`{ taxpayer?, spouse? }`: Anlage N of each person beyond the wage tax statements. `pension_benefits` (at most 3) `{ amount, allowance_base?, start_year?, first_month?, last_month? }` (N/ArbL/VBez/Einz: E0200801, E0200902, E0201307, E0201003, E0201203); `wage_replacement` (Kurzarbeitergeld and the like, Nr. 15 of the statement; ArbL/Ersatzleist: E0202604, E0202605, E0202001); `tax_free_allowance` `{ activity, amount }` (ArbL/Stfr_Aufw_Entsch E0201901, E0201902); `commute_reimbursed_tax_free` and `commute_reimbursed_flat_taxed` (Nr. 17 and 18; Wk/EP/Fahrtk_Ersatz E0204103, E0203901). Lists of `{ description, amount }`, each with its sum: `union_dues` (Wk/Berufsverb E0204001, E0204003, E0204002), `work_equipment` (Wk/Arbeitsmittel E0204401, E0204402, E0204403; 98 lines beside `work_equipment` on the statements, which is a line of its own), `study_room` (a home office room, Wk/Arb_Zim E0204503, E0204505, E0204504), `training` (Wk/Fortb E0204804, E0204808, E0204812), `flights` and `other_expenses` (Wk/Weitere_Wk Flug E0204801/E0204802, Sonst E0205405/E0205406, sum E0204803). Home-office days: `home_office_days` (Wk/Homeoffice E0204507: with another workplace available; in 2022 every home-office day) and, from 2023, `home_office_days_no_other_workplace` (E0206206); above 210 days (120 in 2022) a hint. `business_trips` `{ travel_costs?, overnight?, incidental?` (lists; Wk/AWT E0205003/E0205004, E0206301/E0206302, E0206402/E0206406, sum E0205518)`, reimbursed_tax_free?` (E0205608)`, days_over_8h?, arrival_departure_days?, days_24h?, meal_reduction?` (Wk/VMA/Inl E0205201, E0205302, E0205409, E0205508)`, meals_reimbursed_tax_free? }` (E0205108). `double_household` (at most 10) `{ founded_on, reason, until?, place_of_work, own_household, own_household_place?, own_household_since?, home_trip_km?, home_trips?, accommodation?, arrival_departure_days?, days_24h?, other?: { description, amount } }` (DHHF: E0206103, E0206205, E0206304, E0206404, E0206504, E0206505, E0206506, E0207116, E0207117, E0207611, E0207901, E0208011, E0208201/E0208202) and `double_household_reimbursed_tax_free` (VMA_ges E0206303): in Anlage N in 2022, in Anlage N_DHH from 2023',
    provision:
      "`{ taxpayer?, spouse? }`: Anlage Vorsorgeaufwand of each person, amounts in euros written as whole euros rounded up, each within its field's digits (`OUT_OF_RANGE` with the limit). `pension` `{ employee?, employer?, professional?, other_statutory?, basic_pension?, refunded? }` (VOR/AVor E2000401, E2000801, E2000501, E2000601, E2000701, E2000703): `employee` and `employer`, the shares of Nr. 23 and 22 of the wage tax statement, only together (`PENSION_SHARES_PAIRED`; 0 where there is none). `statutory_health` `{ health?, care?, refunded? }` (VOR/Beitr_g_KV_PV_Inl/AN E2001203, E2001505, E2001605); `private_health` `{ health?, care?, refunded?, subsidy? }` (VOR/Beitr_p_KV_PV_Inl E2003104, E2003202, E2003302, E2003402); `employer_subsidies` `{ statutory_health?, private_health?, statutory_care? }` (VOR/Stfr_AG_Zusch E2003705, E2003807, E2003907); `unemployment_insurance` (VOR/Weit_Sons_VorAW/Pers E2004403). `deductions.health_insurance` is the taxpayer's `statutory_health.health`: give it in one place",
    xml: "Instead of the structured fields: the Nutzdaten element `<E10 …>`, checked and sent as is. Read strictly as for the UStVA and checked against the whole structure of that year's ELSTER schema, every Anlage included (XML_STRUCTURE with line, column and the elements expected there; XML_VALUE), and every identifier of whom the return is for must be the request's, and none the request does not declare may stand there: Vorsatz/StNr equals `tax_number` (and is absent for a first return filed by `tax_office`), Vorsatz/Ordnungsbegriff, where given, repeats `tax_number` (`XML_TAX_NUMBER_MISMATCH`; a first return has none, and one naming another office than `tax_office` is `XML_TAX_OFFICE_MISMATCH`); Vorsatz/ID and Person A of ESt1A (E0100081) are `idnr`, Vorsatz/IDEhefrau and Person B (E0100082) `spouse_idnr`, each given beside the XML (`XML_IDNR_MISMATCH`), and the spouse's is never the taxpayer's (`IDNR_SAME_AS_TAXPAYER`). The identifiers inside the forms name others (children, recipients of payments, partnerships and their tax offices, each business by its W-IdNr) and are not held to the request. Every IdNr (Vorsatz/ID and IDEhefrau, Person A and B of ESt1A, each child in Anlage Kind, the other persons a return names) is checked as `taxpayer.idnr` is (`IDNR_FORMAT`, `IDNR_DIGIT_PATTERN`, `IDNR_CHECK_DIGIT`), and none may be a test IdNr with `test: false` (`TEST_IDNR_NOT_LIVE`, at the element)",
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
