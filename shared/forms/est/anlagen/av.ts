// Anlage AV: Riester contributions as special expenses (§ 10a EStG): per person the membership
// number of the farmers' old-age fund, whether they are directly or indirectly entitled (§ 10a
// Abs. 1, § 79 EStG) and the previous year's income the allowance is measured by (wage, pay, wage
// replacement, pensions for reduced earning capacity, farm income of two years before, foreign
// pension schemes), the children the allowance for children counts (§ 85 EStG, born before 2008 or
// after 2007, with the parents or another entitled person), and the contracts for which a further
// deduction is or is not wanted.
import { digits, income, incomeUpTo, matching, nonNegativeIncome, tally, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, perPerson, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';

/** A contract as the provider's certificate names it: provider number, certification number, contract number. */
const contracts = (ids: readonly [string, string, string]) =>
  list('Vertr', 9, {
    provider: leaf(ids[0], digits(10), 'Anbieternummer'),
    certification: leaf(ids[1], matching(/^00\d{4}$/, 'six digits starting with 00'), 'Zertifizierungsnummer'),
    contract: leaf(ids[2], text(20), 'Vertragsnummer'),
  });

const fields: Fields = {
  entitlement: perPerson('Ber_Grundl', {
    direct: leaf('Begue_unmitt/E2003901', tick('1'), 'Unmittelbar begünstigt'),
    contributory_income: leaf('Begue_unmitt/E2004001', incomeUpTo(6), 'Beitragspflichtige Einnahmen des Vorjahres'),
    civil_service_pay: leaf('Begue_unmitt/E2004101', incomeUpTo(6), 'Besoldung und Amtsbezüge des Vorjahres'),
    wage_replacement: leaf('Begue_unmitt/E2004201', nonNegativeIncome, 'Entgeltersatzleistungen des Vorjahres'),
    actual_pay: leaf('Begue_unmitt/E2004301', nonNegativeIncome, 'Tatsächliches Entgelt des Vorjahres'),
    reduced_earning_pension: leaf('Begue_unmitt/E2004401', nonNegativeIncome, 'Rente wegen voller Erwerbsminderung des Vorjahres'),
    incapacity_pension: leaf('Begue_unmitt/E2004501', nonNegativeIncome, 'Versorgungsbezüge wegen Dienstunfähigkeit des Vorjahres'),
    farm_income: leaf('Begue_unmitt/E2004601', income, 'Einkünfte aus Land- und Forstwirtschaft des vorletzten Jahres'),
    farmers_reduced_earning_pension: leaf('Begue_unmitt/E2004701', nonNegativeIncome, 'Rente wegen Erwerbsminderung aus der Alterssicherung der Landwirte'),
    foreign_scheme_pay: leaf('Begue_unmitt/E2004801', nonNegativeIncome, 'Einnahmen aus einer ausländisch rentenversicherten Beschäftigung'),
    indirect: leaf('Begue_mitt/E2004901', tick('2'), 'Mittelbar begünstigt'),
  }),
  farmers_fund: perPerson('Allg', { membership_number: leaf('E2003815', digits(11), 'Mitgliedsnummer der landwirtschaftlichen Alterskasse') }),
  children: group('Ang_Kinder', {
    parents_before_2008: group('Elt_Verh/Geb_v_2008', {
      mother: leaf('E2002103', tally(99), 'Kinder vor 2008 geboren, der Mutter zugeordnet'),
      moved_to_father: leaf('E2002204', tally(99), 'Kinder vor 2008 geboren, auf den Vater übertragen'),
      moved_separately: leaf('E2021801', tally(99), 'Kinder vor 2008 geboren, bei Einzelveranlagung übertragen'),
    }),
    parents_after_2007: group('Elt_Verh/Geb_n_2007', {
      mother: leaf('E2002104', tally(99), 'Kinder nach 2007 geboren, der Mutter zugeordnet'),
      moved_to_father: leaf('E2002205', tally(99), 'Kinder nach 2007 geboren, auf den Vater übertragen'),
      moved_separately: leaf('E2021802', tally(99), 'Kinder nach 2007 geboren, bei Einzelveranlagung übertragen'),
    }),
    others_before_2008: group('And_KiG_Berecht/Geb_v_2008', {
      person_a: leaf('E2005101', tally(99), 'Kinder vor 2008 geboren, Kindergeld für Person A'),
      person_b: leaf('E2005201', tally(99), 'Kinder vor 2008 geboren, Kindergeld für Person B'),
    }),
    others_after_2007: group('And_KiG_Berecht/Geb_n_2007', {
      person_a: leaf('E2005102', tally(99), 'Kinder nach 2007 geboren, Kindergeld für Person A'),
      person_b: leaf('E2005202', tally(99), 'Kinder nach 2007 geboren, Kindergeld für Person B'),
    }),
  }),
  no_further_deduction: perPerson('Kein_SA_Abz', {
    claimed: leaf('E2023101', tick('1'), 'Kein weiterer Sonderausgabenabzug'),
    contracts: contracts(['E2023201', 'E2023202', 'E2023301']),
  }),
  further_deduction: perPerson('Doch_SA_Abz', {
    claimed: leaf('E2024103', tick('1'), 'Doch Sonderausgabenabzug'),
    contracts: contracts(['E2024202', 'E2024203', 'E2024301']),
  }),
};

export const avAnlage: Anlage = {
  key: 'riester',
  element: 'AV',
  label: 'Anlage AV',
  fields,
  // Up to 2023 the farmers' fund comes before the entitlement (E10-2023.xsd), from 2024 after it.
  earlier: { until: 2023, fields: { farmers_fund: fields.farmers_fund!, ...fields }, toShape: (value: unknown) => value, fromShape: (value: unknown) => value },
};
