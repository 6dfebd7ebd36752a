// What the writers of the E10 forms (anlagen/) share: amounts as ELSTER writes them, the person a
// per-person form is for, and the repetition of such a form per person.
import type { XmlElement } from '#shared/xml/xml.ts';
import { formatEuros, toCents } from '#shared/tax/money.ts';
import type { Amount, EstReturn, PersonRef } from '#shared/forms/est/model.ts';

export const personTag: Record<PersonRef, string> = { taxpayer: 'PersonA', spouse: 'PersonB' };

// ELSTER wants whole euros on most lines; the official guidance says to round in the taxpayer's
// favour [JL, quoting the Mein-ELSTER help]: income down, expenses up.
export const cents = (amount: Amount | undefined) => (amount === undefined ? 0 : toCents(amount));
export const incomeEuros = (amountCents: number) => String(Math.floor(amountCents / 100));
export const expenseEuros = (amountCents: number) => String(Math.ceil(amountCents / 100));
/** Euros and cents with a decimal comma and no thousands separator, as ELSTER writes them [E][JL]. */
export const withCents = (amountCents: number) => formatEuros(amountCents).replace('.', ',');
export const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
/** The cents of amounts as each is written in whole euros (`euros`): a form's sum is the sum of its lines as it shows them. */
export const writtenSum = (amounts: (Amount | undefined)[], euros: (amountCents: number) => string) =>
  sum(amounts.map((amount) => Number(euros(cents(amount))) * 100));

export function deductionCents(body: EstReturn, key: string): number {
  const amount = body.deductions?.[key];
  return amount === undefined ? 0 : toCents(amount);
}

/** One element per person, or none; repeated elements are arrays for buildXml. */
export function perPerson(build: (person: PersonRef) => XmlElement | undefined): XmlElement[] | undefined {
  const forms = (['taxpayer', 'spouse'] as const).map(build).filter((form) => form !== undefined);
  return forms.length > 0 ? forms : undefined;
}
