// Anlage N, a person's income from employment: its request fields, how they are checked, written
// and shown. Sources as in xml-writer.ts.
import * as z from 'zod/mini';
import { isoDate, money } from '#shared/forms/fields.ts';
import type { XmlElement, XmlNode } from '#shared/xml/xml.ts';
import { textOf } from '#shared/xml/xml.ts';
import { formatEuros, germanEuros } from '#shared/tax/money.ts';
import type { Address, Amount, Employment, EstReturn, PerPerson, PersonRef, TaxClass } from '#shared/forms/est/model.ts';
import { elsterDate, isoDateOf } from '#shared/tax/dates.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { maxItems, type DoubleHousehold, type Employee, type Item } from '#shared/forms/est/anlagen/n-fields.ts';
import { address, maxStreet, personRef, wholeNumber } from '#shared/forms/est/schema-parts.ts';
import { cents, expenseEuros, incomeEuros, personTag, sum, withCents, writtenSum } from '#shared/forms/est/xml-parts.ts';
import { checkAmount, checkReference, daysIn, type Add, type Context } from '#shared/forms/est/rule-parts.ts';
import { amountCents, amountOf, countOf, defined, element, elements, field, valuesAt, type AmountLine, type KeyFigure } from '#shared/forms/est/read-parts.ts';

// The tax classes I to VI of § 38b Abs. 1 Satz 2 EStG, as the wage tax statement (Lohnsteuerbescheinigung)
// shows them. Optional, as in the contract's sample; the tax rules hint that ERiC refuses a wage without it.
const taxClassMessage = { error: 'must be the tax class of the wage tax statement: a whole number from 1 to 6' };
const taxClass = z.number(taxClassMessage).check(z.int(taxClassMessage), z.minimum(1, taxClassMessage), z.maximum(6, taxClassMessage));

/** A period within the tax year, as ELSTER's "TT.MM-TT.MM" (E0203101). */
const period = z.strictObject({ from: isoDate, to: isoDate });

export const employmentSchema = z.strictObject({
  person: personRef,
  tax_class: z.optional(taxClass),
  gross_wage: money,
  income_tax_withheld: z.optional(money),
  solidarity_surcharge_withheld: z.optional(money),
  church_tax_withheld: z.optional(money),
  /** eTIN of a statement without IdNr (N/ETIN, E10-2022.xsd only): eight capitals, two digits, A to L, two digits, a capital, as its pattern says. */
  etin: z.optional(
    z.string().check(z.regex(/^[A-Z]{8}\d{2}[A-L]\d{2}[A-Z]$/, { error: 'must be the eTIN of the wage tax statement: 14 characters such as MSTRMNER60E17A' })),
  ),
  commute_km: z.optional(wholeNumber(1000)),
  office_days: z.optional(wholeNumber(366)),
  workplace: z.optional(address),
  commute_period: z.optional(period),
  workdays_per_week: z.optional(wholeNumber(7)),
  days_off: z.optional(wholeNumber(366)),
  km_by_car: z.optional(wholeNumber(1000)),
  work_equipment: z.optional(money),
});

/**
 * The fields of Anlage N (and N_DHH) beyond those in fields.ts, each with its element in
 * shared/elster/schemas/E10-2022.xsd to E10-2024.xsd; key order is the schema's inside a group.
 */
const ids = {
  /** ArbL/LStB_1_5_Einz and LStB_6_Einz: one wage tax statement, its amounts with cents. */
  statement: {
    LStB_1_5_Einz: { grossWage: 'E0200204', incomeTax: 'E0200304', solidaritySurcharge: 'E0200404', churchTax: 'E0200504' },
    LStB_6_Einz: { grossWage: 'E0200202', incomeTax: 'E0200302', solidaritySurcharge: 'E0200402', churchTax: 'E0200502' },
  },
  /** ETIN (2022 only). */
  etin: 'E0200003',
  /** ArbL/VBez/Einz: Versorgungsbezüge of one statement (Nr. 8, 29, 30, 31 of the Lohnsteuerbescheinigung). */
  pensionBenefit: { amount: 'E0200801', allowanceBase: 'E0200902', startYear: 'E0201307', firstMonth: 'E0201003', lastMonth: 'E0201203' },
  /** ArbL/Stfr_Aufw_Entsch: tax-free allowance for a part-time activity (§ 3 Nr. 26, 26a EStG). */
  taxFreeAllowance: { activity: 'E0201901', amount: 'E0201902' },
  /** ArbL/Ersatzleist/Betrag: wage replacement benefits of § 32b EStG on the statement (Nr. 15). */
  wageReplacement: { description: 'E0202604', amount: 'E0202605', total: 'E0202001' },
  /** Wk/EP/Erste_Taetig beyond fields.ts: the period, work days a week, days off, km by car. */
  commutePeriod: 'E0203101',
  workdaysPerWeek: 'E0203508',
  daysOff: 'E0203509',
  kmByCar: 'E0203505',
  /** Wk/EP/Fahrtk_Ersatz: commuting reimbursed tax-free (Nr. 17) and taxed at a flat rate (Nr. 18). */
  commuteTaxFree: 'E0204103',
  commuteFlatTaxed: 'E0203901',
  unionDues: { description: 'E0204001', amount: 'E0204003', total: 'E0204002' },
  studyRoom: { description: 'E0204503', amount: 'E0204505', total: 'E0204504' },
  /** Wk/Homeoffice: days with another workplace available (2022: every home-office day), days without (from 2023). */
  homeOfficeDays: 'E0204507',
  homeOfficeDaysNoOtherWorkplace: 'E0206206',
  training: { description: 'E0204804', amount: 'E0204808', total: 'E0204812' },
  flight: { description: 'E0204801', amount: 'E0204802' },
  otherExpense: { description: 'E0205405', amount: 'E0205406' },
  /** Wk/AWT: business trips. */
  travelCost: { description: 'E0205003', amount: 'E0205004' },
  overnight: { description: 'E0206301', amount: 'E0206302' },
  incidental: { description: 'E0206402', amount: 'E0206406' },
  travelTotal: 'E0205518',
  travelTaxFree: 'E0205608',
  /** Wk/VMA/Inl and VMA_Ersatz: meal allowances on business trips in Germany. */
  meals: { daysOver8h: 'E0205201', arrivalDepartureDays: 'E0205302', days24h: 'E0205409', reduction: 'E0205508' },
  mealsTaxFree: 'E0205108',
  /** DHHF (N/Wk in 2022, N_DHH from 2023) and VMA_ges. */
  doubleHousehold: {
    foundedOn: 'E0206103',
    reason: 'E0206205',
    until: 'E0206304',
    placeOfWork: 'E0206404',
    ownHousehold: 'E0206504',
    ownHouseholdPlace: 'E0206505',
    ownHouseholdSince: 'E0206506',
    homeTripKm: 'E0207116',
    homeTrips: 'E0207117',
    accommodation: 'E0207611',
    arrivalDepartureDays: 'E0207901',
    days24h: 'E0208011',
    otherDescription: 'E0208201',
    otherAmount: 'E0208202',
  },
  doubleHouseholdTaxFree: 'E0206303',
} as const;

const total = (jobs: Employment[], field: 'gross_wage' | 'income_tax_withheld' | 'solidarity_surcharge_withheld' | 'church_tax_withheld') =>
  sum(jobs.map((job) => cents(job[field])));

type StatementIds = { grossWage: string; incomeTax: string; solidaritySurcharge: string; churchTax: string };

/** The withheld taxes of a line, with cents, only where there are any. */
function withheld(jobs: Employment[], ids: StatementIds): XmlElement {
  const incomeTax = total(jobs, 'income_tax_withheld');
  const solidarity = total(jobs, 'solidarity_surcharge_withheld');
  const churchTax = total(jobs, 'church_tax_withheld');
  return {
    ...(incomeTax > 0 && { [ids.incomeTax]: withCents(incomeTax) }),
    ...(solidarity > 0 && { [ids.solidaritySurcharge]: withCents(solidarity) }),
    ...(churchTax > 0 && { [ids.churchTax]: withCents(churchTax) }),
  };
}

/** One wage tax statement as it stands on the certificate, gross wage with cents (the schema's pattern for the Einz lines). */
const statementLine = (job: Employment, ids: StatementIds): XmlElement => ({ [ids.grossWage]: withCents(cents(job.gross_wage)), ...withheld([job], ids) });

/** The statements of a line summed; the gross wage in whole euros; `taxClass` only on the line of classes 1 to 5. */
const statementSum = (jobs: Employment[], ids: StatementIds & { taxClass?: string }, taxClass?: TaxClass): XmlElement => ({
  ...(ids.taxClass && taxClass !== undefined && { [ids.taxClass]: String(taxClass) }),
  [ids.grossWage]: incomeEuros(total(jobs, 'gross_wage')),
  ...withheld(jobs, ids),
});

/** "PLZ Ort, Straße Nr.", the one text ELSTER takes for the first place of work [JL][PUB]. */
// E0203501 is one text, "PLZ, Ort und Straße": a workplace abroad names its country after the town.
const workplaceText = (workplace: Address) =>
  `${workplace.postal_code} ${workplace.city}${workplace.country ? ` (${workplace.country})` : ''}, ${workplace.house_number ? `${workplace.street} ${workplace.house_number}` : workplace.street}`;

/** "TT.MM-TT.MM" of a period within the year. */
const periodText = ({ from, to }: { from: string; to: string }) => `${from.slice(8, 10)}.${from.slice(5, 7)}-${to.slice(8, 10)}.${to.slice(5, 7)}`;

/** Itemised lines and their sum; none without lines. */
function itemised(lines: Item[] | undefined, line: { description: string; amount: string; total: string }): XmlElement | undefined {
  if (!lines?.length) return undefined;
  return {
    Einz: lines.map((entry) => ({ [line.description]: entry.description, [line.amount]: expenseEuros(cents(entry.amount)) })),
    Sum: {
      [line.total]: expenseEuros(
        writtenSum(
          lines.map((entry) => entry.amount),
          expenseEuros,
        ),
      ),
    },
  };
}

/** Lines without their own sum (Weitere_Wk, AWT): the lines, and their cents for the common sum. */
const lines = (entries: Item[] | undefined, line: { description: string; amount: string }) =>
  (entries ?? []).map((entry) => ({ [line.description]: entry.description, [line.amount]: expenseEuros(cents(entry.amount)) }));
const itemCents = (...groups: (Item[] | undefined)[]) =>
  writtenSum(
    groups.flatMap((group) => (group ?? []).map((entry) => entry.amount)),
    expenseEuros,
  );

const optionalAmount = (id: string, amount: Amount | undefined, euros = expenseEuros) => (amount === undefined ? {} : { [id]: euros(cents(amount)) });
const optionalCount = (id: string, count: number | undefined) => (count === undefined ? {} : { [id]: String(count) });
const nonEmpty = (element: XmlElement) => (Object.keys(element).length > 0 ? element : undefined);

function commuteOf(job: Employment, year: number): XmlElement {
  return {
    // The kind of place of work is asked from 2023 (E10-2023.xsd); 2022's form has no such field.
    ...(year >= 2023 && { [e10.commuteTarget]: '1' }),
    // A body stored before the workplace was asked for is sent without it, as it was accepted.
    ...(job.workplace && { [e10.workplaceAddress]: workplaceText(job.workplace) }),
    ...(job.commute_period && { [ids.commutePeriod]: periodText(job.commute_period) }),
    ...optionalCount(ids.workdaysPerWeek, job.workdays_per_week),
    ...optionalCount(ids.daysOff, job.days_off),
    [e10.officeDays]: String(job.office_days),
    [e10.commuteKm]: String(job.commute_km),
    ...optionalCount(ids.kmByCar, job.km_by_car),
  };
}

function doubleHouseholdOf(household: DoubleHousehold): XmlElement {
  const dhh = ids.doubleHousehold;
  const trips = nonEmpty({ ...optionalCount(dhh.homeTripKm, household.home_trip_km), ...optionalCount(dhh.homeTrips, household.home_trips) });
  const meals = nonEmpty({ ...optionalCount(dhh.arrivalDepartureDays, household.arrival_departure_days), ...optionalCount(dhh.days24h, household.days_24h) });
  return {
    Allg: {
      [dhh.foundedOn]: elsterDate(household.founded_on),
      [dhh.reason]: household.reason,
      // "bis" is a day of the tax year, written without its year (the schema's TT.MM. pattern).
      ...(household.until && { [dhh.until]: elsterDate(household.until).slice(0, 6) }),
      [dhh.placeOfWork]: household.place_of_work,
      [dhh.ownHousehold]: household.own_household ? '1' : '2',
      ...(household.own_household_place && { [dhh.ownHouseholdPlace]: household.own_household_place }),
      ...(household.own_household_since && { [dhh.ownHouseholdSince]: elsterDate(household.own_household_since) }),
    },
    ...(trips && { Fahrtk: { Woech_Heimf: trips } }),
    ...(household.accommodation !== undefined && { Unterkunft: optionalAmount(dhh.accommodation, household.accommodation) }),
    ...(meals && { VMA: { Inl: meals } }),
    ...(household.other && {
      Sonst_Aufw: { [dhh.otherDescription]: household.other.description, [dhh.otherAmount]: expenseEuros(cents(household.other.amount)) },
    }),
  };
}

/** DHHF and VMA_ges: in N/Wk in 2022 (E10-2022.xsd), in their own form N_DHH from 2023 (E10-2023.xsd). */
function doubleHouseholds(employee: Employee | undefined): XmlElement | undefined {
  if (!employee?.double_household?.length && employee?.double_household_reimbursed_tax_free === undefined) return undefined;
  return {
    ...(employee.double_household?.length && { DHHF: employee.double_household.map(doubleHouseholdOf) }),
    ...(employee.double_household_reimbursed_tax_free !== undefined && {
      VMA_ges: optionalAmount(ids.doubleHouseholdTaxFree, employee.double_household_reimbursed_tax_free),
    }),
  };
}

function wageLinesOf(jobs: Employment[], employee: Employee | undefined): XmlElement {
  const classes1To5 = jobs.filter((job) => job.tax_class !== 6);
  const class6 = jobs.filter((job) => job.tax_class === 6);
  const replacement = itemised(employee?.wage_replacement, ids.wageReplacement);
  return {
    ...(classes1To5.length > 0 && {
      LStB_1_5_Einz: classes1To5.map((job) => statementLine(job, ids.statement.LStB_1_5_Einz)),
      // One tax class for all statements in classes 1 to 5: the last one listed [own: the year's latest
      // statement; the rules point out a different one]. A body stored before the tax class was
      // asked for has none, and goes here.
      LStB_1_5_Sum: statementSum(classes1To5, e10.wageStatements.LStB_1_5_Sum, classes1To5.at(-1)!.tax_class),
    }),
    ...(class6.length > 0 && {
      LStB_6_Einz: class6.map((job) => statementLine(job, ids.statement.LStB_6_Einz)),
      LStB_6_Sum: statementSum(class6, e10.wageStatements.LStB_6_Sum),
    }),
    ...(employee?.pension_benefits?.length && {
      VBez: {
        Einz: employee.pension_benefits.map((benefit) => ({
          [ids.pensionBenefit.amount]: incomeEuros(cents(benefit.amount)),
          ...optionalAmount(ids.pensionBenefit.allowanceBase, benefit.allowance_base, incomeEuros),
          ...optionalCount(ids.pensionBenefit.startYear, benefit.start_year),
          ...(benefit.first_month !== undefined && { [ids.pensionBenefit.firstMonth]: String(benefit.first_month).padStart(2, '0') }),
          ...(benefit.last_month !== undefined && { [ids.pensionBenefit.lastMonth]: String(benefit.last_month).padStart(2, '0') }),
        })),
      },
    }),
    ...(employee?.tax_free_allowance && {
      Stfr_Aufw_Entsch: {
        [ids.taxFreeAllowance.activity]: employee.tax_free_allowance.activity,
        [ids.taxFreeAllowance.amount]: incomeEuros(cents(employee.tax_free_allowance.amount)),
      },
    }),
    ...(replacement && { Ersatzleist: { Betrag: replacement } }),
  };
}

function businessTripsOf(trips: Employee['business_trips']): { AWT?: XmlElement; VMA?: XmlElement } {
  if (!trips) return {};
  const costs = itemCents(trips.travel_costs, trips.overnight, trips.incidental);
  const awt = nonEmpty({
    ...(trips.travel_costs?.length && { Fahrt: lines(trips.travel_costs, ids.travelCost) }),
    ...(trips.overnight?.length && { Uebernacht: lines(trips.overnight, ids.overnight) }),
    ...(trips.incidental?.length && { Reisenebenk: lines(trips.incidental, ids.incidental) }),
    ...(costs > 0 && { Sum: { [ids.travelTotal]: expenseEuros(costs) } }),
    ...(trips.reimbursed_tax_free !== undefined && { Rk_Ersatz: optionalAmount(ids.travelTaxFree, trips.reimbursed_tax_free) }),
  });
  const meals = nonEmpty({
    ...optionalCount(ids.meals.daysOver8h, trips.days_over_8h),
    ...optionalCount(ids.meals.arrivalDepartureDays, trips.arrival_departure_days),
    ...optionalCount(ids.meals.days24h, trips.days_24h),
    ...optionalAmount(ids.meals.reduction, trips.meal_reduction),
  });
  const vma = nonEmpty({
    ...(meals && { Inl: meals }),
    ...(trips.meals_reimbursed_tax_free !== undefined && { VMA_Ersatz: optionalAmount(ids.mealsTaxFree, trips.meals_reimbursed_tax_free) }),
  });
  return { ...(awt && { AWT: awt }), ...(vma && { VMA: vma }) };
}

function expensesOf(body: EstReturn, jobs: Employment[], employee: Employee | undefined): XmlElement | undefined {
  const commutes = jobs.filter((job) => (job.commute_km ?? 0) > 0 && (job.office_days ?? 0) > 0).map((job) => commuteOf(job, body.year));
  const reimbursed = nonEmpty({
    ...optionalAmount(ids.commuteTaxFree, employee?.commute_reimbursed_tax_free),
    ...optionalAmount(ids.commuteFlatTaxed, employee?.commute_reimbursed_flat_taxed),
  });
  // Work equipment given on a statement (an older body's way) is one line of its own before the itemised ones.
  const equipmentOnStatements = sum(jobs.map((job) => cents(job.work_equipment)));
  const equipment: Item[] = [
    ...(equipmentOnStatements > 0 ? [{ description: 'Arbeitsmittel', amount: equipmentOnStatements / 100 }] : []),
    ...(employee?.work_equipment ?? []),
  ];
  const further = itemCents(employee?.flights, employee?.other_expenses);
  const homeOffice = nonEmpty({
    ...optionalCount(ids.homeOfficeDays, employee?.home_office_days),
    ...optionalCount(ids.homeOfficeDaysNoOtherWorkplace, employee?.home_office_days_no_other_workplace),
  });
  const unionDues = itemised(employee?.union_dues, ids.unionDues);
  const equipmentLines = itemised(equipment, { description: e10.workEquipmentDescription, amount: e10.workEquipmentAmount, total: e10.workEquipmentTotal });
  const studyRoom = itemised(employee?.study_room, ids.studyRoom);
  const training = itemised(employee?.training, ids.training);
  return nonEmpty({
    ...((commutes.length > 0 || reimbursed) && {
      EP: { ...(commutes.length > 0 && { Erste_Taetig: commutes }), ...(reimbursed && { Fahrtk_Ersatz: reimbursed }) },
    }),
    ...(unionDues && { Berufsverb: unionDues }),
    ...(equipmentLines && { Arbeitsmittel: equipmentLines }),
    ...(studyRoom && { Arb_Zim: studyRoom }),
    ...(homeOffice && { Homeoffice: homeOffice }),
    ...(training && { Fortb: training }),
    ...(further > 0 && {
      Weitere_Wk: {
        ...(employee?.flights?.length && { Flug: lines(employee.flights, ids.flight) }),
        ...(employee?.other_expenses?.length && { Sonst: lines(employee.other_expenses, ids.otherExpense) }),
        Sum: { [e10.otherExpensesTotal]: expenseEuros(further) },
      },
    }),
    ...businessTripsOf(employee?.business_trips),
    ...(body.year < 2023 && doubleHouseholds(employee)),
  });
}

/** Anlage N of one person: each wage tax statement and their sums, then the income-related expenses. */
export function employmentForm(body: EstReturn, person: PersonRef): XmlElement | undefined {
  const jobs = body.employment.filter((job) => job.person === person);
  const employee = body.employee?.[person];
  if (jobs.length === 0 && !employee) return undefined;
  const etins = jobs.flatMap((job) => (job.etin ? [{ [ids.etin]: job.etin }] : []));
  const wages = nonEmpty(wageLinesOf(jobs, employee));
  const expenses = expensesOf(body, jobs, employee);
  return {
    Person: personTag[person],
    // The eTIN of a statement without IdNr has its place in 2022's form only (E10-2022.xsd).
    ...(body.year < 2023 && etins.length > 0 && { ETIN: etins }),
    ...(wages && { ArbL: wages }),
    ...(expenses && { Wk: expenses }),
  };
}

/** Anlage N_DHH of one person, from 2023: the double household. */
export function doubleHouseholdForm(body: EstReturn, person: PersonRef): XmlElement | undefined {
  const households = body.year >= 2023 ? doubleHouseholds(body.employee?.[person]) : undefined;
  return households && { Person: personTag[person], ...households };
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
  checkEtinCount(body.employment ?? [], add);
  commutes.check(add);
  for (const person of ['taxpayer', 'spouse'] as const) {
    const employee = body.employee?.[person];
    if (employee) checkEmployee(context, employee, person);
    const statements = (body.employment ?? []).flatMap((job, index) =>
      job.person === person && cents(job.work_equipment) > 0 ? [{ path: `employment.${index}.work_equipment`, cents: cents(job.work_equipment) }] : [],
    );
    checkSums(add, `employee.${person}`, employee, statements);
    // Work equipment on the statements is a line of its own before the itemised ones (expensesOf), within the same maxItems.
    const onStatements = (body.employment ?? []).some((job) => job.person === person && cents(job.work_equipment) > 0);
    if (onStatements && (employee?.work_equipment?.length ?? 0) >= maxItems) {
      const expected = `at most ${maxItems - 1} lines beside work_equipment on the wage tax statements`;
      add(`employee.${person}.work_equipment.${maxItems - 1}`, 'OUT_OF_RANGE', `is one too many for ELSTER's form: ${expected}`, { expected });
    }
  }
}

/** The Tagespauschale for work at home: € per day and the most days it counts (§ 4 Abs. 5 Satz 1 Nr. 6c EStG; until 2022 Nr. 6b Satz 4). */
const homeOfficeAllowance = (year: number) => (year >= 2023 ? { euros: 6, days: 210 } : { euros: 5, days: 120 });

/** Accommodation at a double household in Germany counts up to 1,000 € a month (§ 9 Abs. 1 Satz 3 Nr. 5 Satz 4 EStG). */
const accommodationCapCents = 12 * 100_000;

/**
 * Lines the form adds up into one element, with that element's digits of whole euros
 * (MaxVK of its type in shared/elster/schemas/E10-2022.xsd to E10-2024.xsd): the union dues'
 * Berufsverb/Sum/E0204002 takes 5, every other sum 12. A sum beyond them would be refused by ELSTER;
 * the finding names every field whose lines share the sum.
 */
function checkSums(add: Add, at: string, employee: Employee | undefined, statements: { path: string; cents: number }[]) {
  const trips = employee?.business_trips;
  const sums: [(keyof Employee)[], number, number][] = [
    [['wage_replacement'], itemCents(employee?.wage_replacement), 12],
    [['union_dues'], itemCents(employee?.union_dues), 5],
    [['work_equipment'], itemCents(employee?.work_equipment) + sum(statements.map((statement) => statement.cents)), 12],
    [['study_room'], itemCents(employee?.study_room), 12],
    [['training'], itemCents(employee?.training), 12],
    [['flights', 'other_expenses'], itemCents(employee?.flights, employee?.other_expenses), 12],
    [['business_trips'], itemCents(trips?.travel_costs, trips?.overnight, trips?.incidental), 12],
  ];
  for (const [fields, total, digits] of sums) {
    if (expenseEuros(total).replace('-', '').length <= digits) continue;
    const given = fields.filter((field) => employee?.[field] !== undefined);
    const sharing = [...given.map((field) => `${at}.${field}`), ...(fields[0] === 'work_equipment' ? statements.map((statement) => statement.path) : [])];
    for (const path of sharing)
      add(
        path,
        'OUT_OF_RANGE',
        `adds up${sharing.length > 1 ? ` with ${sharing.filter((other) => other !== path).join(', ')}` : ''} to more than ELSTER's form takes: at most ${digits} digits of whole euros`,
        {
          expected: `at most ${'9'.repeat(digits)}`,
        },
      );
  }
}

/** An amount written in whole euros rounded up (999,999,999,999.01 becomes 13 digits): within the element's 12. */
function checkExpense(add: Add, path: string, amount: Amount | undefined) {
  const given = checkAmount(add, path, amount);
  if (given === undefined || expenseEuros(given).length <= 12) return;
  const expected = 'at most 12 digits in whole euros, rounded up';
  add(path, 'OUT_OF_RANGE', `is larger than ELSTER's form takes: ${expected}`, { expected });
}

function checkItems(add: Add, at: string, entries: Item[] | undefined) {
  (entries ?? []).forEach((entry, index) => checkAmount(add, `${at}.${index}.amount`, entry.amount));
}

/** A date within the tax year, or a finding. */
function checkInYear(add: Add, path: string, date: string | undefined, year: number) {
  if (date !== undefined && !date.startsWith(`${year}-`)) add(path, 'DATE_OUTSIDE_TAX_YEAR', `must be a day of the tax year ${year}`);
}

function checkEmployee(context: Context, employee: Employee, person: PersonRef) {
  const { body, add } = context;
  const at = `employee.${person}`;
  checkReference(context, `${at}`, person, true);
  for (const field of ['wage_replacement', 'union_dues', 'work_equipment', 'study_room', 'training', 'flights', 'other_expenses'] as const) {
    checkItems(add, `${at}.${field}`, employee[field]);
  }
  for (const field of ['commute_reimbursed_tax_free', 'commute_reimbursed_flat_taxed', 'double_household_reimbursed_tax_free'] as const) {
    checkExpense(add, `${at}.${field}`, employee[field]);
  }
  if (employee.tax_free_allowance) checkAmount(add, `${at}.tax_free_allowance.amount`, employee.tax_free_allowance.amount);
  (employee.pension_benefits ?? []).forEach((benefit, index) => {
    const path = `${at}.pension_benefits.${index}`;
    checkAmount(add, `${path}.amount`, benefit.amount);
    checkAmount(add, `${path}.allowance_base`, benefit.allowance_base);
    if (benefit.start_year !== undefined && benefit.start_year > body.year)
      add(`${path}.start_year`, 'PENSION_START_AFTER_YEAR', `must not be after the tax year ${body.year}`);
    if (benefit.first_month !== undefined && benefit.last_month !== undefined && benefit.first_month > benefit.last_month)
      add(`${path}.last_month`, 'MONTHS_REVERSED', 'must not be before first_month');
  });
  checkHomeOffice(context, employee, at);
  const trips = employee.business_trips;
  if (trips) {
    for (const field of ['travel_costs', 'overnight', 'incidental'] as const) checkItems(add, `${at}.business_trips.${field}`, trips[field]);
    for (const field of ['reimbursed_tax_free', 'meal_reduction', 'meals_reimbursed_tax_free'] as const)
      checkExpense(add, `${at}.business_trips.${field}`, trips[field]);
  }
  (employee.double_household ?? []).forEach((household, index) => {
    const path = `${at}.double_household.${index}`;
    checkExpense(add, `${path}.accommodation`, household.accommodation);
    if (household.other) checkExpense(add, `${path}.other.amount`, household.other.amount);
    if (household.founded_on > `${body.year}-12-31`) add(`${path}.founded_on`, 'DATE_AFTER_TAX_YEAR', `must be on or before 31 December ${body.year}`);
    checkInYear(add, `${path}.until`, household.until, body.year);
    // A double household needs a household of one's own at the centre of life (§ 9 Abs. 1 Satz 3 Nr. 5 Satz 2 EStG).
    if (!household.own_household)
      add(
        `${path}.own_household`,
        'DOUBLE_HOUSEHOLD_WITHOUT_OWN',
        'is false: without a household of ones own elsewhere the costs of a second one are not deductible (§ 9 Abs. 1 Satz 3 Nr. 5 Satz 2 EStG)',
        {
          severity: 'hint',
        },
      );
    if (household.accommodation !== undefined && cents(household.accommodation) > accommodationCapCents)
      add(
        `${path}.accommodation`,
        'ACCOMMODATION_CAP',
        `counts in Germany only up to ${formatEuros(accommodationCapCents)} euros a year, 1,000 euros a month (§ 9 Abs. 1 Satz 3 Nr. 5 Satz 4 EStG)`,
        {
          severity: 'hint',
          expected: formatEuros(accommodationCapCents),
        },
      );
  });
}

function checkHomeOffice({ body, add }: Context, employee: Employee, at: string) {
  const days = (employee.home_office_days ?? 0) + (employee.home_office_days_no_other_workplace ?? 0);
  // The second variant, without another workplace, exists from 2023 (E0206206, E10-2023.xsd).
  if (body.year < 2023 && employee.home_office_days_no_other_workplace !== undefined)
    add(`${at}.home_office_days_no_other_workplace`, 'NOT_IN_YEAR', `is asked from 2023; for ${body.year} give all days in home_office_days`);
  if (days > daysIn(body.year))
    add(`${at}.home_office_days`, 'HOME_OFFICE_DAYS_EXCEED_YEAR', `add up to ${days}, more than the ${daysIn(body.year)} days of ${body.year}`);
  const allowance = homeOfficeAllowance(body.year);
  if (days > allowance.days)
    add(
      `${at}.home_office_days`,
      'HOME_OFFICE_DAYS_CAP',
      `add up to ${days}: the allowance of ${allowance.euros} euros a day counts for at most ${allowance.days} days in ${body.year} (§ 4 Abs. 5 Satz 1 Nr. 6c EStG)`,
      {
        severity: 'hint',
        expected: String(allowance.days),
      },
    );
  // From 2023 the daily allowance is not given beside the costs of a home office room (§ 4 Abs. 5 Satz 1 Nr. 6c Satz 2 EStG).
  if (body.year >= 2023 && days > 0 && employee.study_room?.length)
    add(
      `${at}.study_room`,
      'HOME_OFFICE_BOTH',
      'is given beside home-office days: from 2023 the daily allowance is not granted for a year in which the costs of a home office room are deducted (§ 4 Abs. 5 Satz 1 Nr. 6c Satz 2 EStG)',
      {
        severity: 'hint',
      },
    );
}

function checkEmployment(context: Context, job: Employment, at: string, commutes: CommuteTotals) {
  const { add, married, spouse } = context;
  checkReference(context, `${at}.person`, job.person, true);
  // ERiC is reported to refuse a wage without its tax class (its rule 241, as [JL] reads it); ELSTER's
  // schema makes the field optional and ERiC's E10 rules are not at hand, and the contract's own
  // sample has none, so it stays a hint (docs/guides/filing.md, "Checks"); with TAX_AUTHORITY=eric
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
  // The eTIN has its place in 2022's form only (N/ETIN, E10-2022.xsd); from 2023 every statement is filed under the IdNr.
  if (job.etin !== undefined && context.body.year >= 2023)
    add(`${at}.etin`, 'NOT_IN_YEAR', `has no place in the form of ${context.body.year}: from 2023 wage tax statements are filed under the IdNr`);
  if (job.commute_period) {
    checkInYear(add, `${at}.commute_period.from`, job.commute_period.from, context.body.year);
    checkInYear(add, `${at}.commute_period.to`, job.commute_period.to, context.body.year);
    if (job.commute_period.from > job.commute_period.to) add(`${at}.commute_period.to`, 'PERIOD_REVERSED', 'must not be before from');
  }
  if (job.km_by_car !== undefined && job.km_by_car > (job.commute_km ?? 0))
    add(`${at}.km_by_car`, 'KM_BY_CAR_EXCEEDS_COMMUTE', 'must not be more than commute_km, of which it is a part');
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

/** Anlage N takes at most 12 eTINs of a person (N/ETIN maxOccurs, E10-2022.xsd). */
const maxEtins = 12;

function checkEtinCount(employment: Employment[], add: Add) {
  for (const person of ['taxpayer', 'spouse'] as const) {
    const withEtin = employment.flatMap((job, index) => (job.person === person && job.etin !== undefined ? [index] : []));
    if (withEtin.length > maxEtins) {
      const expected = `at most ${maxEtins} eTINs per person`;
      add(`employment.${withEtin[maxEtins]}.etin`, 'OUT_OF_RANGE', `is one too many for ELSTER's form: ${expected}`, { expected });
    }
  }
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
  { form: 'N', path: ['ArbL', 'VBez', 'Einz'], id: ids.pensionBenefit.amount, label: 'Steuerbegünstigte Versorgungsbezüge' },
  { form: 'N', path: ['ArbL', 'Ersatzleist', 'Betrag', 'Sum'], id: ids.wageReplacement.total, label: 'Lohnersatzleistungen laut Lohnsteuerbescheinigung' },
  { form: 'N', path: ['Wk', 'Berufsverb', 'Sum'], id: ids.unionDues.total, label: 'Beiträge zu Berufsverbänden' },
  { form: 'N', path: ['Wk', 'Arbeitsmittel', 'Sum'], id: e10.workEquipmentTotal, label: 'Arbeitsmittel' },
  { form: 'N', path: ['Wk', 'Arb_Zim', 'Sum'], id: ids.studyRoom.total, label: 'Häusliches Arbeitszimmer' },
  { form: 'N', path: ['Wk', 'Fortb', 'Sum'], id: ids.training.total, label: 'Fortbildungskosten' },
  { form: 'N', path: ['Wk', 'Weitere_Wk', 'Sum'], id: e10.otherExpensesTotal, label: 'Weitere Werbungskosten' },
  { form: 'N', path: ['Wk', 'AWT', 'Sum'], id: ids.travelTotal, label: 'Reisekosten bei Auswärtstätigkeiten' },
];

/** The tax class of one Anlage N, shown before its amounts: classes 1 to 5 only, class 6 has its own lines, labelled so. */
/** Each wage tax statement of one Anlage N as transmitted, numbered in its order: its gross wage and wage tax, with cents (the sums show the other taxes). */
export function statementFigures(instance: XmlElement): KeyFigure[] {
  const arbL = element(instance.ArbL);
  const statements = [
    ...elements(arbL?.LStB_1_5_Einz).map((line) => ({ line, ids: ids.statement.LStB_1_5_Einz, taxClass: '' })),
    ...elements(arbL?.LStB_6_Einz).map((line) => ({ line, ids: ids.statement.LStB_6_Einz, taxClass: ', Steuerklasse 6' })),
  ];
  const labels = [
    ['grossWage', 'Bruttoarbeitslohn'],
    ['incomeTax', 'Lohnsteuer'],
  ] as const;
  return statements.flatMap(({ line, ids: fields, taxClass }, index) =>
    labels.flatMap(([key, label]) => {
      const amount = amountCents(field(line, fields[key]) ?? '');
      return amount === undefined ? [] : [{ label: `Lohnsteuerbescheinigung ${index + 1}${taxClass}: ${label}`, value: germanEuros(amount, true) }];
    }),
  );
}

export function taxClassFigures(instance: XmlElement): KeyFigure[] {
  const taxClass = textOf(element(element(instance.ArbL)?.LStB_1_5_Sum)?.[e10.wageStatements.LStB_1_5_Sum.taxClass]);
  return taxClass && /^[1-5]$/.test(taxClass) ? [{ label: 'Steuerklasse', value: taxClass }] : [];
}

/** The commutes of one Anlage N, shown after its amounts. */
export function commuteFigures(instance: XmlElement): KeyFigure[] {
  return valuesAt(instance, ['Wk', 'EP', 'Erste_Taetig']).flatMap((node) => {
    const commute = element(node);
    const days = textOf(commute?.[e10.officeDays]);
    const km = textOf(commute?.[e10.commuteKm]);
    return days && km && /^\d{1,4}$/.test(days) && /^\d{1,4}$/.test(km) ? [{ label: 'Wege zur ersten Tätigkeitsstätte', value: `${days} Tage, ${km} km` }] : [];
  });
}

const itemsOf = (nodes: XmlNode | undefined, line: { description: string; amount: string }): Item[] | undefined => {
  const read = elements(nodes).map((entry) => ({ description: field(entry, line.description) ?? '', amount: amountOf(field(entry, line.amount)) ?? '0' }));
  return read.length > 0 ? read : undefined;
};

/**
 * "PLZ Ort (Land), Straße Nr." back into an address; undefined where the text is not of that shape.
 * A house number begins with a digit; a street longer than the field takes gives its last word up as one.
 */
function workplaceOf(text: string | undefined): Address | undefined {
  const match = text === undefined ? null : /^(\S+) ([^,]+?)(?: \(([^)]+)\))?, (.+?)(?: (\d\S*))?$/.exec(text);
  if (!match) return undefined;
  const [, postal_code, city, country, street, number] = match as unknown as [string, string, string, string | undefined, string, string | undefined];
  const split = number === undefined && street.length > maxStreet ? /^(.+) (\S+)$/.exec(street) : null;
  return defined({ postal_code, city, country, street: split?.[1] ?? street, house_number: split?.[2] ?? number });
}

/** "TT.MM-TT.MM" back into a period of `year`. */
function periodOf(text: string | undefined, year: number): { from: string; to: string } | undefined {
  const match = text === undefined ? null : /^(\d{2})\.(\d{2})-(\d{2})\.(\d{2})$/.exec(text);
  return match ? { from: `${year}-${match[2]}-${match[1]}`, to: `${year}-${match[4]}-${match[3]}` } : undefined;
}

function statementsOf(arbL: XmlElement | undefined, person: PersonRef): Employment[] {
  const sum15 = element(arbL?.LStB_1_5_Sum);
  const taxClass = countOf(field(sum15, e10.wageStatements.LStB_1_5_Sum.taxClass));
  const read = (line: XmlElement, statement: StatementIds, tax_class: number | undefined): Employment =>
    defined({
      person,
      tax_class,
      gross_wage: amountOf(field(line, statement.grossWage)) ?? '0',
      income_tax_withheld: amountOf(field(line, statement.incomeTax)),
      solidarity_surcharge_withheld: amountOf(field(line, statement.solidaritySurcharge)),
      church_tax_withheld: amountOf(field(line, statement.churchTax)),
    });
  const lines15 = elements(arbL?.LStB_1_5_Einz);
  const lines6 = elements(arbL?.LStB_6_Einz);
  // A caller's XML with the sums only (as this service wrote them before) gives one statement per sum.
  const class15 =
    lines15.length > 0
      ? lines15.map((line) => read(line, ids.statement.LStB_1_5_Einz, taxClass))
      : sum15
        ? [read(sum15, e10.wageStatements.LStB_1_5_Sum, taxClass)]
        : [];
  const sum6 = element(arbL?.LStB_6_Sum);
  const class6 =
    lines6.length > 0 ? lines6.map((line) => read(line, ids.statement.LStB_6_Einz, 6)) : sum6 ? [read(sum6, e10.wageStatements.LStB_6_Sum, 6)] : [];
  return [...class15, ...class6];
}

function doubleHouseholdsOf(from: XmlElement | undefined, year: number): Pick<Employee, 'double_household' | 'double_household_reimbursed_tax_free'> {
  const dhh = ids.doubleHousehold;
  const households = elements(from?.DHHF).map((entry): DoubleHousehold => {
    const allg = element(entry.Allg);
    const trips = element(element(entry.Fahrtk)?.Woech_Heimf);
    const meals = element(element(entry.VMA)?.Inl);
    const other = element(entry.Sonst_Aufw);
    const until = field(allg, dhh.until);
    const founded = isoDateOf(field(allg, dhh.foundedOn) ?? '') ?? '';
    return defined({
      founded_on: founded,
      reason: field(allg, dhh.reason) ?? '',
      // "bis" names a day of the tax year without its year (TT.MM.).
      until: until === undefined ? undefined : isoDateOf(`${until}${year}`),
      place_of_work: field(allg, dhh.placeOfWork) ?? '',
      own_household: field(allg, dhh.ownHousehold) === '1',
      own_household_place: field(allg, dhh.ownHouseholdPlace),
      own_household_since: isoDateOf(field(allg, dhh.ownHouseholdSince) ?? ''),
      home_trip_km: countOf(field(trips, dhh.homeTripKm)),
      home_trips: countOf(field(trips, dhh.homeTrips)),
      accommodation: amountOf(field(element(entry.Unterkunft), dhh.accommodation)),
      arrival_departure_days: countOf(field(meals, dhh.arrivalDepartureDays)),
      days_24h: countOf(field(meals, dhh.days24h)),
      other: other ? { description: field(other, dhh.otherDescription) ?? '', amount: amountOf(field(other, dhh.otherAmount)) ?? '0' } : undefined,
    });
  });
  return defined({
    double_household: households.length > 0 ? households : undefined,
    double_household_reimbursed_tax_free: amountOf(field(element(from?.VMA_ges), ids.doubleHouseholdTaxFree)),
  });
}

/** The request fields of a caller's Anlage N and N_DHH: the statements of both persons, and what each person's form says beyond them. */
export function readEmployment(root: XmlElement, year: number): Pick<EstReturn, 'employment' | 'employee'> {
  const employment: Employment[] = [];
  const employee: PerPerson<Employee> = {};
  const personOf = (instance: XmlElement): PersonRef => (field(instance, 'Person') === 'PersonB' ? 'spouse' : 'taxpayer');
  for (const form of elements(root.N)) {
    const person = personOf(form);
    const arbL = element(form.ArbL);
    const wk = element(form.Wk);
    const jobs = statementsOf(arbL, person);
    elements(form.ETIN).forEach((etin, index) => {
      if (jobs[index]) jobs[index].etin = field(etin, ids.etin);
    });
    const ep = element(wk?.EP);
    elements(ep?.Erste_Taetig).forEach((commute, index) => {
      const job = jobs[index];
      if (!job) return;
      Object.assign(
        job,
        defined({
          workplace: workplaceOf(field(commute, e10.workplaceAddress)),
          commute_period: periodOf(field(commute, ids.commutePeriod), year),
          workdays_per_week: countOf(field(commute, ids.workdaysPerWeek)),
          days_off: countOf(field(commute, ids.daysOff)),
          office_days: countOf(field(commute, e10.officeDays)),
          commute_km: countOf(field(commute, e10.commuteKm)),
          km_by_car: countOf(field(commute, ids.kmByCar)),
        }),
      );
    });
    employment.push(...jobs);
    const reimbursed = element(ep?.Fahrtk_Ersatz);
    const allowance = element(arbL?.Stfr_Aufw_Entsch);
    const homeOffice = element(wk?.Homeoffice);
    const further = element(wk?.Weitere_Wk);
    const awt = element(wk?.AWT);
    const vma = element(wk?.VMA);
    const meals = element(vma?.Inl);
    const trips = defined({
      travel_costs: itemsOf(awt?.Fahrt, ids.travelCost),
      overnight: itemsOf(awt?.Uebernacht, ids.overnight),
      incidental: itemsOf(awt?.Reisenebenk, ids.incidental),
      reimbursed_tax_free: amountOf(field(element(awt?.Rk_Ersatz), ids.travelTaxFree)),
      days_over_8h: countOf(field(meals, ids.meals.daysOver8h)),
      arrival_departure_days: countOf(field(meals, ids.meals.arrivalDepartureDays)),
      days_24h: countOf(field(meals, ids.meals.days24h)),
      meal_reduction: amountOf(field(meals, ids.meals.reduction)),
      meals_reimbursed_tax_free: amountOf(field(element(vma?.VMA_Ersatz), ids.mealsTaxFree)),
    });
    const own: Employee = defined({
      pension_benefits: elements(element(arbL?.VBez)?.Einz).map((benefit) =>
        defined({
          amount: amountOf(field(benefit, ids.pensionBenefit.amount)) ?? '0',
          allowance_base: amountOf(field(benefit, ids.pensionBenefit.allowanceBase)),
          start_year: countOf(field(benefit, ids.pensionBenefit.startYear)),
          first_month: countOf(field(benefit, ids.pensionBenefit.firstMonth)),
          last_month: countOf(field(benefit, ids.pensionBenefit.lastMonth)),
        }),
      ),
      wage_replacement: itemsOf(element(element(arbL?.Ersatzleist)?.Betrag)?.Einz, ids.wageReplacement),
      tax_free_allowance: allowance
        ? { activity: field(allowance, ids.taxFreeAllowance.activity) ?? '', amount: amountOf(field(allowance, ids.taxFreeAllowance.amount)) ?? '0' }
        : undefined,
      commute_reimbursed_tax_free: amountOf(field(reimbursed, ids.commuteTaxFree)),
      commute_reimbursed_flat_taxed: amountOf(field(reimbursed, ids.commuteFlatTaxed)),
      union_dues: itemsOf(element(wk?.Berufsverb)?.Einz, ids.unionDues),
      work_equipment: itemsOf(element(wk?.Arbeitsmittel)?.Einz, { description: e10.workEquipmentDescription, amount: e10.workEquipmentAmount }),
      study_room: itemsOf(element(wk?.Arb_Zim)?.Einz, ids.studyRoom),
      home_office_days: countOf(field(homeOffice, ids.homeOfficeDays)),
      home_office_days_no_other_workplace: countOf(field(homeOffice, ids.homeOfficeDaysNoOtherWorkplace)),
      training: itemsOf(element(wk?.Fortb)?.Einz, ids.training),
      flights: itemsOf(further?.Flug, ids.flight),
      other_expenses: itemsOf(further?.Sonst, ids.otherExpense),
      business_trips: Object.keys(trips).length > 0 ? trips : undefined,
      ...(year < 2023 ? doubleHouseholdsOf(wk, year) : {}),
    });
    if (own.pension_benefits?.length === 0) delete own.pension_benefits;
    if (Object.keys(own).length > 0) employee[person] = { ...employee[person], ...own };
  }
  if (year >= 2023) {
    for (const form of elements(root.N_DHH)) {
      const households = doubleHouseholdsOf(form, year);
      if (Object.keys(households).length > 0) employee[personOf(form)] = { ...employee[personOf(form)], ...households };
    }
  }
  return { employment, ...(Object.keys(employee).length > 0 && { employee }) };
}
