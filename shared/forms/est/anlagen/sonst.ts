// ESt 1 A, "Sonstige Angaben und Anträge" (E10's own element Sonst): the reduction for income that
// inheritance tax already burdened (§ 35b EStG), the deduction for protected cultural assets
// (§ 10g EStG, the shares determined for partnerships from 2023), the carry-forwards determined at
// the end of the year before (donations § 10b, losses § 10d, negative income from third states
// § 2a Abs. 1 Satz 5, the allowance for old investment fund units § 56 Abs. 6 InvStG), the waiver of
// a loss carry-back (§ 10d Abs. 1 Satz 5) with the negative income of § 2b EStG, the spouses'
// allocation of deductions (§ 26a Abs. 2 EStG) and the deferral for a research allowance
// (FZulG). The energy price allowance of 2022 (EPP) is not carried.
import { nonNegativeIncome, positiveIncome, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, leaf, list, perPerson, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** Per person: that the tax office determined something at the end of the year before (`at`), ticked. */
const determined = (at: string, id: string, label: string) => perPerson(at, { determined: leaf(id, tick('1'), label) });

export const sonstAnlage: Anlage = {
  key: 'miscellaneous',
  element: 'Sonst',
  label: 'Sonstige Angaben und Anträge',
  fields: {
    inheritance_tax_reduction: leaf('Belast_ErbSt/E0107802', tick('1'), 'Steuerermäßigung nach § 35b EStG beantragt'),
    inheritance_burdened_income: leaf('Belast_ErbSt/E0109104', positiveIncome, 'Mit Erbschaftsteuer belastete Einkünfte (§ 35b EStG)'),
    inheritance_tax_assessed: leaf('Belast_ErbSt/E0109105', positiveIncome, 'Festgesetzte Erbschaftsteuer'),
    inheritance_acquisition: leaf('Belast_ErbSt/E0109106', positiveIncome, 'Erbschaftsteuerpflichtiger Erwerb mit Freibeträgen'),
    inheritance_income_reduced_rate: leaf('Belast_ErbSt/E0109107', tick('1'), 'Darin ermäßigt besteuerte Einkünfte', {
      earlier: { until: 2022, format: tick('X') },
    }),
    inheritance_notes: leaf('Belast_ErbSt/E0109108', text(), 'Erläuterungen zu § 35b EStG'),
    cultural_assets: leaf('Schutz_Kulturg/E0107711', nonNegativeIncome, 'Abzugsbetrag für schutzwürdige Kulturgüter (§ 10g EStG)'),
    cultural_asset_shares: perPerson(from2023('Schutz_Kulturg/Ant_Schutz_Kulturg'), {
      shares: list(from2023('Einz'), 10, {
        ...namedWithOffice([from2023('E0191001'), from2023('E0191102'), from2023('E0191103')], 'Gemeinschaft oder Gesellschaft', 'partnership'),
        amount: leaf(from2023('E0191204'), nonNegativeIncome, 'Festgestellter Betrag nach § 10g EStG'),
      }),
      shares_total: total(from2023('Sum/E0191205'), ['shares', 'amount'], 'down'),
    }),
    donation_carry_forward: determined('Spend_Vortr', 'E0190601', 'Spendenvortrag zum Ende des Vorjahres festgestellt'),
    loss_carry_forward: determined('Verl_Abz/Vortrag', 'E0190701', 'Verlustvortrag zum Ende des Vorjahres festgestellt'),
    no_loss_carry_back: leaf('Verl_Abz/Ruecktrag/E0190802', tick('1'), 'Kein Verlustrücktrag (§ 10d Abs. 1 Satz 5 EStG)'),
    section_2b_losses: perPerson('Verl_Abz/Ruecktrag/Par_2b', {
      items: list('Neg_Eink', 5, {
        source: leaf('E0109402', text(), 'Objekt, Finanzamt, Steuernummer (§ 2b EStG)'),
        amount: leaf('E0109403', nonNegativeIncome, 'Negative Einkünfte nach § 2b EStG'),
      }),
    }),
    third_state_losses: determined('Neg_Ek_Drittst', 'E0190903', 'Negative Einkünfte aus Drittstaaten festgestellt (§ 2a EStG)'),
    old_fund_units_allowance: determined('FB_Alt_Ant_InvStG', 'E0190901', 'Freibetrag für Alt-Anteile an Investmentfonds festgestellt'),
    deductions_allocated: leaf('EVEG/E0109504', tick('1'), 'Abzüge anders als hälftig aufgeteilt (§ 26a Abs. 2 EStG)'),
    research_allowance_deferral: leaf('FZul/E0191202', tick('1'), 'Zurückstellung bis zur Forschungszulage beantragt'),
    research_allowance_notes: leaf('FZul/E0191203', text(), 'Erläuterungen zur Forschungszulage'),
  },
};
