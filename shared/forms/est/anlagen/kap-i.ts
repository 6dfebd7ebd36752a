// Anlage KAP-INV, per person: income from investment funds without German withholding (InvStG):
// distributions and, from 2024, the advance lump sums (§ 18 InvStG) per kind of fund before the
// partial exemption, the gains and losses of sales per kind of fund with the gains from protected
// old units and the notional sales of unprotected ones (§ 56 InvStG), the interim gains of the old
// law, and each sale's calculation (ISIN, kind of fund, units, price, costs, advance lump sums).
// The calculation of each fund's advance lump sum (Erm_VP, from 2024) is not carried.
import { code, from2024, income, leaf, list, matching, nonNegativeIncome, perPersonAnlage, text, units } from '#shared/forms/est/anlagen/map.ts';

const fundKinds = code({ equity: '1', mixed: '2', real_estate: '3', foreign_real_estate: '4', other: '5' });
const isin = matching(/^[A-Z]{2}[A-Z0-9]{9}\d$/, 'an ISIN, such as "DE0008404005"');

export const kapIAnlage = perPersonAnlage(
  { key: 'investment_funds', element: 'KAP_I', label: 'Anlage KAP-INV' },
  {
    distributions_equity: leaf('Lfd_Ert_Inv_Ant_o_inl_StAbz/Ausschuett_P2_Abs11_InvStG/E1940401', nonNegativeIncome, 'Ausschüttungen Aktienfonds'),
    distributions_mixed: leaf('Lfd_Ert_Inv_Ant_o_inl_StAbz/Ausschuett_P2_Abs11_InvStG/E1940501', nonNegativeIncome, 'Ausschüttungen Mischfonds'),
    distributions_real_estate: leaf('Lfd_Ert_Inv_Ant_o_inl_StAbz/Ausschuett_P2_Abs11_InvStG/E1940601', nonNegativeIncome, 'Ausschüttungen Immobilienfonds'),
    distributions_foreign_real_estate: leaf(
      'Lfd_Ert_Inv_Ant_o_inl_StAbz/Ausschuett_P2_Abs11_InvStG/E1940701',
      nonNegativeIncome,
      'Ausschüttungen Auslands-Immobilienfonds',
    ),
    distributions_other: leaf('Lfd_Ert_Inv_Ant_o_inl_StAbz/Ausschuett_P2_Abs11_InvStG/E1940801', nonNegativeIncome, 'Ausschüttungen sonstiger Investmentfonds'),
    advance_equity: leaf(from2024('Lfd_Ert_Inv_Ant_o_inl_StAbz/Vorabpausch_P18_InvStG/E1940902'), nonNegativeIncome, 'Vorabpauschale Aktienfonds'),
    advance_mixed: leaf(from2024('Lfd_Ert_Inv_Ant_o_inl_StAbz/Vorabpausch_P18_InvStG/E1941002'), nonNegativeIncome, 'Vorabpauschale Mischfonds'),
    advance_real_estate: leaf(from2024('Lfd_Ert_Inv_Ant_o_inl_StAbz/Vorabpausch_P18_InvStG/E1941102'), nonNegativeIncome, 'Vorabpauschale Immobilienfonds'),
    advance_foreign_real_estate: leaf(
      from2024('Lfd_Ert_Inv_Ant_o_inl_StAbz/Vorabpausch_P18_InvStG/E1941202'),
      nonNegativeIncome,
      'Vorabpauschale Auslands-Immobilienfonds',
    ),
    advance_other: leaf(from2024('Lfd_Ert_Inv_Ant_o_inl_StAbz/Vorabpausch_P18_InvStG/E1941302'), nonNegativeIncome, 'Vorabpauschale sonstiger Investmentfonds'),
    sales_equity: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1940901', income, 'Veräußerungen Aktienfonds'),
    sales_equity_protected: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941001', nonNegativeIncome, 'Darin bestandsgeschützte Alt-Anteile (Aktienfonds)'),
    sales_equity_notional: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941101', income, 'Fiktive Veräußerung von Alt-Anteilen (Aktienfonds)'),
    sales_mixed: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941201', income, 'Veräußerungen Mischfonds'),
    sales_mixed_protected: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941301', nonNegativeIncome, 'Darin bestandsgeschützte Alt-Anteile (Mischfonds)'),
    sales_mixed_notional: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941401', income, 'Fiktive Veräußerung von Alt-Anteilen (Mischfonds)'),
    sales_real_estate: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941501', income, 'Veräußerungen Immobilienfonds'),
    sales_real_estate_protected: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941601', nonNegativeIncome, 'Darin bestandsgeschützte Alt-Anteile (Immobilienfonds)'),
    sales_real_estate_notional: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941701', income, 'Fiktive Veräußerung von Alt-Anteilen (Immobilienfonds)'),
    sales_foreign_real_estate: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1941801', income, 'Veräußerungen Auslands-Immobilienfonds'),
    sales_foreign_real_estate_protected: leaf(
      'G_u_V_Verae_InvAnt_o_inl_StAbz/E1941901',
      nonNegativeIncome,
      'Darin bestandsgeschützte Alt-Anteile (Auslands-Immobilienfonds)',
    ),
    sales_foreign_real_estate_notional: leaf(
      'G_u_V_Verae_InvAnt_o_inl_StAbz/E1942001',
      income,
      'Fiktive Veräußerung von Alt-Anteilen (Auslands-Immobilienfonds)',
    ),
    sales_other: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1942101', income, 'Veräußerungen sonstiger Investmentfonds'),
    sales_other_protected: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1942201', nonNegativeIncome, 'Darin bestandsgeschützte Alt-Anteile (sonstige Fonds)'),
    sales_other_notional: leaf('G_u_V_Verae_InvAnt_o_inl_StAbz/E1942301', income, 'Fiktive Veräußerung von Alt-Anteilen (sonstige Fonds)'),
    interim_gains: leaf('Zwi_Gew_InvStG_2004/E1942401', nonNegativeIncome, 'Zwischengewinne aus fiktiven Veräußerungen (InvStG 2004)'),
    sales: list('Erm_G_u_V_Verae_InvAnt_o_inl_StAbz/Fonds', 999, {
      isin: leaf('E1943101', isin, 'ISIN'),
      fund: leaf('E1943201', text(), 'Fondsbezeichnung'),
      kind: leaf('E1943301', fundKinds, 'Art des Investmentfonds'),
      units: leaf('E1943401', units, 'Anzahl der veräußerten Anteile'),
      price: leaf('E1943501', nonNegativeIncome, 'Veräußerungspreis der Investmentanteile'),
      cost: leaf('E1943601', nonNegativeIncome, 'Anschaffungskosten der Investmentanteile'),
      selling_costs: leaf('E1943701', nonNegativeIncome, 'Veräußerungskosten der Investmentanteile'),
      advance_lump_sums: leaf('E1945401', nonNegativeIncome, 'Angesetzte Vorabpauschalen'),
      gain: leaf('E1943801', income, 'Veräußerungsgewinn oder -verlust'),
      bought_before_2009: leaf('Vor_2018_ang/E1944001', income, 'Bei Anschaffung vor 2009'),
      notional_gain_2017: leaf('Vor_2018_ang/E1944101', income, 'Fiktiver Veräußerungsgewinn zum 31.12.2017'),
    }),
  },
);
