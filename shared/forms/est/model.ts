// The income tax return as a request carries it, after its schema (schema.ts) has read it: the
// shape the rules check and the XML writer writes.
import type { Employee } from '#shared/forms/est/anlagen/n-fields.ts';
import type { Provision } from '#shared/forms/est/anlagen/vorsorge-fields.ts';
import type { MainFormFields } from '#shared/forms/est/anlagen/main-form-fields.ts';

/** Euros as a JSON number or a decimal string ("1200.50"). */
export type Amount = number | string;
export type PersonRef = 'taxpayer' | 'spouse';
/** A block of a form that each person has their own of. */
export type PerPerson<T> = { taxpayer?: T; spouse?: T };

export interface Address {
  street: string;
  house_number?: string;
  postal_code: string;
  city: string;
  /** Only for an address abroad. */
  country?: string;
}

export interface Person {
  /** Optional, as in ELSTER's schema: its absence is a hint (IDNR_MISSING). */
  idnr?: string | undefined;
  first_name: string;
  last_name: string;
  title?: string;
  profession?: string;
  /** YYYY-MM-DD */
  birth_date: string;
  /** One of the keys of `religionKeys`. */
  religion?: string;
  address?: Address;
}

/** Tax classes I to VI (§ 38b Abs. 1 Satz 2 EStG): a whole number from 1 to 6, as the schema admits it. */
export type TaxClass = number;

export interface Employment {
  person: PersonRef;
  /** As the wage tax statement (Lohnsteuerbescheinigung) shows it. */
  tax_class?: TaxClass;
  gross_wage: Amount;
  income_tax_withheld?: Amount;
  solidarity_surcharge_withheld?: Amount;
  church_tax_withheld?: Amount;
  /** One way, in full kilometres. */
  commute_km?: number;
  /** Days the first place of work was visited. */
  office_days?: number;
  /** The first place of work (erste Tätigkeitsstätte), § 9 Abs. 4 EStG. */
  workplace?: Address;
  /** The days of the year the first place of work was the one (YYYY-MM-DD within `year`). */
  commute_period?: { from: string; to: string };
  workdays_per_week?: number;
  /** Days of holiday, illness, work from home and business trips. */
  days_off?: number;
  /** Of `commute_km`, the kilometres driven by own or company car. */
  km_by_car?: number;
  /** The eTIN of a statement without IdNr (2022 only). */
  etin?: string;
  work_equipment?: Amount;
}

export interface Pension {
  person: PersonRef;
  annual_amount: Amount;
  start_year?: number;
}

/** The fields of the main form beside the persons are its own (anlagen/main-form.ts). */
export interface EstReturn extends MainFormFields {
  test: boolean;
  year: number;
  /** 13-digit ELSTER format. */
  tax_number?: string;
  /** 4-digit Bundesfinanzamtsnummer, for a first return without tax number. */
  tax_office?: string;
  /** Asks for the Bescheiddaten (Vorsatz/Rueckuebermittlung/Bescheid "1"). */
  bescheiddaten?: boolean;
  taxpayer: Person;
  spouse?: Person | null;
  joint_assessment: boolean;
  /** YYYY-MM-DD: the day of the marriage or civil partnership. */
  married_since?: string;
  bank?: { iban: string; account_holder: PersonRef };
  employment: Employment[];
  /** Anlage N of each person beyond the wage tax statements (anlagen/n.ts). */
  employee?: PerPerson<Employee>;
  /** Anlage Vorsorgeaufwand of each person (anlagen/vorsorge.ts). */
  provision?: PerPerson<Provision>;
  pensions: Pension[];
  deductions?: Record<string, Amount>;
  /** The Anlagen of anlagen/mapped.ts under their keys; each one's shape is its schema's (anlagen/map.ts). */
  special_expenses?: unknown;
  extraordinary_burdens?: unknown;
  section_35a?: unknown;
  children?: unknown;
  trade?: unknown;
  self_employment?: unknown;
  capital_income?: unknown;
  capital_income_partnerships?: unknown;
  pension_income?: unknown;
  pension_plan_income?: unknown;
  other_income?: unknown;
  rentals?: unknown;
  riester?: unknown;
  maintenance?: unknown;
  corona_aid?: unknown;
  other_provision?: unknown;
  miscellaneous?: unknown;
  interest_barrier?: unknown;
  foreign_pensions?: unknown;
  rentals_other?: unknown;
  holiday_lettings?: unknown;
  mobility_premium?: unknown;
  energy_renovation?: unknown;
  foreign_income?: unknown;
  foreign_employment?: unknown;
  provision_further?: unknown;
  investment_funds?: unknown;
}

/**
 * The values `religion` accepts and ELSTER's Religionsschlüssel for each (ESt 1 A, E0100402)
 * [E est_mapping.py _RELIGION_LOOKUP]. "none" means no church tax.
 */
export const religionKeys: Readonly<Record<string, string>> = {
  none: '11',
  ev: '02',
  rk: '03',
  ak: '04',
  er: '05',
  fr: '07',
  other: '10',
  iw: '12',
  flb: '13',
  flp: '14',
  fgm: '15',
  fra: '16',
  fgo: '17',
  jgf: '18',
  jgh: '19',
  erb: '20',
  ers: '21',
  jh: '24',
  irb: '25',
  ikb: '26',
  jkk: '27',
  is: '28',
  inw: '29',
};

/** The deductions a return may carry; each has its line in the E10 structure (see xml-writer.ts). */
export const supportedDeductions = ['health_insurance', 'donations', 'church_tax_paid', 'household_services', 'craftsman_services', 'medical_costs'] as const;
export type Deduction = (typeof supportedDeductions)[number];
