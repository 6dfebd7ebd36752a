// What the rules of the E10 forms (anlagen/) share: how a finding is added, the return they look
// at, and the checks every form makes of an amount and of a line that names the spouse.
import type { Finding } from '#shared/domain/ticket.ts';
import { hasAtMostTwoDecimals, isAmount, toCents } from '#shared/tax/money.ts';
import type { Amount, EstReturn, Person, PersonRef } from '#shared/forms/est/model.ts';

export type Add = (path: string, code: string, message: string, extra?: Pick<Finding, 'severity' | 'expected'>) => void;

export interface Context {
  body: EstReturn;
  spouse: Person | undefined;
  add: Add;
  /** A spouse is named, or a marriage date given. */
  married: boolean;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
export const daysIn = (year: number) => (isLeapYear(year) ? 366 : 365);

/**
 * A line that names the spouse needs one; with a separate assessment of spouses (Einzelveranlagung,
 * § 26a EStG) each files their own return with their own income, while the spouse still appears as
 * Person B, and may hold the account.
 */
export function checkReference({ body, spouse, add }: Context, path: string, person: PersonRef, income: boolean) {
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
export function checkAmount(add: Add, path: string, amount: Amount | undefined): number | undefined {
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
