// Anlage Kind, the child's own health and care insurance (Kind/KV_PV and Kind/KV_PV_ausl, the same in
// E10-2022.xsd to E10-2024.xsd): basic cover the parents paid as policyholders, or bore for a child
// who is the policyholder (§ 10 Abs. 1 Nr. 3 Satz 2 EStG), refunds and third-party subsidies, the
// parts that give a right to sick pay, cover beyond the basic one (§ 10 Abs. 1 Nr. 3a EStG), and
// insurance abroad comparable to the statutory one.
import { expense, group, leaf, nonNegativeExpense, type Fields } from '#shared/forms/est/anlagen/map.ts';

/** Kind/KV_PV: the child's statutory or private basic cover at home. */
export const childInsurance: Fields = {
  parents_policy: group('AW_Stpfl', {
    health: leaf('E0503110', nonNegativeExpense, 'Krankenversicherung des Kindes (Basisabsicherung), Eltern als Versicherungsnehmer'),
    care: leaf('E0503310', nonNegativeExpense, 'Pflegeversicherung des Kindes, Eltern als Versicherungsnehmer'),
    refunded: leaf('E0503409', nonNegativeExpense, 'Erstattete Beiträge, Eltern als Versicherungsnehmer'),
    beyond_basic: leaf('E0503609', expense, 'Kranken- und Pflegeversicherung des Kindes über die Basisabsicherung hinaus'),
  }),
  childs_policy: group('AW_Kind', {
    health: leaf('E0503111', nonNegativeExpense, 'Krankenversicherung des Kindes (Basisabsicherung), Kind als Versicherungsnehmer'),
    health_with_sick_pay: leaf('E0503209', nonNegativeExpense, 'Darin Beiträge mit Anspruch auf Krankengeld, Kind als Versicherungsnehmer'),
    care: leaf('E0503311', nonNegativeExpense, 'Pflegeversicherung des Kindes, Kind als Versicherungsnehmer'),
    refunded: leaf('E0503410', nonNegativeExpense, 'Erstattete Beiträge, Kind als Versicherungsnehmer'),
    refunded_with_sick_pay: leaf('E0503509', nonNegativeExpense, 'Darin erstattete Beiträge mit Anspruch auf Krankengeld, Kind als Versicherungsnehmer'),
    subsidy: leaf('E0503610', nonNegativeExpense, 'Zuschüsse Dritter zu den Beiträgen'),
  }),
};

/** Kind/KV_PV_ausl/AW: insurance abroad comparable to the statutory one. */
export const childInsuranceAbroad: Fields = {
  contributions: leaf('E0503822', nonNegativeExpense, 'Ausländische Kranken- und Pflegeversicherung des Kindes (Basisabsicherung)'),
  with_sick_pay: leaf('E0503823', nonNegativeExpense, 'Darin Beiträge mit Anspruch auf Krankengeld, Versicherung im Ausland'),
};
