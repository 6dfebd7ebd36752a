// Anlage R, a person's pensions: its request fields, how they are checked, written and shown.
// Sources as in xml-writer.ts.
import * as z from 'zod/mini';
import { money } from '#shared/forms/fields.ts';
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn, Pension, PersonRef } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { personRef } from '#shared/forms/est/schema-parts.ts';
import { cents, incomeEuros, personTag } from '#shared/forms/est/xml-parts.ts';
import { checkAmount, checkReference, type Context } from '#shared/forms/est/rule-parts.ts';
import { amountOf, element, elements, field, type AmountLine } from '#shared/forms/est/read-parts.ts';

export const pensionSchema = z.strictObject({ person: personRef, annual_amount: money, start_year: z.optional(z.number().check(z.int())) });

/**
 * Anlage R of one person: statutory pensions (Leibr_gesetzl). Only the year a pension began
 * sets its taxable share (§ 22 Nr. 1 Satz 3 Buchst. a Doppelbuchst. aa EStG), so the start
 * date is written as 1 January of that year [own; [PUB] writers do the same].
 */
export function pensionForm(body: EstReturn, person: PersonRef): XmlElement | undefined {
  const pensions = body.pensions.filter((pension) => pension.person === person);
  if (pensions.length === 0) return undefined;
  return {
    Person: personTag[person],
    Leibr_gesetzl: {
      Einz: pensions.map((pension) => ({
        [e10.pensionAmount]: incomeEuros(cents(pension.annual_amount)),
        ...(pension.start_year !== undefined && { [e10.pensionStart]: `01.01.${pension.start_year}` }),
      })),
    },
  };
}

export function checkPension(context: Context, pension: Pension, at: string) {
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

/** What the protocol shows of Anlage R. */
export const pensionLines: readonly AmountLine[] = [
  { form: 'R', path: ['Leibr_gesetzl', 'Einz'], id: e10.pensionAmount, label: 'Rentenbetrag (gesetzliche Rente)' },
];

/** The statutory pensions of a caller's Anlage R. */
export function readPensions(root: XmlElement): Pension[] {
  return elements(root.R).flatMap((form) => {
    const person: PersonRef = field(form, 'Person') === 'PersonB' ? 'spouse' : 'taxpayer';
    return elements(element(form.Leibr_gesetzl)?.Einz).map((pension) => {
      const start = /^01\.01\.(\d{4})$/.exec(field(pension, e10.pensionStart) ?? '');
      return { person, annual_amount: amountOf(field(pension, e10.pensionAmount)) ?? '0', ...(start && { start_year: Number(start[1]) }) };
    });
  });
}
