// The request fields of Anlage N beyond the wage tax statements (n.ts writes and checks them), apart
// so the return's model can name their type without depending on the writer.
import * as z from 'zod/mini';
import { isoDate, money, text } from '#shared/forms/fields.ts';
import { wholeNumber } from '#shared/forms/est/schema-parts.ts';

const item = z.strictObject({ description: text(100, 1), amount: money });
/** The most lines a list takes (Einz maxOccurs in shared/elster/schemas/E10-2022.xsd to E10-2024.xsd). */
export const maxItems = 99;
const items = z.optional(z.array(item).check(z.maxLength(maxItems)));

const pensionBenefit = z.strictObject({
  amount: money,
  allowance_base: z.optional(money),
  start_year: z.optional(z.number().check(z.int(), z.minimum(1900), z.maximum(2100))),
  first_month: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(12))),
  last_month: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(12))),
});

const doubleHousehold = z.strictObject({
  founded_on: isoDate,
  reason: text(200, 1),
  until: z.optional(isoDate),
  place_of_work: text(200, 1),
  own_household: z.boolean(),
  own_household_place: z.optional(text(200, 1)),
  own_household_since: z.optional(isoDate),
  home_trip_km: z.optional(wholeNumber(9999)),
  home_trips: z.optional(wholeNumber(53)),
  accommodation: z.optional(money),
  arrival_departure_days: z.optional(wholeNumber(366)),
  days_24h: z.optional(wholeNumber(366)),
  other: z.optional(item),
});

const businessTrips = z.strictObject({
  travel_costs: items,
  overnight: items,
  incidental: items,
  reimbursed_tax_free: z.optional(money),
  days_over_8h: z.optional(wholeNumber(366)),
  arrival_departure_days: z.optional(wholeNumber(366)),
  days_24h: z.optional(wholeNumber(366)),
  meal_reduction: z.optional(money),
  meals_reimbursed_tax_free: z.optional(money),
});

/** What Anlage N says of one person beyond the wage tax statements. */
export const employeeSchema = z.strictObject({
  pension_benefits: z.optional(z.array(pensionBenefit).check(z.maxLength(3))),
  wage_replacement: items,
  tax_free_allowance: z.optional(z.strictObject({ activity: text(100, 1), amount: money })),
  commute_reimbursed_tax_free: z.optional(money),
  commute_reimbursed_flat_taxed: z.optional(money),
  union_dues: items,
  work_equipment: items,
  study_room: items,
  home_office_days: z.optional(wholeNumber(366)),
  home_office_days_no_other_workplace: z.optional(wholeNumber(366)),
  training: items,
  flights: items,
  other_expenses: items,
  business_trips: z.optional(businessTrips),
  double_household: z.optional(z.array(doubleHousehold).check(z.maxLength(10))),
  double_household_reimbursed_tax_free: z.optional(money),
});

export type Employee = z.infer<typeof employeeSchema>;
export type Item = z.infer<typeof item>;
export type DoubleHousehold = z.infer<typeof doubleHousehold>;
