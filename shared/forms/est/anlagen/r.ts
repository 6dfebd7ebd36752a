// Anlage R, a person's pensions: its request fields, how they are checked, written and shown.
// Sources as in xml-writer.ts.
//
// Its structured fields (map.ts): pensions from the statutory insurance and the like (§ 22 Nr. 1 Satz 3
// Buchst. a Doppelbuchst. aa EStG) with their adjustments, start and preceding pensions, private
// life annuities (Doppelbuchst. bb), other pensions, the opening clause of Doppelbuchst. bb Satz 2,
// pensions under the treaty with Belgium, the expenses against them (§ 9 EStG) and models of § 15b EStG.
// `pensions` (the statutory pension alone) writes the same form, so a body gives one or the other.
import * as z from 'zod/mini';
import { money } from '#shared/forms/fields.ts';
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn, Pension, PersonRef } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { personRef } from '#shared/forms/est/schema-parts.ts';
import { cents, incomeEuros, personTag } from '#shared/forms/est/xml-parts.ts';
import { checkAmount, checkReference, type Context } from '#shared/forms/est/rule-parts.ts';
import { amountOf, element, elements, field, type AmountLine } from '#shared/forms/est/read-parts.ts';
import { date, income, nonNegativeExpense, percent, positiveIncome, text } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, personLeaf, reordered, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { itemised } from '#shared/forms/est/anlagen/blocks.ts';

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

/** Repeats of a pension line: 15 until 2023, 99 from 2024 (E10-2023.xsd, E10-2024.xsd); the lower bound holds for every year. */
const lines = 15;

/** A private or other life annuity (Doppelbuchst. bb) on its line; ids of its amount, start, the other life's birth date, whose death ends it, its end and arrears. */
const lifeAnnuity = (at: string, ids: readonly [string, string, string, string, string, string], label: string) =>
  list(at, lines, {
    amount: leaf(ids[0], income, label),
    start: leaf(ids[1], date, 'Beginn der Rente'),
    other_life_birth_date: leaf(ids[2], date, 'Geburtsdatum der Person, von deren Leben die Rente abhängt'),
    ends_with_death_of: leaf(ids[3], text(), 'Rente erlischt mit dem Tod von'),
    ends_on: leaf(ids[4], date, 'Rente erlischt spätestens am'),
    arrears: leaf(ids[5], income, 'Nachzahlungen für mehrere Jahre'),
  });
const costKind = 'Art der Werbungskosten';

const fields: Fields = {
  person: personLeaf,
  statutory: list('Leibr_gesetzl/Einz', lines, {
    amount: leaf('E1800301', income, 'Rentenbetrag (gesetzliche Rente)'),
    adjustment: leaf('E1800606', income, 'Rentenanpassungsbetrag'),
    start: leaf('E1800501', date, 'Beginn der Rente'),
    previous_start: leaf('E1800806', date, 'Beginn der vorhergehenden Rente'),
    previous_end: leaf('E1800906', date, 'Ende der vorhergehenden Rente'),
    second_previous_start: leaf('E1800811', date, 'Beginn der zweiten vorhergehenden Rente'),
    second_previous_end: leaf('E1800911', date, 'Ende der zweiten vorhergehenden Rente'),
    third_previous_start: leaf('E1800821', date, 'Beginn der dritten vorhergehenden Rente'),
    third_previous_end: leaf('E1800921', date, 'Ende der dritten vorhergehenden Rente'),
    arrears: leaf('E1800601', income, 'Nachzahlungen für mehrere Jahre'),
    opening_clause: group('Oeff_Kl', {
      percent: leaf('E1800701', percent, 'Anteil nach der Öffnungsklausel (in %)'),
      ends_on: leaf('E1800801', date, 'Rente erlischt spätestens am'),
      lump_sum: leaf('E1800901', income, 'Einmalzahlung (Öffnungsklausel)'),
    }),
  }),
  private: lifeAnnuity('Leibr_priv/Einz', ['E1801601', 'E1801701', 'E1801706', 'E1801801', 'E1801901', 'E1802001'], 'Rentenbetrag (private Leibrente)'),
  other: lifeAnnuity('Leibr_sonst/Einz', ['E1803102', 'E1803202', 'E1803302', 'E1803402', 'E1803502', 'E1803602'], 'Rentenbetrag (sonstige Leibrente)'),
  ...itemised('expenses', 'WK_Leibr/Leibr', 99, ['E1804901', 'E1804902', 'E1804903'], { description: costKind, amount: 'Werbungskosten zu Leibrenten' }),
  ...itemised(
    'arrears_expenses',
    'WK_Leibr/Leibr_Nachz',
    99,
    ['E1805101', 'E1805102', 'E1805103'],
    { description: costKind, amount: 'Werbungskosten zu Nachzahlungen' },
    nonNegativeExpense,
  ),
  belgium_pensions: leaf('DBA_Belgien/E1801001', positiveIncome, 'Renteneinnahmen nach dem DBA Belgien'),
  belgium_expenses: leaf('DBA_Belgien/E1801002', nonNegativeExpense, 'Werbungskosten zu Renten nach dem DBA Belgien'),
  tax_shelter_model: leaf('Steuerstund_Mod/E1805404', text(), 'Gesellschaft oder Modell (§ 15b EStG)'),
  tax_shelter_income: leaf('Steuerstund_Mod/E1805405', income, 'Einkünfte aus Modellen nach § 15b EStG'),
};

// 2022's form has the pensions under the treaty with Belgium after the statutory pensions (E10-2022.xsd: R/DBA_Belgien).
const { person, statutory, belgium_pensions, belgium_expenses, ...rest } = fields;

export const rAnlage: Anlage = {
  key: 'pension_income',
  element: 'R',
  many: 2,
  label: 'Anlage R',
  fields,
  earlier: reordered(2022, { person: person!, statutory: statutory!, belgium_pensions: belgium_pensions!, belgium_expenses: belgium_expenses!, ...rest }, 2),
};
