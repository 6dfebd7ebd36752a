// The limits ELSTER's E10 schema of each year sets on the values steuerbote writes, in one place:
// the JSON check refuses what would break them (estLimitFindings, with the limit in `expected`),
// so the XML writer never has to cut a value. Read from shared/elster/schemas/E10-2022.xsd,
// E10-2023.xsd and E10-2024.xsd (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/
// Erklaerungssteuern/ESt_10_{year}/Schema); 2025 and 2026, for which no schema is published, take
// 2024's (docs/sources.md).
import type { Finding } from '#shared/domain/ticket.ts';
import { toCents } from '#shared/tax/money.ts';
import type { Address, Amount, EstReturn, Person, PersonRef } from '#shared/forms/est/model.ts';

export interface EstLimits {
  /** Names of Person A and B, ESt1A/Allg/A/E0100201, E0100301 and B/E0100901, E0100801: String_MinL1_MaxL25. */
  name: number;
  /** Street, A/E0101104 and B (from 2023 B/Abw_Anschr)/E0102105: String_MinL1_MaxL25. */
  street: number;
  /** House number, E0101206 and E0102202: String_MinL1_MaxL4 of digits only. */
  houseNumberDigits: number;
  /** Its suffix, E0101207 and E0102203: String_MinL1_MaxL6. */
  houseNumberSuffix: number;
  /** Postal code, E0100601 and E0101701: five digits, not starting with 00. */
  postalCode: RegExp;
  /** City, E0100602 and E0101702: String_MinL1_MaxL20 in 2022 and 2023, MaxL25 from 2024. */
  city: number;
  /**
   * Euros before the decimal point of every amount written: whole euros (N/ArbL/LStB_1_5_Sum/E0200201,
   * SA/…/E0108105, R/Leibr_gesetzl/Einz/E1800301, …) have totalDigits 12, amounts with cents
   * (E0200301, …) the pattern \d{1,12},\d{2}.
   */
  amountDigits: number;
  /** Health insurance contributions, VOR/Beitr_g_KV_PV_Inl/AN/E2001203: totalDigits 5. */
  healthInsuranceDigits: number;
  /** Statutory pensions of one person, R/Leibr_gesetzl/Einz: maxOccurs 15 in 2022 and 2023, 99 from 2024. */
  pensionsPerPerson: number;
}

const limits2022: EstLimits = {
  name: 25,
  street: 25,
  houseNumberDigits: 4,
  houseNumberSuffix: 6,
  postalCode: /^(?:0[1-9][0-9]{3}|[1-9][0-9]{4})$/,
  city: 20,
  amountDigits: 12,
  healthInsuranceDigits: 5,
  pensionsPerPerson: 15,
};
const limits2024: EstLimits = { ...limits2022, city: 25, pensionsPerPerson: 99 };

/** The limits of `year`'s E10 schema; a year without one takes the newest published. */
export const estLimits = (year: number): EstLimits => (year <= 2023 ? limits2022 : limits2024);

/**
 * A house number as the schema splits it: leading digits in their own field, the rest as the
 * suffix ("12a" → 12 and "a"). One without leading digits ("A") has no field of its own and is
 * written with the street [own].
 */
export function houseNumberParts(houseNumber: string | undefined): { number?: string; suffix?: string; rest?: string } {
  if (!houseNumber?.trim()) return {};
  const match = /^(\d+)\s*(.*)$/.exec(houseNumber.trim());
  if (!match) return { rest: houseNumber.trim() };
  return { number: match[1], ...(match[2] && { suffix: match[2] }) };
}

/** The street as written, with a house number that has no leading digits. */
export function streetLine(address: Address): string {
  const { rest } = houseNumberParts(address.house_number);
  return rest ? `${address.street} ${rest}` : address.street;
}

const length = (text: string) => [...text].length;
const tooLong = (path: string, max: number, what = ''): Finding => ({
  path,
  code: 'OUT_OF_RANGE',
  message: `is longer than ELSTER's form takes: at most ${max} characters${what}`,
  expected: `at most ${max} characters`,
});

function addressFindings(address: Address, at: string, limits: EstLimits): Finding[] {
  const findings: Finding[] = [];
  const house = houseNumberParts(address.house_number);
  if (length(streetLine(address)) > limits.street)
    findings.push(tooLong(`${at}.street`, limits.street, house.rest ? ', with the house number, which has no leading digits' : ''));
  if (house.number !== undefined && (house.number.length > limits.houseNumberDigits || length(house.suffix ?? '') > limits.houseNumberSuffix)) {
    const expected = `at most ${limits.houseNumberDigits} digits and a suffix of at most ${limits.houseNumberSuffix} characters`;
    findings.push({ path: `${at}.house_number`, code: 'OUT_OF_RANGE', message: `is longer than ELSTER's form takes: ${expected}, like "12a"`, expected });
  }
  if (address.country !== undefined) {
    if (length(address.postal_code) > 12) findings.push(tooLong(`${at}.postal_code`, 12, ' for a postal code abroad'));
  } else if (!limits.postalCode.test(address.postal_code))
    findings.push({
      path: `${at}.postal_code`,
      code: 'INVALID_FORMAT',
      message: 'must be a German postal code: ELSTER takes five digits here',
      expected: 'five digits',
    });
  if (length(address.city) > limits.city) findings.push(tooLong(`${at}.city`, limits.city));
  return findings;
}

function personFindings(person: Person, at: PersonRef, limits: EstLimits): Finding[] {
  return [
    ...(['first_name', 'last_name'] as const).flatMap((field) => (length(person[field]) > limits.name ? [tooLong(`${at}.${field}`, limits.name)] : [])),
    ...(person.address ? addressFindings(person.address, `${at}.address`, limits) : []),
  ];
}

/** Cents, or 0 for what is not an amount: the tax rules name that. */
function centsOf(amount: Amount | undefined): number {
  try {
    return amount === undefined ? 0 : toCents(amount);
  } catch {
    return 0;
  }
}

function amountFinding(path: string, digits: number, what: string): Finding {
  const expected = `at most ${digits} digits before the decimal point`;
  return { path, code: 'OUT_OF_RANGE', message: `is larger than ELSTER's form takes${what}: ${expected}`, expected };
}

/**
 * Amounts over a field's digits. What the return sums (a person's wage tax statements, work
 * equipment) is checked as a sum over all of that person's employments, at the first of them.
 */
function amountFindings(body: EstReturn, limits: EstLimits): Finding[] {
  const findings: Finding[] = [];
  const beyond = (cents: number, digits: number) => Math.abs(cents) >= 10 ** digits * 100;
  // Work equipment is an expense, written in whole euros rounded up (n.ts): 999,999,999,999.01 becomes 13 digits.
  const roundedUpBeyond = (cents: number, digits: number) => Math.ceil(cents / 100) >= 10 ** digits;
  const fields = ['gross_wage', 'income_tax_withheld', 'solidarity_surcharge_withheld', 'church_tax_withheld', 'work_equipment'] as const;
  for (const person of ['taxpayer', 'spouse'] as const) {
    const jobs = body.employment.map((job, index) => ({ job, index })).filter(({ job }) => job.person === person);
    for (const field of fields) {
      const total = jobs.reduce((sum, { job }) => sum + centsOf(job[field]), 0);
      if (jobs.length > 0 && (field === 'work_equipment' ? roundedUpBeyond : beyond)(total, limits.amountDigits))
        findings.push(
          amountFinding(`employment.${jobs[0]!.index}.${field}`, limits.amountDigits, jobs.length > 1 ? `, summed over the ${person}'s employments` : ''),
        );
    }
    const pensions = body.pensions.map((pension, index) => ({ pension, index })).filter(({ pension }) => pension.person === person);
    if (pensions.length > limits.pensionsPerPerson) {
      const expected = `at most ${limits.pensionsPerPerson} pensions per person`;
      findings.push({
        path: `pensions.${pensions[limits.pensionsPerPerson]!.index}`,
        code: 'OUT_OF_RANGE',
        message: `is one too many for ELSTER's form: ${expected}`,
        expected,
      });
    }
    for (const { pension, index } of pensions)
      if (beyond(centsOf(pension.annual_amount), limits.amountDigits)) findings.push(amountFinding(`pensions.${index}.annual_amount`, limits.amountDigits, ''));
  }
  for (const [key, amount] of Object.entries(body.deductions ?? {})) {
    const digits = key === 'health_insurance' ? limits.healthInsuranceDigits : limits.amountDigits;
    // Expenses are written in whole euros rounded up (xml-writer.ts).
    if (Math.ceil(centsOf(amount) / 100) >= 10 ** digits) findings.push(amountFinding(`deductions.${key}`, digits, ''));
  }
  return findings;
}

/** Every value of the return that its year's E10 schema would refuse, each with its limit in `expected`. */
export function estLimitFindings(body: EstReturn): Finding[] {
  const limits = estLimits(body.year);
  const spouse = body.spouse ?? undefined;
  return [
    ...(body.taxpayer ? personFindings(body.taxpayer, 'taxpayer', limits) : []),
    ...(spouse ? personFindings(spouse, 'spouse', limits) : []),
    ...amountFindings(body, limits),
  ];
}
