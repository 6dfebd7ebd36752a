// Anlage R, per person: pensions from the statutory insurance and the like (§ 22 Nr. 1 Satz 3
// Buchst. a Doppelbuchst. aa EStG) with their adjustments, start and preceding pensions, private
// life annuities (Doppelbuchst. bb), other pensions, and the expenses against them (§ 9 EStG).
// `pensions` (the statutory pension alone) writes the same form, so a body gives one or the other.
import { date, expense, income, leaf, list, personLeaf, text, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';

/** Repeats of a pension line: 15 until 2023, 99 from 2024 (E10-2023.xsd, E10-2024.xsd); the lower bound holds for every year. */
const lines = 15;

export const rAnlage: Anlage = {
  key: 'pension_income',
  element: 'R',
  many: 2,
  label: 'Anlage R',
  fields: {
    person: personLeaf,
    statutory: list('Leibr_gesetzl/Einz', lines, {
      amount: leaf('E1800301', income, 'Rentenbetrag (gesetzliche Rente)'),
      adjustment: leaf('E1800606', income, 'Rentenanpassungsbetrag'),
      start: leaf('E1800501', date, 'Beginn der Rente'),
      previous_start: leaf('E1800806', date, 'Beginn der vorhergehenden Rente'),
      previous_end: leaf('E1800906', date, 'Ende der vorhergehenden Rente'),
      arrears: leaf('E1800601', income, 'Nachzahlungen für mehrere Jahre'),
    }),
    private: list('Leibr_priv/Einz', lines, {
      amount: leaf('E1801601', income, 'Rentenbetrag (private Leibrente)'),
      start: leaf('E1801701', date, 'Beginn der Rente'),
      ends_on: leaf('E1801901', date, 'Rente erlischt spätestens am'),
      arrears: leaf('E1802001', income, 'Nachzahlungen für mehrere Jahre'),
    }),
    other: list('Leibr_sonst/Einz', lines, {
      amount: leaf('E1803102', income, 'Rentenbetrag (sonstige Leibrente)'),
      start: leaf('E1803202', date, 'Beginn der Rente'),
      ends_on: leaf('E1803502', date, 'Rente erlischt spätestens am'),
      arrears: leaf('E1803602', income, 'Nachzahlungen für mehrere Jahre'),
    }),
    expenses: list('WK_Leibr/Leibr/Einz', 99, {
      description: leaf('E1804901', text(), 'Art der Werbungskosten'),
      amount: leaf('E1804902', expense, 'Werbungskosten zu Leibrenten'),
    }),
    expenses_total: total('WK_Leibr/Leibr/Sum/E1804903', ['expenses', 'amount']),
  },
};
