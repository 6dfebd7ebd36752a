// Anlage Kind, the child's own health and care insurance (Kind/KV_PV and Kind/KV_PV_ausl, the same in
// E10-2022.xsd to E10-2024.xsd): basic cover the parents paid as policyholders, or bore for a child
// who is the policyholder (§ 10 Abs. 1 Nr. 3 Satz 2 EStG), refunds and third-party subsidies, the
// parts that give a right to sick pay, cover beyond the basic one (§ 10 Abs. 1 Nr. 3a EStG), and
// insurance abroad comparable to the statutory one.
import { expense, nonNegativeExpense } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, type Fields } from '#shared/forms/est/anlagen/map.ts';

/** Kind/KV_PV: the child's statutory or private basic cover at home. */
export const childInsurance: Fields = {
  parents_policy: group('AW_Stpfl', {
    health: leaf('E0503110', nonNegativeExpense, 'Krankenversicherung des Kindes, Eltern versichert'),
    care: leaf('E0503310', nonNegativeExpense, 'Pflegeversicherung des Kindes, Eltern versichert'),
    refunded: leaf('E0503409', nonNegativeExpense, 'Erstattungen, Eltern versichert'),
    beyond_basic: leaf('E0503609', expense, 'Zusatzversicherung des Kindes'),
  }),
  childs_policy: group('AW_Kind', {
    health: leaf('E0503111', nonNegativeExpense, 'Krankenversicherung des Kindes, Kind versichert'),
    health_with_sick_pay: leaf('E0503209', nonNegativeExpense, 'Darin mit Krankengeld, Kind versichert'),
    care: leaf('E0503311', nonNegativeExpense, 'Pflegeversicherung des Kindes, Kind versichert'),
    refunded: leaf('E0503410', nonNegativeExpense, 'Erstattungen, Kind versichert'),
    refunded_with_sick_pay: leaf('E0503509', nonNegativeExpense, 'Erstattungen mit Krankengeld, Kind versichert'),
    subsidy: leaf('E0503610', nonNegativeExpense, 'Zuschüsse Dritter'),
  }),
};

/** Kind/KV_PV_ausl/AW: insurance abroad comparable to the statutory one. */
export const childInsuranceAbroad: Fields = {
  contributions: leaf('E0503822', nonNegativeExpense, 'Versicherung des Kindes im Ausland'),
  with_sick_pay: leaf('E0503823', nonNegativeExpense, 'Darin mit Krankengeld, Ausland'),
};
