// Anlage R-AUS, per person: pensions from abroad (§ 22 Nr. 1 Satz 3 Buchst. a EStG): statutory
// life annuities with the earlier pensions they follow and the share of a public pension fund,
// private annuities (with the person on whose life they depend), benefits of a foreign occupational
// pension scheme (§ 22 Nr. 5 EStG), the expenses of each kind line by line (totals computed), and
// income from models of § 15b EStG.
import { country, date, income, nonNegativeExpense, percent, text } from '#shared/forms/est/anlagen/formats.ts';
import { leaf, list, perPersonAnlage } from '#shared/forms/est/anlagen/map.ts';
import { itemised } from '#shared/forms/est/anlagen/blocks.ts';

/** Expenses of one kind, each on its line: their kind and amount, and their total. */
const expenseLines = (key: string, at: string, ids: readonly [string, string, string], label: string) =>
  itemised(key, at, 99, ids, { description: 'Art der Werbungskosten', amount: label }, nonNegativeExpense);

export const rAusAnlage = perPersonAnlage(
  { key: 'foreign_pensions', element: 'R_AUS', label: 'Anlage R-AUS' },
  {
    statutory: list('Leibr_gesetzl/Einz', 15, {
      country: leaf('E1820402', country, 'Staat des Leistungsbezugs'),
      amount: leaf('E1820401', income, 'Ausländische Rente aus gesetzlicher Versicherung'),
      adjustment: leaf('E1820501', income, 'Rentenanpassungsbetrag (ausländische Rente)'),
      start: leaf('E1820601', date, 'Beginn der Rente'),
      previous_1_start: leaf('E1820701', date, 'Beginn der 1. vorhergehenden Rente'),
      previous_1_end: leaf('E1820801', date, 'Ende der 1. vorhergehenden Rente'),
      previous_2_start: leaf('E1820702', date, 'Beginn der 2. vorhergehenden Rente'),
      previous_2_end: leaf('E1820802', date, 'Ende der 2. vorhergehenden Rente'),
      previous_3_start: leaf('E1820703', date, 'Beginn der 3. vorhergehenden Rente'),
      previous_3_end: leaf('E1820803', date, 'Ende der 3. vorhergehenden Rente'),
      back_payments: leaf('E1820901', income, 'Nachzahlungen für mehrere Jahre (ausländische Rente)'),
      public_fund_percentage: leaf('Oeff_Kl/E1821001', percent, 'Prozentsatz der öffentlichen Kasse'),
      public_fund_ends: leaf('Oeff_Kl/E1821101', date, 'Rente erlischt oder wird umgewandelt spätestens am'),
      public_fund_lump_sum: leaf('Oeff_Kl/E1821201', income, 'Einmalzahlung der öffentlichen Kasse'),
    }),
    private: list('Leibr_priv/Einz', 15, {
      country: leaf('E1821402', country, 'Staat des Leistungsbezugs'),
      amount: leaf('E1821301', income, 'Ausländische private Rente'),
      start: leaf('E1821401', date, 'Beginn der Rente'),
      other_life_birth_date: leaf('E1821501', date, 'Geburtsdatum der Person, von deren Leben die Rente abhängt'),
      ends_on_death_of: leaf('E1821601', text(), 'Rente erlischt mit dem Tod von'),
      ends: leaf('E1821701', date, 'Rente erlischt oder wird umgewandelt spätestens am'),
      back_payments: leaf('E1821801', income, 'Nachzahlungen für mehrere Jahre (private Rente)'),
    }),
    occupational: list('Leist_bAV/Einz', 15, {
      country: leaf('E1823101', country, 'Staat des Leistungsbezugs'),
      funded: leaf('E1823201', income, 'Leistungen bAV aus geförderten Beiträgen'),
      life_annuity: leaf('E1823301', income, 'Lebenslange Leibrente bAV aus nicht geförderten Beiträgen'),
      life_annuity_start: leaf('E1823401', date, 'Beginn der lebenslangen Leibrente'),
      other_life_birth_date: leaf('E1823501', date, 'Geburtsdatum der Person, von deren Leben die Rente abhängt'),
      term_annuity: leaf('E1823601', income, 'Abgekürzte Leibrente bAV aus nicht geförderten Beiträgen'),
      term_annuity_start: leaf('E1823701', date, 'Beginn der abgekürzten Leibrente'),
      term_annuity_ends: leaf('E1823801', date, 'Abgekürzte Leibrente erlischt spätestens am'),
      lump_sum: leaf('E1823901', income, 'Einmalleistungen bAV aus nicht geförderten Beiträgen'),
      contract_date: leaf('E1824001', date, 'Datum des Vertragsabschlusses'),
      back_payments: leaf('E1824101', income, 'Nachzahlungen für mehrere Jahre (bAV)'),
    }),
    ...expenseLines('statutory_expenses', 'Wk/Leibr', ['E1821901', 'E1821902', 'E1821903'], 'Werbungskosten zu ausländischen Leibrenten'),
    ...expenseLines('back_payment_expenses', 'Wk/Leibr_Nachz', ['E1822001', 'E1822002', 'E1822003'], 'Werbungskosten zu Nachzahlungen'),
    ...expenseLines('occupational_expenses', 'Wk/Leist_bAV', ['E1824301', 'E1824302', 'E1824303'], 'Werbungskosten zu Leistungen bAV'),
    ...expenseLines('occupational_annuity_expenses', 'Wk/Leibr_bAV', ['E1824401', 'E1824402', 'E1824403'], 'Werbungskosten zu Leibrenten bAV'),
    ...expenseLines('funded_back_payment_expenses', 'Wk/Leibr_Nachz_gef', ['E1824601', 'E1824602', 'E1824603'], 'Werbungskosten zu geförderten Nachzahlungen'),
    tax_shelter_models: leaf('Steuerstund_Mod/E1822101', text(), 'Gesellschaften oder Modelle nach § 15b EStG'),
    tax_shelter_income: leaf('Steuerstund_Mod/E1822102', income, 'Einkünfte aus Modellen nach § 15b EStG'),
  },
);
