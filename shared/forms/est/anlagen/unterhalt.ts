// Anlage Unterhalt (ESt1A_U), one per household maintained (at most 99): maintenance paid to a
// person the taxpayer supports (§ 33a Abs. 1 EStG): the household, the payments and the persons
// with their IdNr. From 2023 a payment holds its support period (AW_U/U_Ztr); 2022's form orders
// them otherwise (E10-2022.xsd: AW_U/U_Ztr and U_Zlg), which the map does not describe.
import { count, date, expense, leaf, list, period, text, yesNo, idnr, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const unterhaltAnlage: Anlage = {
  key: 'maintenance',
  element: 'ESt1A_U',
  many: 99,
  from: 2023,
  label: 'Anlage Unterhalt',
  fields: {
    household_address: leaf('HH_unt_P/E0120101', text(), 'Anschrift des Haushalts'),
    household_persons: leaf('HH_unt_P/E0120108', count(99), 'Personen im Haushalt'),
    payments: list('AW_U/U_Ztr', 12, {
      supported: leaf('E0120109', period, 'Unterstützungszeitraum'),
      paid: leaf('E0120104', period, 'Zeitraum der Zahlungen'),
      amount: leaf('E0120103', expense, 'Unterhaltszahlungen'),
    }),
    persons: list('Ang_Unt_Pers', 9, {
      idnr: leaf('Allg/Persoenl/E0120211', idnr, 'Identifikationsnummer der unterstützten Person'),
      name: leaf('Allg/Persoenl/E0120201', text(), 'Name, Vorname'),
      birth_date: leaf('Allg/Persoenl/E0120203', date, 'Geburtsdatum'),
      relation: leaf('Allg/Persoenl/E0120701', text(), 'Verwandtschaftsverhältnis'),
      in_my_household: leaf('Allg/U_Berecht/E0122505', yesNo, 'Lebte in meinem inländischen Haushalt'),
      child_benefit_for_them: leaf('Allg/U_Berecht/E0122613', yesNo, 'Anspruch auf Kindergeld für diese Person'),
    }),
  },
};
