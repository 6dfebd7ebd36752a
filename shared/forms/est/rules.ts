// The cross-field rules of an income tax return (Einkommensteuererklärung). Single fields (IdNr
// check digit, IBAN, tax number, date syntax) are checked where the request is parsed; these rules
// look at how the fields fit together and at what ELSTER will need to accept the return.
import type { Finding } from '#shared/domain/ticket.ts';
import { formatEuros, hasAtMostTwoDecimals, isAmount, toCents } from '#shared/tax/money.ts';
import {
  religionKeys,
  supportedDeductions,
  type Amount,
  type PersonRef,
  type Person,
  type TaxClass,
  type Employment,
  type EstReturn,
  type Pension,
} from '#shared/forms/est/model.ts';
import { mappedFindings } from '#shared/forms/est/anlagen/mapped.ts';

/**
 * Entfernungspauschale per day for `km` full kilometres (§ 9 Abs. 1 Satz 3 Nr. 4 Satz 2 EStG):
 * 0.30 € per km for the first 20 km and 0.38 € from the 21st km for 2022–2025; 0.38 € from the
 * first km from 2026 (Steueränderungsgesetz 2025).
 */
function commuteCentsPerDay(year: number, km: number): number {
  if (year >= 2026) return km * 38;
  return Math.min(km, 20) * 30 + Math.max(km - 20, 0) * 38;
}

/** The Entfernungspauschale is capped at 4,500 € a year unless an own or company car was used (§ 9 Abs. 1 Satz 3 Nr. 4 Satz 2 EStG). */
const commuteCapCents = 450_000;

// Not law but the tax offices' practice: a five-day week leaves about 230 working days after
// holidays and leave; 260 is a five-day week with no holiday at all (52 × 5).
const usualOfficeDays = 230;
const fiveDayWeekDays = 260;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number) => (isLeapYear(year) ? 366 : 365);

/** Every cross-field rule at once; paths are request paths like `employment.0.office_days`. */
export function estFindings(body: EstReturn, today: Date = new Date()): Finding[] {
  const findings: Finding[] = [];
  const add: Add = (path, code, message, extra = {}) => findings.push({ path, code, message, ...extra });
  const spouse = body.spouse ?? undefined;
  const context: Context = { body, spouse, add, married: spouse !== undefined || body.married_since !== undefined };

  if (!body.taxpayer) add('taxpayer', 'TAXPAYER_REQUIRED', 'is required: the person who files the return');
  else checkPerson(body.taxpayer, 'taxpayer', body.year, today, add);

  if (body.joint_assessment && !spouse) add('spouse', 'SPOUSE_REQUIRED', 'is required for a joint assessment (Zusammenveranlagung)');
  if (spouse) {
    checkPerson(spouse, 'spouse', body.year, today, add);
    if (body.taxpayer && spouse.idnr === body.taxpayer.idnr)
      add('spouse.idnr', 'IDNR_SAME_AS_TAXPAYER', "must be the spouse's own tax identification number, not the taxpayer's");
  }
  checkMarriedSince(body, spouse, today, add);

  const commutes = new CommuteTotals(body.year);
  (body.employment ?? []).forEach((job, index) => checkEmployment(context, job, `employment.${index}`, commutes));
  checkTaxClassesAgree(body.employment ?? [], add);
  commutes.check(add);
  (body.pensions ?? []).forEach((pension, index) => checkPension(context, pension, `pensions.${index}`));
  if (body.bank) checkReference(context, 'bank.account_holder', body.bank.account_holder, false);
  checkDeductions(body.deductions ?? {}, add);
  findings.push(...mappedFindings(body));
  return findings;
}

interface Context {
  body: EstReturn;
  spouse: Person | undefined;
  add: Add;
  /** A spouse is named, or a marriage date given. */
  married: boolean;
}

/**
 * A line that names the spouse needs one; with a separate assessment of spouses (Einzelveranlagung,
 * § 26a EStG) each files their own return with their own income, while the spouse still appears as
 * Person B, and may hold the account.
 */
function checkReference({ body, spouse, add }: Context, path: string, person: PersonRef, income: boolean) {
  if (person !== 'spouse') return;
  if (!spouse) add(path, 'SPOUSE_MISSING', 'refers to the spouse, but the return names no spouse');
  else if (income && !body.joint_assessment) {
    add(
      path,
      'SPOUSE_INCOME_SEPARATE',
      "is the spouse's income: with separate assessment it belongs in the spouse's own return (§ 26a EStG), or choose joint assessment",
    );
  }
}

/** The amount in cents, or undefined when it is missing or refused. */
function checkAmount(add: Add, path: string, amount: Amount | undefined): number | undefined {
  if (amount === undefined) return undefined;
  if (!isAmount(amount)) {
    add(path, 'AMOUNT_INVALID', 'must be an amount in euros: a number or a decimal string like "1200.50"');
    return undefined;
  }
  if (!hasAtMostTwoDecimals(amount)) add(path, 'AMOUNT_DECIMALS', 'must have at most two decimals (whole cents)');
  const cents = toCents(amount);
  if (cents < 0) {
    add(path, 'AMOUNT_NEGATIVE', 'must not be negative');
    return undefined;
  }
  return cents;
}

function checkEmployment(context: Context, job: Employment, at: string, commutes: CommuteTotals) {
  const { add, married, spouse } = context;
  checkReference(context, `${at}.person`, job.person, true);
  // ERiC is reported to refuse a wage without its tax class (its rule 241, as [JL] reads it); ELSTER's
  // schema makes the field optional and ERiC's E10 rules are not at hand, and the contract's own
  // sample has none, so it stays a hint (README, "Hints and errors"); with TAX_AUTHORITY=eric
  // ERiC's own check decides.
  if (job.tax_class === undefined) {
    add(
      `${at}.tax_class`,
      'TAX_CLASS_MISSING',
      "should be given: the tax class of the wage tax statement (Lohnsteuerbescheinigung), which ELSTER's plausibility check asks for with a wage",
      { severity: 'hint' },
    );
  } else {
    checkTaxClass(`${at}.tax_class`, job.tax_class, { married, spouseNamed: spouse !== undefined }, add);
  }
  const wage = checkAmount(add, `${at}.gross_wage`, job.gross_wage);
  const incomeTax = checkAmount(add, `${at}.income_tax_withheld`, job.income_tax_withheld);
  const solidarity = checkAmount(add, `${at}.solidarity_surcharge_withheld`, job.solidarity_surcharge_withheld);
  const churchTax = checkAmount(add, `${at}.church_tax_withheld`, job.church_tax_withheld);
  checkAmount(add, `${at}.work_equipment`, job.work_equipment);

  if (wage !== undefined && incomeTax !== undefined && incomeTax > wage) {
    add(`${at}.income_tax_withheld`, 'WITHHELD_EXCEEDS_WAGE', `must not be more than the gross wage of ${formatEuros(wage)} euros`);
  }
  // Both surcharges are a share of the income tax (5.5 % by § 4 SolZG, 8–9 % church tax), so
  // neither can be larger than the income tax withheld.
  for (const [field, surcharge] of [
    ['solidarity_surcharge_withheld', solidarity],
    ['church_tax_withheld', churchTax],
  ] as const) {
    if (surcharge !== undefined && surcharge > (incomeTax ?? 0)) {
      add(
        `${at}.${field}`,
        'SURCHARGE_EXCEEDS_INCOME_TAX',
        'is more than the income tax withheld, of which it is a small share: check the wage tax statement (Lohnsteuerbescheinigung)',
        { severity: 'hint' },
      );
    }
  }
  checkCommute(context, job, at, commutes);
}

function checkCommute({ body, add }: Context, job: Employment, at: string, commutes: CommuteTotals) {
  const km = job.commute_km ?? 0;
  const days = job.office_days ?? 0;
  if (km > 0 && days <= 0)
    add(`${at}.office_days`, 'COMMUTE_DAYS_MISSING', 'must be given with commute_km: the days on which the first place of work was visited');
  if (days > 0 && km <= 0)
    add(`${at}.commute_km`, 'COMMUTE_KM_MISSING', 'must be given with office_days: the one-way distance to the first place of work in full kilometres');
  // ERiC is reported to refuse the commuting allowance without the address of the first place of
  // work [JL est-xml.ts, which reads ERiC's plausibility rules of 2025]; a hint for the same reason as the tax class.
  if ((km > 0 || days > 0) && !job.workplace) {
    add(
      `${at}.workplace`,
      'WORKPLACE_MISSING',
      'should be given with commute_km and office_days: ELSTER asks for the address of the first place of work (erste Tätigkeitsstätte) with the commuting allowance',
      { severity: 'hint' },
    );
  }
  if (days > daysIn(body.year)) {
    add(`${at}.office_days`, 'OFFICE_DAYS_EXCEED_YEAR', `must be at most ${daysIn(body.year)}, the days of ${body.year}`);
  } else if (days > fiveDayWeekDays) {
    add(
      `${at}.office_days`,
      'OFFICE_DAYS_ABOVE_FIVE_DAY_WEEK',
      `is more than the ${fiveDayWeekDays} days of a five-day week without any holiday: the tax office will ask about a six-day week`,
      { severity: 'hint' },
    );
  } else if (days > usualOfficeDays) {
    add(
      `${at}.office_days`,
      'OFFICE_DAYS_HIGH',
      `is more than the about ${usualOfficeDays} days a five-day week leaves after holidays and leave: the tax office may ask for evidence`,
      { severity: 'hint' },
    );
  }
  if (km > 0 && days > 0) commutes.add(job.person, at, km, days);
}

/** Office days and commuting allowance per person, summed over their employments. */
class CommuteTotals {
  readonly #year: number;
  readonly #officeDays = new Map<PersonRef, { days: number; firstPath: string }>();
  readonly #allowance = new Map<PersonRef, { cents: number; firstPath: string }>();

  constructor(year: number) {
    this.#year = year;
  }

  add(person: PersonRef, at: string, km: number, days: number) {
    // Days beyond the year are refused on the employment; the sums count only the possible ones.
    const possibleDays = Math.min(days, daysIn(this.#year));
    const office = this.#officeDays.get(person) ?? { days: 0, firstPath: `${at}.office_days` };
    this.#officeDays.set(person, { ...office, days: office.days + possibleDays });
    const commute = this.#allowance.get(person) ?? { cents: 0, firstPath: `${at}.commute_km` };
    this.#allowance.set(person, { ...commute, cents: commute.cents + commuteCentsPerDay(this.#year, km) * possibleDays });
  }

  check(add: Add) {
    const year = this.#year;
    // Two employers on one day can both count (each has its own first place of work), so more
    // office days than the year has, summed over employments, is unusual but not wrong.
    for (const [person, office] of this.#officeDays) {
      if (office.days > daysIn(year)) {
        add(
          office.firstPath,
          'OFFICE_DAYS_TOTAL_HIGH',
          `add up to ${office.days} over the ${person}'s employments, more than the ${daysIn(year)} days of ${year}: only right where two places of work were visited on the same days`,
          { severity: 'hint' },
        );
      }
    }
    for (const [person, commute] of this.#allowance) {
      if (commute.cents > commuteCapCents) {
        add(
          commute.firstPath,
          'COMMUTE_CAP',
          `gives the ${person} a commuting allowance (Entfernungspauschale) of ${formatEuros(commute.cents)} euros; above ${formatEuros(commuteCapCents)} euros it counts only for trips by own or company car (§ 9 Abs. 1 Satz 3 Nr. 4 EStG)`,
          { severity: 'hint', expected: formatEuros(commuteCapCents) },
        );
      }
    }
  }
}

function checkPension(context: Context, pension: Pension, at: string) {
  const { body, spouse, add } = context;
  checkReference(context, `${at}.person`, pension.person, true);
  checkAmount(add, `${at}.annual_amount`, pension.annual_amount);
  const owner = pension.person === 'spouse' ? spouse : body.taxpayer;
  if (pension.start_year === undefined) {
    add(
      `${at}.start_year`,
      'PENSION_START_MISSING',
      'is needed by the tax office: the year the pension began sets its taxable share (§ 22 Nr. 1 Satz 3 Buchst. a EStG)',
      { severity: 'hint' },
    );
  } else if (pension.start_year > body.year) {
    add(`${at}.start_year`, 'PENSION_START_AFTER_YEAR', `must not be after the tax year ${body.year}: a pension not yet begun has no income in it`);
  } else if (owner && pension.start_year < Number(owner.birth_date.slice(0, 4))) {
    add(`${at}.start_year`, 'PENSION_START_BEFORE_BIRTH', `must not be before the ${pension.person}'s birth year`);
  }
}

function checkDeductions(deductions: Record<string, Amount>, add: Add) {
  for (const [key, amount] of Object.entries(deductions)) {
    if (!(supportedDeductions as readonly string[]).includes(key)) {
      add(`deductions.${key}`, 'DEDUCTION_UNKNOWN', `is not a deduction steuerbote supports; use one of ${supportedDeductions.join(', ')}`);
    } else {
      checkAmount(add, `deductions.${key}`, amount);
    }
  }
}

type Add = (path: string, code: string, message: string, extra?: Pick<Finding, 'severity' | 'expected'>) => void;

function checkPerson(person: Person, at: PersonRef, year: number, today: Date, add: Add) {
  for (const field of ['first_name', 'last_name'] as const) {
    if (!person[field]?.trim()) add(`${at}.${field}`, 'NAME_REQUIRED', 'must not be empty');
  }
  checkBirthDate(person.birth_date, `${at}.birth_date`, year, today, add);

  if (person.religion === undefined) {
    add(`${at}.religion`, 'RELIGION_MISSING', 'should be given for every person of the return (use "none" for no church tax): the tax office asks for it', {
      severity: 'hint',
    });
  } else if (!Object.hasOwn(religionKeys, person.religion)) {
    add(`${at}.religion`, 'RELIGION_UNKNOWN', `must be one of ${Object.keys(religionKeys).join(', ')}`);
  }
  if (!person.address) {
    add(`${at}.address`, 'ADDRESS_MISSING', 'should be given (street, postal code, city): the tax office asks for it', {
      severity: 'hint',
    });
  }
}

/**
 * The day of the marriage or civil partnership (ESt 1 A, "verheiratet seit dem", E0100701). Spouses
 * are assessed jointly only when they were married at some time in the tax year (§ 26 Abs. 1
 * EStG); public E10 writers refuse a joint return without the date, as ERiC does.
 */
function checkMarriedSince(body: EstReturn, spouse: Person | undefined, today: Date, add: Add) {
  const since = body.married_since;
  if (since === undefined) {
    if (body.joint_assessment)
      add('married_since', 'MARRIED_SINCE_REQUIRED', 'is required for a joint assessment: the day of the marriage or civil partnership (§ 26 Abs. 1 EStG)');
    else if (spouse)
      add(
        'married_since',
        'MARRIED_SINCE_MISSING',
        'is needed by ELSTER for spouses assessed separately (§ 26a EStG): the day of the marriage or civil partnership',
        { severity: 'hint' },
      );
    return;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(since)) {
    add('married_since', 'MARRIED_SINCE_FORMAT', 'must be a date as YYYY-MM-DD');
  } else if (since > `${body.year}-12-31`) {
    add(
      'married_since',
      'MARRIED_SINCE_AFTER_TAX_YEAR',
      `must be on or before 31 December ${body.year}: a marriage after the tax year does not count for it (§ 26 Abs. 1 EStG)`,
    );
  } else if (since > today.toISOString().slice(0, 10)) {
    add('married_since', 'MARRIED_SINCE_IN_FUTURE', 'must not be in the future');
  } else {
    for (const [role, person] of [
      ['taxpayer', body.taxpayer],
      ['spouse', spouse],
    ] as const) {
      if (person && since < person.birth_date) add('married_since', 'MARRIED_SINCE_BEFORE_BIRTH', `must not be before the ${role}'s birth date`);
    }
  }
}

/**
 * What a tax class says of the person (§ 38b Abs. 1 Satz 2 EStG). The class is copied from the
 * wage tax statement, so only what no statement can show is an error; what a year with a
 * marriage, a death or a separation explains is a hint.
 */
function checkTaxClass(path: string, taxClass: TaxClass, marriage: { married: boolean; spouseNamed: boolean }, add: Add) {
  // IV (with or without the factor of § 39f) and V exist only for spouses who both draw wages.
  if ((taxClass === 4 || taxClass === 5) && !marriage.married) {
    add(
      path,
      'TAX_CLASS_NEEDS_MARRIAGE',
      `is ${taxClass}, a tax class for married persons only (§ 38b Abs. 1 Satz 2 Nr. ${taxClass} EStG): give married_since, and the spouse when the spouses are assessed jointly or separately`,
    );
  }
  // III is also the class of the widowed in the year after the spouse's death (Nr. 3 Buchst. b).
  if (taxClass === 3 && !marriage.married) {
    add(
      path,
      'TAX_CLASS_3_UNMARRIED',
      "is 3, the tax class of married persons and, in the year after the spouse's death, of widowed ones (§ 38b Abs. 1 Satz 2 Nr. 3 EStG): give married_since if married",
      { severity: 'hint' },
    );
  }
  // II is class I with the relief for single parents (§ 24b EStG); spouses who may be assessed together do not get it.
  if (taxClass === 2 && marriage.spouseNamed) {
    add(
      path,
      'TAX_CLASS_2_WITH_SPOUSE',
      'is 2, the tax class of single parents (§ 38b Abs. 1 Satz 2 Nr. 2 EStG), yet the return names a spouse: right only for a wage tax statement from before the marriage',
      { severity: 'hint' },
    );
  }
}

/**
 * Anlage N has one tax class for all of a person's wage tax statements in classes 1 to 5 (class 6
 * has its own lines); the return gives the last one listed, so a different one is pointed out.
 */
function checkTaxClassesAgree(employment: Employment[], add: Add) {
  const last = new Map<PersonRef, { taxClass: TaxClass; index: number }>();
  employment.forEach((job, index) => {
    if (job.tax_class !== undefined && job.tax_class !== 6) last.set(job.person, { taxClass: job.tax_class, index });
  });
  employment.forEach((job, index) => {
    const given = last.get(job.person);
    if (job.tax_class === undefined || job.tax_class === 6 || !given || job.tax_class === given.taxClass) return;
    add(
      `employment.${index}.tax_class`,
      'TAX_CLASSES_DIFFER',
      `differs from tax class ${given.taxClass} of employment.${given.index}: Anlage N has one tax class for a person's wage tax statements in classes 1 to 5, and the return gives the last one listed`,
      { severity: 'hint' },
    );
  });
}

function checkBirthDate(birthDate: string, path: string, year: number, today: Date, add: Add) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate ?? '')) {
    add(path, 'BIRTH_DATE_REQUIRED', 'must be the date of birth as YYYY-MM-DD');
  } else if (birthDate < '1900-01-01') {
    add(path, 'BIRTH_DATE_TOO_EARLY', 'must not be before 1900');
  } else if (birthDate > `${year}-12-31`) {
    add(path, 'BIRTH_DATE_AFTER_TAX_YEAR', `must be on or before 31 December ${year}: a person born later has no income in the tax year`);
  } else if (birthDate > today.toISOString().slice(0, 10)) {
    add(path, 'BIRTH_DATE_IN_FUTURE', 'must not be in the future');
  }
}
