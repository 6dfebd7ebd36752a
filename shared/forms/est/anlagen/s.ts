// Anlage S, per person: profits from self-employment (§ 18 EStG) as the person's own accounts found
// them, each activity on its line, and the shares in partnerships their tax offices determined
// (§ 180 Abs. 1 Nr. 2 Buchst. a AO). From 2023 the partnership's tax office and tax number have
// their own fields; 2022 takes them in the description.
import { businessId, income, leaf, list, personLeaf, taxNumber, text, total, group, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const sAnlage: Anlage = {
  key: 'self_employment',
  element: 'S',
  many: 2,
  label: 'Anlage S',
  fields: {
    person: personLeaf,
    professions: list('Gewinn/Freiber_T', 2, {
      activity: leaf('E0803101', text(), 'Berufsbezeichnung oder Tätigkeit'),
      business_id: leaf({ 2022: null, 2024: 'E0820501' }, businessId, 'Wirtschafts-Identifikationsnummer'),
      profit: leaf('E0803202', income, 'Gewinn aus freiberuflicher Tätigkeit'),
    }),
    partnerships: list('Gewinn/Ges_Fest/Einz', 99, {
      name: leaf('E0803301', text(), 'Gesellschaft (2022: mit Finanzamt und Steuernummer)'),
      tax_office: leaf({ 2022: null, 2023: 'E0820601' }, text(), 'Finanzamt'),
      tax_number: leaf({ 2022: null, 2023: 'E0820701' }, taxNumber, 'Steuernummer'),
      share: leaf('E0800505', income, 'Anteil an Gewinnen aus Gemeinschaften'),
    }),
    partnerships_total: total('Gewinn/Ges_Fest/Sum/E0803402', ['partnerships', 'share'], 'down'),
    first_participation: group('Gewinn/Beteil_1', {
      name: leaf('E0803501', text(), 'Beteiligung (2022: mit Finanzamt und Steuernummer)'),
      tax_office: leaf({ 2022: null, 2023: 'E0820801' }, text(), 'Finanzamt'),
      tax_number: leaf({ 2022: null, 2023: 'E0820901' }, taxNumber, 'Steuernummer'),
      share: leaf('E0803602', income, 'Anteil an Gewinnen aus Beteiligungen'),
    }),
    other_activities: list('Gewinn/So_selb_A/Einz', 99, {
      activity: leaf('E0803901', text(), 'Sonstige selbständige Tätigkeit'),
      business_id: leaf({ 2022: null, 2024: 'E0821703' }, businessId, 'Wirtschafts-Identifikationsnummer'),
      profit: leaf('E0803902', income, 'Gewinn aus sonstiger selbständiger Arbeit'),
    }),
    other_activities_total: total('Gewinn/So_selb_A/Sum/E0804002', ['other_activities', 'profit'], 'down'),
  },
};
