// Anlage N, a person's income from employment: its request fields, how they are checked, written
// and shown. Sources as in xml-writer.ts.
import * as z from 'zod/mini';
import { money } from '#shared/forms/fields.ts';
import type { XmlElement } from '#shared/xml/xml.ts';
import { textOf } from '#shared/xml/xml.ts';
import { formatEuros } from '#shared/tax/money.ts';
import type { Address, Employment, EstReturn, PersonRef, TaxClass } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { address, personRef, wholeNumber } from '#shared/forms/est/schema-parts.ts';
import { cents, expenseEuros, incomeEuros, personTag, sum, withCents } from '#shared/forms/est/xml-parts.ts';
import { checkAmount, checkReference, daysIn, type Add, type Context } from '#shared/forms/est/rule-parts.ts';
import { element, valuesAt, type AmountLine, type KeyFigure } from '#shared/forms/est/read-parts.ts';

// The tax classes I to VI of § 38b Abs. 1 Satz 2 EStG, as the wage tax statement (Lohnsteuerbescheinigung)
// shows them. Optional, as in the contract's sample; the tax rules hint that ERiC refuses a wage without it.
const taxClassMessage = { error: 'must be the tax class of the wage tax statement: a whole number from 1 to 6' };
const taxClass = z.number(taxClassMessage).check(z.int(taxClassMessage), z.minimum(1, taxClassMessage), z.maximum(6, taxClassMessage));

export const employmentSchema = z.strictObject({
  person: personRef,
  tax_class: z.optional(taxClass),
  gross_wage: money,
  income_tax_withheld: z.optional(money),
  solidarity_surcharge_withheld: z.optional(money),
  church_tax_withheld: z.optional(money),
  commute_km: z.optional(wholeNumber(1000)),
  office_days: z.optional(wholeNumber(366)),
  workplace: z.optional(address),
  work_equipment: z.optional(money),
});

type MoneyField = 'gross_wage' | 'income_tax_withheld' | 'solidarity_surcharge_withheld' | 'church_tax_withheld' | 'work_equipment';
const total = (jobs: Employment[], field: MoneyField) => sum(jobs.map((job) => cents(job[field])));
/** One line of wage tax statements summed; `taxClass` only on the line of classes 1 to 5. */
function wageStatementSum(
  jobs: Employment[],
  ids: { taxClass?: string; grossWage: string; incomeTax: string; solidaritySurcharge: string; churchTax: string },
  taxClass?: TaxClass,
): XmlElement {
  const incomeTax = total(jobs, 'income_tax_withheld');
  const solidarity = total(jobs, 'solidarity_surcharge_withheld');
  const churchTax = total(jobs, 'church_tax_withheld');
  return {
    ...(ids.taxClass && taxClass !== undefined && { [ids.taxClass]: String(taxClass) }),
    [ids.grossWage]: incomeEuros(total(jobs, 'gross_wage')),
    ...(incomeTax > 0 && { [ids.incomeTax]: withCents(incomeTax) }),
    ...(solidarity > 0 && { [ids.solidaritySurcharge]: withCents(solidarity) }),
    ...(churchTax > 0 && { [ids.churchTax]: withCents(churchTax) }),
  };
}

/** "PLZ Ort, Straße Nr.", the one text ELSTER takes for the first place of work [JL][PUB]. */
const workplaceText = (workplace: Address) =>
  `${workplace.postal_code} ${workplace.city}, ${workplace.house_number ? `${workplace.street} ${workplace.house_number}` : workplace.street}`;

/** Anlage N of one person: the wage tax statements summed by tax class, commuting per employment, work equipment on its own line. */
export function employmentForm(body: EstReturn, person: PersonRef): XmlElement | undefined {
  const jobs = body.employment.filter((job) => job.person === person);
  if (jobs.length === 0) return undefined;
  const classes1To5 = jobs.filter((job) => job.tax_class !== 6);
  const class6 = jobs.filter((job) => job.tax_class === 6);
  const commutes = jobs
    .filter((job) => (job.commute_km ?? 0) > 0 && (job.office_days ?? 0) > 0)
    .map((job) => ({
      // The kind of place of work is asked from 2023 (E10-2023.xsd); 2022's form has no such field.
      ...(body.year >= 2023 && { [e10.commuteTarget]: '1' }),
      // A body stored before the workplace was asked for is sent without it, as it was accepted.
      ...(job.workplace && { [e10.workplaceAddress]: workplaceText(job.workplace) }),
      [e10.officeDays]: String(job.office_days),
      [e10.commuteKm]: String(job.commute_km),
    }));
  const equipment = total(jobs, 'work_equipment');
  return {
    Person: personTag[person],
    ArbL: {
      // One tax class for all statements in classes 1 to 5: the last one listed [own: the year's latest
      // statement; the rules point out a different one]. A body stored before the tax class was
      // asked for has none, and goes here.
      ...(classes1To5.length > 0 && { LStB_1_5_Sum: wageStatementSum(classes1To5, e10.wageStatements.LStB_1_5_Sum, classes1To5.at(-1)!.tax_class) }),
      ...(class6.length > 0 && { LStB_6_Sum: wageStatementSum(class6, e10.wageStatements.LStB_6_Sum) }),
    },
    ...((commutes.length > 0 || equipment > 0) && {
      Wk: {
        ...(commutes.length > 0 && { EP: { Erste_Taetig: commutes } }),
        ...(equipment > 0 && {
          Arbeitsmittel: {
            Einz: { [e10.workEquipmentDescription]: 'Arbeitsmittel', [e10.workEquipmentAmount]: expenseEuros(equipment) },
            Sum: { [e10.workEquipmentTotal]: expenseEuros(equipment) },
          },
        }),
      },
    }),
  };
}

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

/** The rules of every employment, and of a person's employments together. */
export function checkEmploymentForms(context: Context) {
  const { body, add } = context;
  const commutes = new CommuteTotals(body.year);
  (body.employment ?? []).forEach((job, index) => checkEmployment(context, job, `employment.${index}`, commutes));
  checkTaxClassesAgree(body.employment ?? [], add);
  commutes.check(add);
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

/** The amounts of one line of wage tax statements: classes 1 to 5, or class 6. */
function wageLines(group: keyof typeof e10.wageStatements, labelSuffix: string): AmountLine[] {
  const ids = e10.wageStatements[group];
  const path = ['ArbL', group] as const;
  return [
    { form: 'N', path, id: ids.grossWage, label: `Bruttoarbeitslohn${labelSuffix}` },
    { form: 'N', path, id: ids.incomeTax, label: `Einbehaltene Lohnsteuer${labelSuffix}` },
    { form: 'N', path, id: ids.solidaritySurcharge, label: `Einbehaltener Solidaritätszuschlag${labelSuffix}` },
    { form: 'N', path, id: ids.churchTax, label: `Einbehaltene Kirchensteuer${labelSuffix}` },
  ];
}

/** What the protocol shows of Anlage N. */
export const employmentLines: readonly AmountLine[] = [
  ...wageLines('LStB_1_5_Sum', ''),
  ...wageLines('LStB_6_Sum', ', Steuerklasse 6'),
  { form: 'N', path: ['Wk', 'Arbeitsmittel', 'Sum'], id: e10.workEquipmentTotal, label: 'Arbeitsmittel' },
  { form: 'N', path: ['Wk', 'Weitere_Wk', 'Sum'], id: e10.otherExpensesTotal, label: 'Weitere Werbungskosten' },
];

/** The tax class of one Anlage N, shown before its amounts: classes 1 to 5 only, class 6 has its own lines, labelled so. */
export function taxClassFigures(instance: XmlElement, suffix: string): KeyFigure[] {
  const taxClass = textOf(element(element(instance.ArbL)?.LStB_1_5_Sum)?.[e10.wageStatements.LStB_1_5_Sum.taxClass]);
  return taxClass && /^[1-5]$/.test(taxClass) ? [{ label: `Steuerklasse${suffix}`, value: taxClass }] : [];
}

/** The commutes of one Anlage N, shown after its amounts. */
export function commuteFigures(instance: XmlElement, suffix: string): KeyFigure[] {
  return valuesAt(instance, ['Wk', 'EP', 'Erste_Taetig']).flatMap((node) => {
    const commute = element(node);
    const days = textOf(commute?.[e10.officeDays]);
    const km = textOf(commute?.[e10.commuteKm]);
    return days && km && /^\d{1,4}$/.test(days) && /^\d{1,4}$/.test(km)
      ? [{ label: `Wege zur ersten Tätigkeitsstätte${suffix}`, value: `${days} Tage, ${km} km` }]
      : [];
  });
}
