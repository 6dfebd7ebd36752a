// Anlage Vorsorgeaufwand, further other provision (VOR/Weit_Sons_VorAW/A_B_LP, the same in
// E10-2022.xsd to E10-2024.xsd): insurance contributions that count as other provision under
// § 10 Abs. 1 Nr. 3a EStG, itemised by kind. The schema has them once for the return, for Person A,
// Person B and a civil partner together (A_B_LP), not per person as the rest of VOR (vorsorge.ts),
// which this part joins.
import { nonNegativeExpense } from '#shared/forms/est/anlagen/formats.ts';
import { group, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { itemised } from '#shared/forms/est/anlagen/blocks.ts';

/** One kind of insurance: its contracts, each named with its contributions, and their total. */
const insurance = (prefix: string, label: string): Fields =>
  itemised('contracts', '', 50, [`${prefix}01`, `${prefix}02`, `${prefix}03`], { description: 'Bezeichnung', amount: label }, nonNegativeExpense);

export const vorOtherAnlage: Anlage = {
  key: 'other_provision',
  element: 'VOR',
  part: true,
  label: 'Weitere sonstige Vorsorgeaufwendungen',
  fields: {
    unemployment: group('Weit_Sons_VorAW/A_B_LP/AL_Vers', insurance('E20014', 'Arbeitslosenversicherung')),
    disability: group('Weit_Sons_VorAW/A_B_LP/ErwU_BU_Vers', insurance('E20015', 'Berufsunfähigkeitsversicherung')),
    accident_liability_term_life: group('Weit_Sons_VorAW/A_B_LP/U_HP_Ris_Vers', insurance('E20018', 'Unfall-, Haftpflicht-, Risikoversicherung')),
    life_with_capital_option: group('Weit_Sons_VorAW/A_B_LP/RV_m_WR_KapLV', insurance('E20019', 'Versicherung mit Kapitalwahlrecht')),
    annuity_without_capital_option: group('Weit_Sons_VorAW/A_B_LP/RV_o_WR_o_AV', insurance('E20020', 'Versicherung ohne Kapitalwahlrecht')),
  },
};
