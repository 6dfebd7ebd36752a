// Anlage KAP, per person: capital income (§ 20 EStG) with and without German withholding tax, the
// saver's allowance used (§ 20 Abs. 9 EStG), the applications for the more favourable assessment
// (§ 32d Abs. 6 EStG) and for a review of the withholding (§ 32d Abs. 4 EStG), church tax liability
// (§ 51a Abs. 2d EStG) and the taxes withheld (§ 36 Abs. 2 Nr. 2 EStG). Foreign capital income
// comes with the foreign taxes credited, creditable and not yet credited, and fictitious (notional
// withholding a tax treaty grants) (§ 32d Abs. 5 EStG, § 34c EStG). The amounts of the bank's
// statement may be corrected, each with its reason; income taxed at the progressive rate (§ 32d
// Abs. 2 EStG, the additions of §§ 10, 15 AStG), the reduced rate of § 34 EStG, the restricted
// credit of § 36a EStG and models of § 15b EStG have lines of their own. Finanzamt and tax number
// of a partnership or foundation are fields from 2024 (E10-2024.xsd).
import { cents, income, incomeUpTo, nonNegativeCents, nonNegativeIncome, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2024, group, leaf, list, perPersonAnlage } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** An amount of the bank's statement as corrected (Korr_Betr), under the key of the statement's field, and the reason for the correction. */
const corrected = (amount: string, key: string, reason: string) => ({
  [key]: leaf(amount, nonNegativeIncome, `Korrigiert: ${labels[key]}`),
  [`${key}_reason`]: leaf(reason, text(), `Erläuterung zur Korrektur: ${labels[key]}`),
});
const labels: Record<string, string> = {
  income: 'Kapitalerträge',
  sale_gains: 'Gewinne aus Aktienveräußerungen',
  option_premiums: 'Stillhalterprämien und Termingeschäfte',
  grandfathered_fund_gains: 'Gewinne aus bestandsgeschützten Alt-Anteilen',
  replacement_income: 'Ersatzbemessungsgrundlage',
  losses: 'Verluste ohne Aktienveräußerungen',
  share_sale_losses: 'Verluste aus Aktienveräußerungen',
  forward_losses: 'Verluste aus Termingeschäften',
  bad_debt_losses: 'Verluste aus Forderungsausfällen',
};

export const kapAnlage = perPersonAnlage(
  { key: 'capital_income', element: 'KAP', label: 'Anlage KAP' },
  {
    more_favourable_assessment: leaf('Ant/E1900401', tick('1'), 'Günstigerprüfung beantragt'),
    withholding_review: leaf('Ant/E1900501', tick('1'), 'Überprüfung des Steuereinbehalts beantragt'),
    church_tax_liable: leaf('KiSt_Pfl/E1900601', tick('1'), 'Kirchensteuerpflichtig ohne Kirchensteuerabzug'),
    withheld_german: group('KapErt_inl_StAbz/Betr_lt_StBesch', {
      income: leaf('E1900701', income, 'Kapitalerträge mit Steuerabzug'),
      sale_gains: leaf('E1900901', income, 'Darin Gewinne aus Veräußerungen'),
      option_premiums: leaf('E1900904', nonNegativeIncome, 'Darin Stillhalterprämien und Termingeschäfte'),
      grandfathered_fund_gains: leaf('E1900804', nonNegativeIncome, 'Darin Gewinne aus bestandsgeschützten Alt-Anteilen'),
      replacement_income: leaf('E1901101', income, 'Darin Ersatzbemessungsgrundlage'),
      losses: leaf('E1901201', income, 'Nicht ausgeglichene Verluste ohne Aktienveräußerungen'),
      share_sale_losses: leaf('E1901301', income, 'Nicht ausgeglichene Verluste aus Aktienveräußerungen'),
      forward_losses: leaf('E1901403', nonNegativeIncome, 'Verluste aus Termingeschäften (mit Steuerabzug)'),
      bad_debt_losses: leaf('E1901502', nonNegativeIncome, 'Verluste aus Forderungsausfällen (mit Steuerabzug)'),
    }),
    withheld_german_corrected: group('KapErt_inl_StAbz/Korr_Betr', {
      ...corrected('E1900702', 'income', 'E1900703'),
      ...corrected('E1900902', 'sale_gains', 'E1900903'),
      ...corrected('E1900905', 'option_premiums', 'E1900906'),
      ...corrected('E1900805', 'grandfathered_fund_gains', 'E1900806'),
      ...corrected('E1901102', 'replacement_income', 'E1901103'),
      ...corrected('E1901202', 'losses', 'E1901203'),
      ...corrected('E1901302', 'share_sale_losses', 'E1901303'),
      ...corrected('E1901404', 'forward_losses', 'E1901405'),
      ...corrected('E1901503', 'bad_debt_losses', 'E1901504'),
    }),
    savers_allowance: group('Sp_PB', {
      on_reported: leaf('E1901401', incomeUpTo(4), 'Sparer-Pauschbetrag auf erklärte Erträge'),
      on_unreported: leaf('E1901402', incomeUpTo(4), 'Sparer-Pauschbetrag auf nicht erklärte Erträge'),
    }),
    without_withholding: group('KapErt_kein_inl_StAbz', {
      german: leaf('E1901501', income, 'Inländische Kapitalerträge ohne Steuerabzug'),
      foreign: leaf('E1901702', income, 'Ausländische Kapitalerträge'),
      sale_gains: leaf('E1901701', nonNegativeIncome, 'Darin Gewinne aus Aktienveräußerungen (ohne Steuerabzug)'),
      option_premiums: leaf('E1902102', nonNegativeIncome, 'Darin Stillhalterprämien und Termingeschäfte (ohne Steuerabzug)'),
      losses: leaf('E1901802', nonNegativeIncome, 'Darin Verluste ohne Aktienveräußerungen (ohne Steuerabzug)'),
      share_sale_losses: leaf('E1901903', nonNegativeIncome, 'Darin Verluste aus Aktienveräußerungen (ohne Steuerabzug)'),
      forward_losses: leaf('E1902403', nonNegativeIncome, 'Verluste aus Termingeschäften (ohne Steuerabzug)'),
      bad_debt_losses: leaf('E1902501', nonNegativeIncome, 'Verluste aus Forderungsausfällen (ohne Steuerabzug)'),
      tax_refund_interest: leaf('E1902001', income, 'Erstattungszinsen des Finanzamts'),
      default_interest: leaf(from2024('E1902602'), nonNegativeIncome, 'Prozess- und Verzugszinsen'),
    }),
    progressive_rate: group('KapErt_tar_Est', {
      added_10_astg: leaf('HinzB_P10_AStG/E1902202', nonNegativeIncome, 'Hinzurechnungsbetrag nach § 10 AStG'),
      added_10_astg_reduction: leaf('Mind_HinzB/E1902703', nonNegativeIncome, 'Minderung des Hinzurechnungsbetrags (§ 10 Abs. 6 AStG)'),
      other_claims: leaf('Lfd_Ek_so_KapFord/E1902101', income, 'Laufende Einkünfte aus sonstigen Kapitalforderungen'),
      other_claims_sale: leaf('Gew_Verae_Einl_KapAnl/E1902201', income, 'Gewinn aus Veräußerung sonstiger Kapitalanlagen'),
      life_insurance: leaf('KapErt_LV/E1902302', income, 'Kapitalerträge aus Lebensversicherungen (§ 20 Abs. 1 Nr. 6 Satz 2 EStG)'),
      progressive_rate_claimed: leaf('Antr_Anw_tarifl_Est/E1902301', tick('1'), 'Tarifliche Einkommensteuer für Beteiligungen beantragt'),
      entrepreneurial_holdings: list('Lfd_Ek_unt_Bet_KG/Einz', 10, {
        ...namedWithOffice(['E1902401', from2024('E1903204'), from2024('E1903205')], 'Gesellschaft der unternehmerischen Beteiligung', 'company'),
      }),
      entrepreneurial_income: leaf('Lfd_Ek_unt_Bet_KG/Sum/E1902402', income, 'Laufende Einkünfte aus unternehmerischen Beteiligungen'),
      progressive_rate_revoked: leaf('Widerr_Anw_tarifl_Est/E1903202', tick('1'), 'Antrag auf tarifliche Einkommensteuer widerrufen'),
      revoked_holdings: list('Widerr_Anw_tarifl_Est/Einz', 10, {
        ...namedWithOffice(['E1903203', from2024('E1903206'), from2024('E1903207')], 'Gesellschaft des Widerrufs', 'company'),
      }),
      section_32d_2_4: leaf('Bez_Einn_P32d_Abs2_Nr4/E1902601', nonNegativeIncome, 'Bezüge und Einnahmen nach § 32d Abs. 2 Nr. 4 EStG'),
      special_fund_income: leaf('Ek_Spez_Investm_Ant/E1902701', tick('1'), 'Einkünfte aus Spezial-Investmentanteilen erzielt'),
      special_fund_statement: leaf('Ek_Spez_Investm_Ant/E1902702', text(), 'Aufstellung zu Spezial-Investmentanteilen'),
    }),
    reduced_rate_34: group('Erm_Best_34EStG', {
      flat_rate_part: leaf('E1903502', nonNegativeIncome, 'Ermäßigt zu besteuernde Erträge (Abgeltungsteuer)'),
      progressive_part: leaf('E1903601', income, 'Ermäßigt zu besteuernde Einkünfte (tariflich)'),
    }),
    taxes_withheld: group('St_Abz_Betr_Inl_u_Inv_Ert', {
      capital_gains_tax: leaf('E1904701', cents, 'Kapitalertragsteuer'),
      solidarity_surcharge: leaf('E1904901', cents, 'Solidaritätszuschlag'),
      church_tax: leaf('E1904801', cents, 'Kirchensteuer zur Kapitalertragsteuer'),
      foreign_tax_credited: leaf('E1905001', cents, 'Angerechnete ausländische Steuern'),
      foreign_tax_creditable: leaf('E1905101', cents, 'Anrechenbare ausländische Steuern'),
      foreign_tax_fictitious: leaf('E1905201', cents, 'Fiktive ausländische Quellensteuer'),
    }),
    taxes_progressive: group('Anzr_St_KapEtr_tar_Est_u_and_Ek_Art', {
      capital_gains_tax: leaf('E1905502', nonNegativeCents, 'Kapitalertragsteuer (tarifliche Erträge)'),
      solidarity_surcharge: leaf('E1905602', nonNegativeCents, 'Solidaritätszuschlag (tarifliche Erträge)'),
      church_tax: leaf('E1905702', nonNegativeCents, 'Kirchensteuer zur Kapitalertragsteuer (tarifliche Erträge)'),
    }),
    credit_restricted_36a: leaf('Beschrae_Anr_KapESt_P36a/E1905603', tick('1'), 'Volle Anrechnung nach § 36a EStG nicht gegeben'),
    reduction_11_astg: group('Kuerz_P11_AStG', {
      flat_rate: leaf('E1904705', nonNegativeIncome, 'Kürzungsbetrag nach § 11 AStG (gesonderter Tarif)'),
      progressive: leaf('E1904803', nonNegativeIncome, 'Kürzungsbetrag nach § 11 AStG (tariflich)'),
    }),
    family_foundation: group('Fam_Stift_P15_AStG', {
      ...namedWithOffice(['E1905704', from2024('E1905003'), from2024('E1905103')], 'Ausländische Familienstiftung'),
      flat_rate_income: leaf('E1905703', nonNegativeIncome, 'Einkünfte der Familienstiftung (gesonderter Tarif)'),
      creditable_taxes: leaf('E1905802', nonNegativeCents, 'Anzurechnende ausländische Steuern (Familienstiftung)'),
      progressive_income: leaf('E1905903', nonNegativeIncome, 'Einkünfte der Familienstiftung (tariflich)'),
    }),
    tax_shelter_models: list('St_Stund_Mod/Bez_Ges_Gem', 10, { name: leaf('E1905901', text(), 'Gesellschaft oder Modell nach § 15b EStG') }),
    tax_shelter_income: leaf('St_Stund_Mod/Betr_Sum/E1905902', income, 'Einkünfte aus Modellen nach § 15b EStG'),
  },
);
