// Anlage FW, one per dwelling (at most 99): the promotion of owner-occupied housing under the old
// law, as far as it still runs: the dwelling, its owners and use, the deductions for listed
// buildings and urban redevelopment used as one's own home (§ 10f EStG) and a partnership's share
// of them, the deduction for a dwelling bought or built before 1996 (§ 10e EStG) with its costs,
// basis and catch-ups, the child reduction of § 34f Abs. 2 and 3 EStG, and public subsidies. The
// sums of the costs of § 10e are computed where a body leaves them out and held to their lines
// where it gives them. 2022's form has the two questions on the location directly after the
// address, before the owners (E10-2022.xsd: FW/Allg), which `earlier` describes.
import { area, date, expense, nonNegativeExpense, nonNegativeIncome, percent, tally, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, group, leaf, list, reordered, sumOf, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

const ticked = tick('X');

/** Costs of land and building under § 10e EStG (AK_HK, and N_AK_HK for later ones): the land, the half of it that counts, the building. */
const costs = (ids: readonly [string, string, string], label: string): Fields => ({
  land: leaf(ids[0], expense, `Grund und Boden (${label})`),
  land_half: leaf(ids[1], expense, `Grund und Boden, davon 50 % (${label})`),
  building: leaf(ids[2], expense, `Gebäude (${label})`),
});

const fields: Fields = {
  location: leaf('Allg/E0400101', text(), 'Lage der Wohnung'),
  owners: list('Allg/Eigent', 5, {
    name: leaf('E0400201', text(), 'Eigentümer'),
    share: leaf('E0400203', percent, 'Miteigentumsanteil (in %)'),
  }),
  holiday_area: leaf({ 2022: 'Allg/E0400102', 2023: 'Allg/Weit_Ang/E0400102' }, ticked, 'In einem Ferien- oder Wochenendgebiet'),
  permanent_living_allowed: leaf({ 2022: 'Allg/E0400103', 2023: 'Allg/Weit_Ang/E0400103' }, ticked, 'Zum Dauerwohnen zugelassen'),
  single_family_or_flat: leaf('Allg/Weit_Ang/E0403001', ticked, 'Einfamilienhaus oder Eigentumswohnung'),
  other_house: leaf('Allg/Weit_Ang/E0403002', ticked, 'Anderes Haus'),
  flats: leaf('Allg/Weit_Ang/E0403003', tally(999_999_999), 'Anzahl der Wohnungen'),
  flats_own_use: leaf('Allg/Weit_Ang/E0403004', tally(999_999_999), 'Davon selbst genutzt'),
  extension: leaf('Allg/Weit_Ang/E0403005', ticked, 'Ausbau oder Erweiterung einer selbst genutzten Wohnung'),
  purchase_contract_on: leaf('Allg/Weit_Ang/E0403101', date, 'Datum des Kaufvertrags'),
  building_application_on: leaf('Allg/Weit_Ang/E0403102', date, 'Datum des Bauantrags'),
  construction_started_on: leaf('Allg/Weit_Ang/E0403103', date, 'Beginn der Bauarbeiten'),
  acquired_on: leaf('Allg/Weit_Ang/E0403104', date, 'Angeschafft am'),
  completed_on: leaf('Allg/Weit_Ang/E0403105', date, 'Fertiggestellt am'),
  own_use_from: leaf('Allg/Weit_Ang/E0403106', date, 'Selbst genutzt seit'),
  usable_area: leaf('Allg/Weit_Ang/E0403107', area, 'Nutzfläche des Hauses (in m²)'),
  follow_up_object: leaf('Allg/Weit_Ang/E0403201', ticked, 'Abzugsbetrag für ein Folgeobjekt'),
  flat_area: leaf('Allg/Weit_Ang/E0403203', area, 'Fläche der Wohnung, der Erweiterung oder des Anbaus (in m²)'),
  business_area: leaf('Allg/Weit_Ang/E0403204', area, 'Davon beruflich genutzt oder vermietet (in m²)'),
  home_bonus_applied: leaf('Allg/Weit_Ang/E0403302', ticked, 'Eigenheimzulage beantragt'),
  earlier_objects: leaf('Allg/Weit_Ang/E0403301', text(), 'Objekte mit früheren Abzugsbeträgen oder erhöhten Absetzungen'),
  section_10f_before_2004: group('Abz_Betr_P10f/Ant_Unt_v_2004', {
    as_last_year: leaf('E0401001', ticked, 'Wie im Vorjahr (§ 10f EStG, Beginn vor 2004)'),
    completed_this_year: leaf('E0401002', expense, 'Aufwendungen, in diesem Jahr fertiggestellt (§ 10f EStG, Beginn vor 2004)'),
    deduction: leaf('E0401003', expense, 'Abzugsbetrag bis zu 10 % (§ 10f EStG)'),
  }),
  section_10f_after_2003: group('Abz_Betr_P10f/Ant_Unt_n_2003', {
    as_last_year: leaf('E0401402', ticked, 'Wie im Vorjahr (§ 10f EStG, Beginn nach 2003)'),
    completed_this_year: leaf('E0401101', expense, 'Aufwendungen, in diesem Jahr fertiggestellt (§ 10f EStG, Beginn nach 2003)'),
    deduction: leaf('E0401102', expense, 'Abzugsbetrag bis zu 9 % (§ 10f EStG)'),
  }),
  section_10f_share: group(from2023('Ant_10f'), {
    ...namedWithOffice(['E0402801', 'E0401801', 'E0401802'], 'Gemeinschaft oder Gesellschaft'),
    amount: leaf('E0402901', nonNegativeExpense, 'Festgestellter Betrag nach § 10f EStG'),
  }),
  section_10e: group('Abz_Betr_P10e/KV_BA_Hbeg_v_1996', {
    as_last_year: leaf('E0403401', ticked, 'Abzugsbetrag wie im Vorjahr (§ 10e EStG)'),
    special_calculation: leaf('E0403501', ticked, 'Abzugsbetrag nach besonderer Berechnung (§ 10e EStG)'),
    amount: leaf('E0403402', expense, 'Abzugsbetrag (§ 10e EStG)'),
    catch_up_special: leaf('Nachhol_Abz_VZ/E0401803', nonNegativeExpense, 'Nachholung nach besonderer Berechnung (§ 10e EStG)'),
    catch_up_claimed: leaf('Nachhol_Abz_VZ/E0401804', nonNegativeExpense, 'Davon in diesem Jahr in Anspruch genommen (§ 10e EStG)'),
    costs: group('AK_HK', costs(['E0403601', 'E0403602', 'E0403603'], 'Anschaffungs- oder Herstellungskosten')),
    later_costs: group('N_AK_HK', costs(['E0403701', 'E0403702', 'E0403703'], 'nachträgliche Kosten')),
    listing_submitted: leaf('Zus_Stell_AW/E0403604', ticked, 'Zusammenstellung der Aufwendungen lag vor'),
    listing_attached: leaf('Zus_Stell_AW/E0403704', ticked, 'Zusammenstellung der Aufwendungen beigefügt'),
    land_total: leaf('Sum/E0403801', expense, 'Grund und Boden, davon 50 % (Summe)', { computed: sumOf('costs.land_half', 'later_costs.land_half') }),
    building_total: leaf('Sum/E0403802', expense, 'Gebäude (Summe)', { computed: sumOf('costs.building', 'later_costs.building') }),
    costs_total: leaf('Sum/E0403803', expense, 'Gesamtsumme der Kosten (§ 10e EStG)', { computed: sumOf('land_total', 'building_total') }),
    own_flat_percent: leaf('Ant_eig_Whg/E0403901', percent, 'Anteil der eigenen Wohnung (in %)'),
    own_flat_amount: leaf('Ant_eig_Whg/E0403902', expense, 'Kosten der eigenen Wohnung'),
    business_use: leaf('Ntzg_betr_beruf/E0404001', text(), 'Art der beruflichen Nutzung'),
    business_use_percent: leaf('Ntzg_betr_beruf/E0404002', percent, 'Anteil der beruflichen Nutzung (in %)'),
    business_use_amount: leaf('Ntzg_betr_beruf/E0404003', expense, 'Kosten der beruflichen Nutzung'),
    basis: leaf('BMG/E0404101', expense, 'Bemessungsgrundlage (§ 10e EStG)'),
    six_percent: leaf('Abz_Betr/E0404201', ticked, '6 % (erstes bis viertes Jahr)'),
    five_percent: leaf('Abz_Betr/E0404202', ticked, '5 % (fünftes bis achtes Jahr)'),
    catch_up: leaf('Nachhol_Abz/E0404301', expense, 'Nachholung von Abzugsbeträgen'),
    catch_up_percent: leaf('Nachhol_Abz/E0404302', percent, 'Davon in %'),
    catch_up_share: leaf('Nachhol_Abz/E0404303', expense, 'Anteiliger Nachholungsbetrag'),
    catch_up_earlier: leaf('Nachhol_Abz/E0404401', expense, 'In früheren Jahren nicht in Anspruch genommene Abzugsbeträge'),
    catch_up_total: leaf('Nachhol_Abz/E0404402', expense, 'Summe der Abzugsbeträge (§ 10e EStG)'),
    claimed: leaf('Anspruch_VZ/E0404501', expense, 'In Anspruch genommener Abzugsbetrag (§ 10e EStG)'),
  }),
  children: leaf('St_Erm_Kind/P34f_Abs_2_3/E0405901', tally(999_999_999), 'Kinder im Haushalt im Begünstigungszeitraum'),
  children_unused: leaf('St_Erm_Kind/P34f_Abs_2_3/E0405902', nonNegativeExpense, 'In Vorjahren nicht berücksichtigter Betrag (§ 34f EStG)'),
  subsidies: leaf('Zus_Ang_Zuschue/E0402204', nonNegativeIncome, 'Zuschüsse aus öffentlichen Mitteln'),
  subsidies_explanation: leaf('Zus_Ang_Zuschue/E0402205', text(), 'Erläuterung der Zuschüsse'),
};

const { location, owners, holiday_area: holiday, permanent_living_allowed: permanent, ...rest } = fields;

export const fwAnlage: Anlage = {
  key: 'home_ownership',
  element: 'FW',
  many: 99,
  label: 'Anlage FW',
  fields,
  earlier: reordered(2022, { location: location!, holiday_area: holiday!, permanent_living_allowed: permanent!, owners: owners!, ...rest }, 99),
};
