// Anlage R-AV/bAV, per person: benefits from Riester contracts, pension funds and company pension
// schemes (§ 22 Nr. 5 EStG) as the provider's statement numbers them, with their starts, the basis
// of the allowance for pensions of § 19 Abs. 2 EStG (its year and months), preceding benefits,
// shortened annuities, the sums of the home-ownership account dissolved (§ 92a EStG), and the
// expenses against each kind of benefit, itemised with their sums.
import { calendarYear, date, income, month, nonNegativeExpense, nonNegativeIncome, positiveIncome } from '#shared/forms/est/anlagen/formats.ts';
import { leaf, list, perPersonAnlage, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { itemised } from '#shared/forms/est/anlagen/blocks.ts';

/** Expenses against one kind of benefit (RAV_bAV/Wk/`element`): each line's kind and amount, and their sum. */
const expenses = (key: string, element: string, ids: readonly [string, string, string], label: string): Fields =>
  itemised(key, `Wk/${element}`, 99, ids, { description: 'Art der Aufwendungen', amount: label }, nonNegativeExpense);

export const ravBavAnlage = perPersonAnlage(
  { key: 'pension_plan_income', element: 'RAV_bAV', label: 'Anlage R-AV/bAV' },
  {
    benefits: list('Leist_AV_betr/Einz', 15, {
      subsidised: leaf('E1803101', income, 'Leistungen aus geförderten Altersvorsorgeverträgen (Nr. 1)'),
      pension_fund: leaf('E1803201', income, 'Leistungen aus einem Pensionsfonds (Nr. 2)'),
      allowance_basis: leaf('E1803303', income, 'Bemessungsgrundlage des Versorgungsfreibetrags'),
      allowance_year: leaf('E1803409', calendarYear, 'Jahr des Versorgungsbeginns'),
      first_month: leaf('E1803509', month, 'Erster Monat der Versorgungsbezüge'),
      last_month: leaf('E1803510', month, 'Letzter Monat der Versorgungsbezüge'),
      small_pension_settlement: leaf('E1803605', nonNegativeIncome, 'Abfindung einer Kleinbetragsrente (Nr. 3)'),
      company_pension: leaf('E1803301', income, 'Leistungen aus betrieblicher Altersversorgung'),
      company_pension_adjustment: leaf('E1803806', nonNegativeIncome, 'Darin Rentenanpassungsbetrag'),
      start: leaf('E1803401', date, 'Beginn der Leistung'),
      previous_start: leaf('E1803805', date, 'Beginn der vorhergehenden Leistung'),
      previous_end: leaf('E1803905', date, 'Ende der vorhergehenden Leistung'),
      annuity: leaf('E1803501', income, 'Leibrente aus Altersvorsorgevertrag oder bAV'),
      annuity_start: leaf('E1803601', date, 'Beginn der Rente'),
      other_life_birth_date: leaf('E1804005', date, 'Geburtsdatum der Person, von deren Leben die Rente abhängt'),
      shortened_annuity: leaf('E1803701', income, 'Abgekürzte Leibrente aus Altersvorsorgevertrag oder bAV'),
      shortened_start: leaf('E1803801', date, 'Beginn der abgekürzten Rente'),
      shortened_ends_on: leaf('E1803901', date, 'Abgekürzte Rente endet spätestens am'),
      other: leaf('E1804001', income, 'Andere Leistungen (Nr. 7, 8, 10)'),
      home_account_once: leaf('E1804505', positiveIncome, 'Auflösungsbetrag des Wohnförderkontos (Einmalbesteuerung)'),
      home_account_given_up: leaf('E1804601', positiveIncome, 'Auflösungsbetrag des Wohnförderkontos (Aufgabe der Selbstnutzung)'),
      payout_start: leaf('E1804705', date, 'Beginn der Auszahlungsphase'),
      own_use_ended_on: leaf('E1804801', date, 'Aufgabe der Selbstnutzung am'),
      arrears: leaf('E1804701', income, 'Nachzahlungen für mehrere Jahre'),
    }),
    ...expenses('expenses_subsidised', 'RBM_Nr_1_7_8_10_9c_9d', ['E1805301', 'E1805302', 'E1805303'], 'Werbungskosten (Nr. 1, 7, 8, 9c, 9d, 10)'),
    ...expenses('expenses_pension_fund', 'RBM_Nr_2', ['E1805304', 'E1805306', 'E1805305'], 'Werbungskosten (Nr. 2)'),
    ...expenses('expenses_company_pension', 'RBM_Nr_4_5_9a_6_9b', ['E1805104', 'E1805105', 'E1805106'], 'Werbungskosten (Nr. 4, 5, 6, 9a, 9b)'),
    ...expenses('expenses_home_account_once', 'ZfA_Aufl_Wohnf', ['E1805501', 'E1805502', 'E1805503'], 'Werbungskosten (Auflösung Wohnförderkonto)'),
    ...expenses('expenses_home_account_given_up', 'ZfA_Aufg_Selbstn', ['E1805602', 'E1805603', 'E1805604'], 'Werbungskosten (Aufgabe der Selbstnutzung)'),
    ...expenses('expenses_small_pension', 'RBM_Nr_3_ua', ['E1805307', 'E1805308', 'E1805309'], 'Werbungskosten (Nr. 3)'),
    ...expenses('expenses_arrears', 'RBM_11_Nachz', ['E1806201', 'E1806202', 'E1806203'], 'Werbungskosten (Nachzahlungen, Nr. 11)'),
  },
);
