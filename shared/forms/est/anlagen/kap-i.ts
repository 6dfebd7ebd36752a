// Anlage KAP-INV, per person: income from investment funds without German withholding (InvStG):
// distributions and, from 2024, the advance lump sums (§ 18 InvStG) per kind of fund before the
// partial exemption, the gains and losses of sales per kind of fund with the gains from protected
// old units and the notional sales of unprotected ones (§ 56 InvStG), the interim gains of the old
// law, and each sale's calculation (ISIN, kind of fund, units, price, costs, advance lump sums).
// The calculation of each fund's advance lump sum (Erm_VP, from 2024) is not carried.
import { code, income, matching, nonNegativeIncome, text, units } from '#shared/forms/est/anlagen/formats.ts';
import { from2024, leaf, list, perPersonAnlage, type Fields, type Path } from '#shared/forms/est/anlagen/map.ts';

const fundKinds = code({ equity: '1', mixed: '2', real_estate: '3', foreign_real_estate: '4', other: '5' });
const isin = matching(/^[A-Z]{2}[A-Z0-9]{9}\d$/, 'an ISIN, such as "DE0008404005"');

/** The five kinds of fund in the form's order, each as a line names it ("Ausschüttungen Aktienfonds") and as brackets do ("(Aktienfonds)"). */
const kinds = [
  ['equity', 'Aktienfonds', 'Aktienfonds'],
  ['mixed', 'Mischfonds', 'Mischfonds'],
  ['real_estate', 'Immobilienfonds', 'Immobilienfonds'],
  ['foreign_real_estate', 'Auslands-Immobilienfonds', 'Auslands-Immobilienfonds'],
  ['other', 'sonstiger Investmentfonds', 'sonstige Fonds'],
] as const;

/** Running income of each kind of fund in the block `at`, as `key_kind`; ids in the kinds' order, `path` places them in the year's form. */
const running = (key: string, at: string, label: string, ids: readonly string[], path: (at: string) => Path = (at) => at): Fields =>
  Object.fromEntries(
    kinds.map(([kind, fund], index) => [
      `${key}_${kind}`,
      leaf(path(`Lfd_Ert_Inv_Ant_o_inl_StAbz/${at}/${ids[index]}`), nonNegativeIncome, `${label} ${fund}`),
    ]),
  );

/** Each kind of fund's gains and losses of sales, the gains of protected old units and the notional sales (§ 56 InvStG); ids in that order. */
const sales = (ids: readonly (readonly [string, string, string])[]): Fields =>
  Object.fromEntries(
    kinds.flatMap(([kind, fund, short], index) => {
      const [sold, protectedUnits, notional] = ids[index]!.map((id) => `G_u_V_Verae_InvAnt_o_inl_StAbz/${id}`);
      return [
        [`sales_${kind}`, leaf(sold!, income, `Veräußerungen ${fund}`)],
        [`sales_${kind}_protected`, leaf(protectedUnits!, nonNegativeIncome, `Darin bestandsgeschützte Alt-Anteile (${short})`)],
        [`sales_${kind}_notional`, leaf(notional!, income, `Fiktive Veräußerung von Alt-Anteilen (${short})`)],
      ];
    }),
  );

export const kapIAnlage = perPersonAnlage(
  { key: 'investment_funds', element: 'KAP_I', label: 'Anlage KAP-INV' },
  {
    ...running('distributions', 'Ausschuett_P2_Abs11_InvStG', 'Ausschüttungen', ['E1940401', 'E1940501', 'E1940601', 'E1940701', 'E1940801']),
    ...running('advance', 'Vorabpausch_P18_InvStG', 'Vorabpauschale', ['E1940902', 'E1941002', 'E1941102', 'E1941202', 'E1941302'], from2024),
    ...sales([
      ['E1940901', 'E1941001', 'E1941101'],
      ['E1941201', 'E1941301', 'E1941401'],
      ['E1941501', 'E1941601', 'E1941701'],
      ['E1941801', 'E1941901', 'E1942001'],
      ['E1942101', 'E1942201', 'E1942301'],
    ]),
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
