// Anlage AV: Riester contributions as special expenses (§ 10a EStG): per person whether they are
// directly or indirectly entitled (§ 10a Abs. 1, § 79 EStG) and the previous year's income the
// allowance is measured by, and the contracts for which a further deduction is or is not wanted.
import { digits, incomeUpTo, leaf, list, matching, personLeaf, text, tick, type Anlage } from '#shared/forms/est/anlagen/map.ts';

/** A contract as the provider's certificate names it: provider number, certification number, contract number. */
const contracts = (ids: readonly [string, string, string]) =>
  list('Vertr', 9, {
    provider: leaf(ids[0], digits(10), 'Anbieternummer'),
    certification: leaf(ids[1], matching(/^00\d{4}$/, 'six digits starting with 00'), 'Zertifizierungsnummer'),
    contract: leaf(ids[2], text(20), 'Vertragsnummer'),
  });

export const avAnlage: Anlage = {
  key: 'riester',
  element: 'AV',
  label: 'Anlage AV',
  fields: {
    entitlement: list('Ber_Grundl', 2, {
      person: personLeaf,
      direct: leaf('Begue_unmitt/E2003901', tick('1'), 'Unmittelbar begünstigt'),
      contributory_income: leaf('Begue_unmitt/E2004001', incomeUpTo(6), 'Beitragspflichtige Einnahmen des Vorjahres'),
      civil_service_pay: leaf('Begue_unmitt/E2004101', incomeUpTo(6), 'Besoldung und Amtsbezüge des Vorjahres'),
    }),
    no_further_deduction: list('Kein_SA_Abz', 2, {
      person: personLeaf,
      claimed: leaf('E2023101', tick('1'), 'Kein weiterer Sonderausgabenabzug'),
      contracts: contracts(['E2023201', 'E2023202', 'E2023301']),
    }),
    further_deduction: list('Doch_SA_Abz', 2, {
      person: personLeaf,
      claimed: leaf('E2024103', tick('1'), 'Doch Sonderausgabenabzug'),
      contracts: contracts(['E2024202', 'E2024203', 'E2024301']),
    }),
  },
};
