// Anlage KAP-BET, per person: capital income from partnerships and communities (§ 20 EStG, as the
// separate and uniform determination, § 180 AO, assigns it) and the taxes withheld there; the
// income with and without German withholding with what it contains (share sales, option premiums,
// grandfathered fund units, the losses of each kind), the sale of shares in the partnership's
// assets, income taxed at the progressive rate (the § 10 AStG addition up to 2023), and the German
// and foreign taxes on it (§ 32d Abs. 5 EStG); the reductions of § 11 AStG up to 2023. The
// partnership's tax office and tax number have fields of their own from 2023 (E10-2023.xsd).
import { cents, income, nonNegativeCents, nonNegativeIncome } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, from2024, group, leaf, list, perPersonAnlage, until2023 } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

export const kapBetAnlage = perPersonAnlage(
  { key: 'capital_income_partnerships', element: 'KAP_BET', label: 'Anlage KAP-BET' },
  {
    partnerships: list('Ertr/Beteiligungen', 99, {
      ...namedWithOffice(['E1903101', from2023('E1920501'), from2023('E1920502')], 'Gemeinschaft / Gesellschaft'),
    }),
    withheld_german: group('Ertr/M_inl_St_Abz', {
      income: leaf('E1903301', income, 'Kapitalerträge mit Steuerabzug (Beteiligungen)'),
      sale_gains: leaf('E1903501', nonNegativeIncome, 'Darin Gewinne aus Aktienveräußerungen (Beteiligungen, mit Steuerabzug)'),
      option_premiums: leaf('E1920802', nonNegativeIncome, 'Darin Stillhalterprämien und Termingeschäfte (Beteiligungen, mit Steuerabzug)'),
      grandfathered_fund_gains: leaf('E1920801', nonNegativeIncome, 'Darin Gewinne aus Alt-Anteilen (Beteiligungen, mit Steuerabzug)'),
      losses: leaf('E1903801', nonNegativeIncome, 'Verluste ohne Aktienveräußerungen (Beteiligungen, mit Steuerabzug)'),
      share_sale_losses: leaf('E1903901', nonNegativeIncome, 'Verluste aus Aktienveräußerungen (Beteiligungen, mit Steuerabzug)'),
      forward_losses: leaf('E1921201', nonNegativeIncome, 'Verluste aus Termingeschäften (Beteiligungen, mit Steuerabzug)'),
      bad_debt_losses: leaf('E1921302', nonNegativeIncome, 'Verluste aus Forderungsausfällen (Beteiligungen, mit Steuerabzug)'),
    }),
    without_withholding: group('Ertr/O_inl_St_Abz', {
      income: leaf('E1904001', income, 'Kapitalerträge ohne inländischen Steuerabzug'),
      sale_gains: leaf('E1904201', nonNegativeIncome, 'Darin Gewinne aus Aktienveräußerungen (Beteiligungen, ohne Steuerabzug)'),
      option_premiums: leaf('E1921601', nonNegativeIncome, 'Darin Stillhalterprämien und Termingeschäfte (Beteiligungen, ohne Steuerabzug)'),
      grandfathered_fund_gains: leaf('E1921301', nonNegativeIncome, 'Darin Gewinne aus Alt-Anteilen (Beteiligungen, ohne Steuerabzug)'),
      losses: leaf('E1904202', nonNegativeIncome, 'Darin Verluste ohne Aktienveräußerungen (Beteiligungen, ohne Steuerabzug)'),
      share_sale_losses: leaf('E1904302', nonNegativeIncome, 'Darin Verluste aus Aktienveräußerungen (Beteiligungen, ohne Steuerabzug)'),
      forward_losses: leaf('E1922001', nonNegativeIncome, 'Verluste aus Termingeschäften (Beteiligungen, ohne Steuerabzug)'),
      bad_debt_losses: leaf('E1922101', nonNegativeIncome, 'Verluste aus Forderungsausfällen (Beteiligungen, ohne Steuerabzug)'),
      default_interest: leaf(from2024('E1922403'), nonNegativeIncome, 'Prozess- und Verzugszinsen (Beteiligungen)'),
      asset_sale: leaf('E1904401', income, 'Gewinn oder Verlust aus Veräußerung anteiliger Wirtschaftsgüter'),
      asset_sale_shares: leaf('E1904602', income, 'Darin Gewinne oder Verluste aus Aktien'),
      asset_sale_option_premiums: leaf('E1922402', nonNegativeIncome, 'Darin Stillhalterprämien und Termingeschäfte (Veräußerung)'),
      asset_sale_grandfathered_fund_gains: leaf('E1922502', nonNegativeIncome, 'Darin Gewinne aus Alt-Anteilen (Veräußerung)'),
      asset_sale_forward_losses: leaf('E1922501', nonNegativeIncome, 'Darin Verluste aus Termingeschäften (Veräußerung)'),
      asset_sale_bad_debt_losses: leaf('E1922401', nonNegativeIncome, 'Darin Verluste aus Forderungsausfällen (Veräußerung)'),
    }),
    progressive_rate: group('Ertr/Tar_ESt_unterl', {
      added_10_astg: leaf(until2023('E1904703'), nonNegativeIncome, 'Hinzurechnungsbetrag nach § 10 AStG (Beteiligungen)'),
      added_10_astg_reduction: leaf(until2023('E1922901'), nonNegativeIncome, 'Minderung des Hinzurechnungsbetrags (Beteiligungen)'),
      other_claims: leaf('E1904501', income, 'Laufende Einkünfte aus sonstigen Kapitalforderungen (Beteiligungen)'),
      other_claims_sale: leaf('E1904601', income, 'Gewinn aus Veräußerung sonstiger Kapitalanlagen (Beteiligungen)'),
      life_insurance: leaf('E1904704', income, 'Kapitalerträge aus Lebensversicherungen (Beteiligungen)'),
      section_32d_2_4: leaf('E1922301', nonNegativeIncome, 'Bezüge und Einnahmen nach § 32d Abs. 2 Nr. 4 EStG (Beteiligungen)'),
    }),
    foreign_taxes: group('St_Abz_Betr_Ert_m_o_inl_StAbz', {
      capital_gains_tax: leaf('E1904702', nonNegativeCents, 'Kapitalertragsteuer (Beteiligungen, Abgeltungsteuer)'),
      solidarity_surcharge: leaf('E1904902', nonNegativeCents, 'Solidaritätszuschlag (Beteiligungen, Abgeltungsteuer)'),
      church_tax: leaf('E1904802', nonNegativeCents, 'Kirchensteuer zur Kapitalertragsteuer (Beteiligungen, Abgeltungsteuer)'),
      credited: leaf('E1905002', cents, 'Angerechnete ausländische Steuern'),
      creditable: leaf('E1905102', cents, 'Anrechenbare ausländische Steuern'),
      fictitious: leaf('E1905202', cents, 'Fiktive ausländische Quellensteuern'),
    }),
    taxes_withheld: group('Anzr_StErtr_tar_Est_u_and_Ek_Art', {
      capital_gains_tax: leaf('E1905301', cents, 'Kapitalertragsteuer (Beteiligungen)'),
      solidarity_surcharge: leaf('E1905501', cents, 'Solidaritätszuschlag (Beteiligungen)'),
      church_tax: leaf('E1905401', cents, 'Kirchensteuer zur Kapitalertragsteuer (Beteiligungen)'),
    }),
    reduction_11_astg: group(until2023('Kuerz_P11_AStG'), {
      flat_rate: leaf('E1924201', nonNegativeIncome, 'Kürzungsbetrag nach § 11 AStG (Beteiligungen, gesonderter Tarif)'),
      progressive: leaf('E1924301', nonNegativeIncome, 'Kürzungsbetrag nach § 11 AStG (Beteiligungen, tariflich)'),
    }),
  },
);
