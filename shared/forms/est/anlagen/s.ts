// Anlage S, per person: profits from self-employment (§ 18 EStG) as the person's own accounts found
// them, each activity on its line, the shares in partnerships their tax offices determined
// (§ 180 Abs. 1 Nr. 2 Buchst. a AO), models of § 15b EStG, carried interest of venture capital
// companies, the sale or giving up of a practice (§ 16 EStG via § 18 Abs. 3: the gain before the
// allowance, gains without it and losses, which 2024's form names each with its tax office), side
// activities with their tax-free part and the reduction of § 11 AStG (from 2024). From 2023 a
// partnership's tax office and tax number have their own fields; 2022 takes them in the description.
import { code, count, income, nonNegativeIncome, positiveIncome, taxNumber, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, from2024, group, leaf, list, perPersonAnlage, total, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { businessLine, namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** A share determined by a partnership's tax office (from 2023 with the office and tax number apart): its name, office, tax number and amount. */
const share = (ids: readonly [string, string, string, string], label: string): Fields => ({
  ...namedWithOffice([ids[0], from2023(ids[1]), from2023(ids[2])], 'Gesellschaft'),
  amount: leaf(ids[3], income, label),
});

/** A business or share sold (from 2024 named with its tax office, S/VAe_Gew): its name, office and tax number. */
const sold = (at: string, ids: readonly [string, string, string], prefix = 'sale'): Fields => ({
  [`${prefix}_name`]: leaf(from2024(`${at}${ids[0]}`), text(), 'Betrieb, Teilbetrieb oder Mitunternehmeranteil'),
  [`${prefix}_tax_office`]: leaf(from2024(`${at}${ids[1]}`), text(), 'Finanzamt'),
  [`${prefix}_tax_number`]: leaf(from2024(`${at}${ids[2]}`), taxNumber, 'Steuernummer'),
});
/** A line of the sale that 2022's and 2023's form has in Vor_FB and 2024's in `at`. */
const moved = (at: string, id: string) => ({ 2022: `Vor_FB/${id}`, 2024: `${at}/${id}` });

/** Activities of one kind on their lines below `at` (`key`), each with its W-IdNr and profit, and their total (`key_total`); ids in that order. */
const activities = (key: string, at: string, ids: readonly [string, string, string, string], labels: { name: string; profit: string }): Fields => ({
  [key]: list(`${at}/Einz`, 99, businessLine('activity', [ids[0], ids[1], ids[2]], labels)),
  [`${key}_total`]: total(`${at}/Sum/${ids[3]}`, [key, 'profit'], 'down'),
});

export const sAnlage = perPersonAnlage(
  { key: 'self_employment', element: 'S', label: 'Anlage S' },
  {
    professions: list(
      'Gewinn/Freiber_T',
      2,
      businessLine('activity', ['E0803101', 'E0820501', 'E0803202'], {
        name: 'Berufsbezeichnung oder Tätigkeit',
        profit: 'Gewinn aus freiberuflicher Tätigkeit',
      }),
    ),
    partnerships: list('Gewinn/Ges_Fest/Einz', 99, {
      ...namedWithOffice(['E0803301', from2023('E0820601'), from2023('E0820701')], 'Gesellschaft (2022: mit Finanzamt und Steuernummer)'),
      share: leaf('E0800505', income, 'Anteil an Gewinnen aus Gemeinschaften'),
    }),
    partnerships_total: total('Gewinn/Ges_Fest/Sum/E0803402', ['partnerships', 'share'], 'down'),
    first_participation: group('Gewinn/Beteil_1', {
      ...namedWithOffice(['E0803501', from2023('E0820801'), from2023('E0820901')], 'Beteiligung (2022: mit Finanzamt und Steuernummer)'),
      share: leaf('E0803602', income, 'Anteil an Gewinnen aus Beteiligungen'),
    }),
    further_participations: list('Gewinn/Weit_Beteil/Einz', 99, share(['E0803701', 'E0821001', 'E0821002', 'E0803804'], 'Anteil an weiteren Beteiligungen')),
    further_participations_total: total('Gewinn/Weit_Beteil/Sum/E0803802', ['further_participations', 'amount'], 'down'),
    tax_shelter_models: list('Gewinn/Ges_Gem_P15b/Einz', 99, {
      name: leaf('E0803905', text(), 'Gesellschaft, Gemeinschaft oder Modell (§ 15b EStG)'),
      amount: leaf('E0803908', income, 'Einkünfte aus Modellen nach § 15b EStG'),
    }),
    tax_shelter_models_total: total('Gewinn/Ges_Gem_P15b/Sum/E0803906', ['tax_shelter_models', 'amount'], 'down'),
    ...activities('other_activities', 'Gewinn/So_selb_A', ['E0803901', 'E0821703', 'E0803902', 'E0804002'], {
      name: 'Sonstige selbständige Tätigkeit',
      profit: 'Gewinn aus sonstiger selbständiger Arbeit',
    }),
    ...activities('further_activities', 'Gewinn/Weit_Taet', ['E0804101', 'E0821902', 'E0804204', 'E0804202'], {
      name: 'Weitere selbständige Tätigkeit',
      profit: 'Gewinn aus weiterer selbständiger Tätigkeit',
    }),
    partial_income_exempt: leaf('Gewinn/TEV_stfr_T/E0804401', income, 'Steuerfreier Teil nach dem Teileinkünfteverfahren'),
    reorganisation_income: leaf('Gewinn/P_Ek_P2_Abs_4_UmwStG/E0821301', nonNegativeIncome, 'Positive Einkünfte (§ 2 Abs. 4 UmwStG)'),
    carried_interest_until_2008: list(
      'Gewinn/Stpfl_LVerg_WagnKapG_bis_2008/Einz',
      99,
      share(['E0804301', 'E0821601', 'E0821702', 'E0801201'], 'Leistungsvergütungen aus Wagniskapitalgesellschaften (bis 2008)'),
    ),
    carried_interest_until_2008_total: total('Gewinn/Stpfl_LVerg_WagnKapG_bis_2008/Sum/E0804403', ['carried_interest_until_2008', 'amount'], 'down'),
    carried_interest_from_2009: list(
      'Gewinn/Stpfl_Lverg_WagnKapG_ab_2009/Einz',
      99,
      share(['E0801304', 'E0821801', 'E0821901', 'E0801305'], 'Leistungsvergütungen aus Wagniskapitalgesellschaften (ab 2009)'),
    ),
    carried_interest_from_2009_total: total('Gewinn/Stpfl_Lverg_WagnKapG_ab_2009/Sum/E0801306', ['carried_interest_from_2009', 'amount'], 'down'),
    forms_34a: leaf('Gewinn/Gewinn/E0801303', count(999), 'Anzahl der Anlagen 34a'),
    restructuring_gains: leaf('Gewinn/San_3a/E0821701', tick('1'), 'Steuerfreie Sanierungserträge (§ 3a EStG)'),
    sale: group('VAe_Gew', {
      ...sold('Vor_FB/', ['E0823001', 'E0823101', 'E0823201']),
      gain: leaf('Vor_FB/E0804501', income, 'Veräußerungsgewinn vor dem Freibetrag (§ 16 Abs. 4 EStG)'),
      gain_partial_income: leaf('Vor_FB/E0804903', income, 'Darin steuerpflichtiger Teil (Teileinkünfteverfahren)'),
      allowance_claimed: leaf('Vor_FB/E0823302', nonNegativeIncome, 'Freibetrag bereits in Anspruch genommen (Betrag)'),
      reduced_rate_claimed: leaf('Vor_FB/E0823401', nonNegativeIncome, 'Ermäßigter Steuersatz beantragt (Betrag)'),
      gain_reduced_rate: leaf('Vor_FB/E0805003', income, 'Veräußerungsgewinn mit ermäßigtem Steuersatz'),
      ...sold('VAe_G_kein_FB/', ['E0823801', 'E0823902', 'E0824001'], 'other_sale'),
      other_gain: leaf(moved('VAe_G_kein_FB', 'E0804601'), income, 'Veräußerungsgewinne ohne Freibetrag'),
      other_gain_partial_income: leaf(moved('VAe_G_kein_FB', 'E0805203'), income, 'Darin steuerpflichtiger Teil ohne Freibetrag (Teileinkünfteverfahren)'),
      other_reduced_rate: leaf(moved('VAe_G_kein_FB', 'E0823701'), code({ all: '1', some: '2' }), 'Ermäßigter Steuersatz bereits in Anspruch genommen'),
      other_reduced_rate_elsewhere: leaf(moved('VAe_G_kein_FB', 'E0823901'), tick('1'), 'Ermäßigter Steuersatz für eine andere Veräußerung'),
      other_gain_reduced_rate: leaf(moved('VAe_G_kein_FB', 'E0805305'), income, 'Darin Gewinn mit ermäßigtem Steuersatz'),
      other_gain_reduced_rate_partial: leaf(moved('VAe_G_kein_FB', 'E0805403'), income, 'Darin steuerpflichtiger Teil mit ermäßigtem Steuersatz'),
      ...sold('VAe_Verl_16/', ['E0824701', 'E0824801', 'E0824901'], 'loss'),
      loss: leaf(moved('VAe_Verl_16', 'E0822201'), positiveIncome, 'Veräußerungsverlust (§ 16 EStG)'),
      loss_partial_income: leaf(moved('VAe_Verl_16', 'E0822301'), income, 'Darin steuerpflichtiger Teil des Verlusts (Teileinkünfteverfahren)'),
      buyer_related: leaf(
        { 2022: 'Vor_FB/VAeGew_o_VAeVerl/E0804701', 2024: 'VAeGew_o_VAeVerl/E0804701' },
        tick('X'),
        'Erwerber ist eine Gesellschaft mit Beteiligung der veräußernden Person',
      ),
      over_several_years: leaf(
        { 2022: 'Vor_FB/VAeGew_o_VAeVerl/E0802209', 2024: 'VAeGew_o_VAeVerl/E0802209' },
        tick('X'),
        'Betriebsaufgabe über mehr als ein Kalenderjahr',
      ),
      buyer_explanation: leaf(
        { 2022: 'Vor_FB/VAeGew_o_VAeVerl/E0802206', 2024: 'VAeGew_o_VAeVerl/E0802206' },
        text(),
        'Erläuterung zur Beteiligung am Erwerber',
      ),
    }),
    other: group('Sonst', {
      tax_free_income: leaf('E0804901', nonNegativeIncome, 'Darin steuerfreie Einnahmen'),
      side_activities: list('Einn_neb_berufl_Taet', 99, {
        activity: leaf('E0805301', text(), 'Nebenberufliche Tätigkeit'),
        amount: leaf('E0805302', nonNegativeIncome, 'Einnahmen aus nebenberuflicher Tätigkeit'),
        tax_free: leaf('E0805303', nonNegativeIncome, 'Davon steuerfrei'),
        rest_in: leaf('E0805304', text(), 'Rest enthalten in Zeile'),
      }),
    }),
    section_11_astg: leaf(from2024('Kuerz_11_AStG/E0825701'), nonNegativeIncome, 'Kürzungsbetrag (§ 11 AStG)'),
    section_11_astg_listing: leaf(from2024('Kuerz_11_AStG/E0825702'), text(), 'Aufstellung zum Kürzungsbetrag (§ 11 AStG)'),
  },
);
