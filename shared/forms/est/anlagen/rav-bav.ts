// Anlage R-AV/bAV, per person: benefits from Riester contracts, pension funds and company pension
// schemes (§ 22 Nr. 5 EStG) as the provider's statement numbers them, with their starts.
import { date, income, leaf, list, personLeaf, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const ravBavAnlage: Anlage = {
  key: 'pension_plan_income',
  element: 'RAV_bAV',
  many: 2,
  label: 'Anlage R-AV/bAV',
  fields: {
    person: personLeaf,
    benefits: list('Leist_AV_betr/Einz', 15, {
      subsidised: leaf('E1803101', income, 'Leistungen aus geförderten Altersvorsorgeverträgen (Nr. 1)'),
      pension_fund: leaf('E1803201', income, 'Leistungen aus einem Pensionsfonds (Nr. 2)'),
      company_pension: leaf('E1803301', income, 'Leistungen aus betrieblicher Altersversorgung'),
      start: leaf('E1803401', date, 'Beginn der Leistung'),
      annuity: leaf('E1803501', income, 'Leibrente aus Altersvorsorgevertrag oder bAV'),
      annuity_start: leaf('E1803601', date, 'Beginn der Rente'),
      other: leaf('E1804001', income, 'Andere Leistungen (Nr. 7, 8, 10)'),
      arrears: leaf('E1804701', income, 'Nachzahlungen für mehrere Jahre'),
    }),
  },
};
