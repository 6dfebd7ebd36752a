// Anlage G, per person: profits from trade (§ 15 EStG) as figures the business's own accounts
// found, each business on its line, and the shares in partnerships and communities that their tax
// offices determined (§ 180 Abs. 1 Nr. 2 Buchst. a AO). A loss is a negative amount. For the
// credit of trade tax against income tax (§ 35 EStG), each business's trade tax base amount
// (Gewerbesteuer-Messbetrag, § 14 GewStG) and the trade tax it has to pay, and the maximum amounts
// shares in partnerships held through others bring along (§ 35 Abs. 2 Satz 5 EStG). The further
// businesses' profit and each line's trade tax are computed where a body leaves them out and held
// to their lines where it gives them. Beside them: co-entrepreneurships, models of § 15b EStG,
// tonnage and timber income (§§ 5a, 34b EStG), an organ company's income, the losses § 15 Abs. 4
// EStG keeps apart (livestock, futures, participations) and the reduction of § 11 AStG (from 2024);
// the sales of businesses and shares (VAe_G_v_FB) are left to the caller's own XML.
import type { Finding } from '#shared/domain/ticket.ts';
import { businessId, count, expense, income, nonNegativeIncome, positiveIncome, tally, taxNumber, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2023, from2024, group, leaf, list, perPersonAnlage, productOf, sumOf, total, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { businessLine, namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** Losses of a kind § 15 Abs. 4 EStG keeps apart (`at`): those left out, the gains before them, those set off from other years, and no carry-back. */
const restricted = (at: string, ids: readonly [string, string, string, string], key: string, kind: string, carryBack = 'in das Vorjahr'): Fields => ({
  [`${key}_losses`]: leaf(`${at}/${ids[0]}`, income, `Außer Ansatz gelassene Verluste (${kind})`),
  [`${key}_gains`]: leaf(`${at}/${ids[1]}`, income, `Ungekürzte Gewinne (${kind})`),
  [`${key}_set_off`]: leaf(`${at}/${ids[2]}`, income, `Verrechnete Verluste anderer Jahre (${kind})`),
  [`${key}_no_carry_back`]: leaf(`${at}/${ids[3]}`, tick('1'), `Kein Verlustrücktrag ${carryBack} (${kind})`),
});

/** One business's or share's line of § 35 EStG (E10-2022.xsd to E10-2024.xsd: G/St_Erm_P35/Ang_GSt_GMB). */
const tradeTaxLine = (ids: { income: string; allowance: string; base: string; rate: string; tax: string }): Fields => ({
  trade_income: leaf(`Festzus_GMB_VZ/${ids.income}`, income, 'Gewerbeertrag'),
  allowance: leaf(`Festzus_GMB_VZ/${ids.allowance}`, income, 'Freibetrag'),
  base_amount: leaf(`Festzus_GMB_VZ/${ids.base}`, income, 'Gewerbesteuer-Messbetrag'),
  rate: leaf(`Zu_zah_GSt_VZ/${ids.rate}`, count(9999), 'Hebesatz in Prozent'),
  // The base amount times the municipality's rate (§ 16 GewStG), within what the base's rounding to whole euros moves it.
  tax_due: leaf(`Zu_zah_GSt_VZ/${ids.tax}`, expense, 'Zu zahlende Gewerbesteuer', { computed: productOf('base_amount', 'rate', 1 / 100) }),
});

export const gAnlage = perPersonAnlage(
  { key: 'trade', element: 'G', label: 'Anlage G' },
  {
    businesses: list(
      'Gew/Einz_U/Betr_1_2',
      2,
      businessLine('kind', ['E0800301', 'E0800405', 'E0800302'], { name: 'Art des Gewerbebetriebs', profit: 'Gewinn aus Gewerbebetrieb' }),
    ),
    further_businesses: list(
      'Gew/Einz_U/Weit_Betr/Einz',
      99,
      businessLine('kind', ['E0800401', 'E0800604', 'E0800404'], { name: 'Art des weiteren Gewerbebetriebs', profit: 'Gewinn des weiteren Gewerbebetriebs' }),
    ),
    further_profit: leaf('Gew/Einz_U/Weit_Betr/Sum/E0800402', income, 'Gewinn weiterer Gewerbebetriebe', { computed: sumOf('further_businesses[].profit') }),
    partnerships: list('Gew/Ges_Fest/Einz', 99, {
      name: leaf('E0800501', text(), 'Gesellschaft, Finanzamt und Steuernummer'),
      tax_office: leaf({ 2022: null, 2023: 'E0800704' }, text(), 'Finanzamt'),
      share: leaf('E0800504', income, 'Anteil an Gewinnen aus Beteiligungen'),
    }),
    partnerships_total: total('Gew/Ges_Fest/Sum/E0800502', ['partnerships', 'share'], 'down'),
    co_entrepreneurships: list('Gew/M_Unt/Beteil', 99, {
      ...namedWithOffice(['E0800601', from2023('E0800908'), from2023('E0801008')], 'Gesellschaft'),
      share: leaf('E0800602', income, 'Anteil an Gewinnen als Mitunternehmer'),
    }),
    special_relationships: list('Gew/M_Unt_ger_Bed/Einz', 10, {
      ...namedWithOffice(['E0801202', from2023('E0802809'), from2023('E0802906')], 'Gesellschaft'),
      business_id: leaf(from2024('E0803102'), businessId, 'Wirtschafts-Identifikationsnummer'),
      amount: leaf('E0801203', income, 'Anteil an Gewinnen (Mitunternehmer mit geringer Bedeutung)'),
    }),
    special_relationships_total: total('Gew/M_Unt_ger_Bed/Sum/E0801204', ['special_relationships', 'amount'], 'down'),
    tax_shelter_models: list('Gew/Ges_Gem_P15b/Einz', 99, {
      name: leaf('E0801001', text(), 'Gesellschaft, Gemeinschaft oder Modell (§ 15b EStG)'),
      amount: leaf('E0801006', income, 'Einkünfte aus Modellen nach § 15b EStG'),
    }),
    tax_shelter_models_total: total('Gew/Ges_Gem_P15b/Sum/E0801002', ['tax_shelter_models', 'amount'], 'down'),
    partial_income_exempt: leaf('Gew/TEV_stfr_T/E0800904', income, 'Steuerfreier Teil nach dem Teileinkünfteverfahren'),
    reorganisation_income: leaf('Gew/P_Ek_P2_Abs_4_UmwStG/E0801414', nonNegativeIncome, 'Positive Einkünfte (§ 2 Abs. 4 UmwStG)'),
    tonnage_description: leaf('Gew/Ek_P5a_od_verp_ruh_Bet/E0801404', text(), 'Gewinn nach § 5a EStG oder verpachteter ruhender Betrieb'),
    tonnage: leaf('Gew/Ek_P5a_od_verp_ruh_Bet/E0801405', positiveIncome, 'Gewinn nach § 5a EStG oder aus verpachtetem ruhendem Betrieb'),
    timber_extra_use_description: leaf('Gew/Holzn_P34b/P3_Nr_2/E0801406', text(), 'Holznutzung (§ 34b Abs. 3 Nr. 2 EStG)'),
    timber_extra_use: leaf('Gew/Holzn_P34b/P3_Nr_2/E0801407', positiveIncome, 'Einkünfte aus Holznutzung (§ 34b Abs. 3 Nr. 2 EStG)'),
    timber_use_description: leaf('Gew/Holzn_P34b/P3_Nr_1/E0801408', text(), 'Holznutzung (§ 34b Abs. 3 Nr. 1 EStG)'),
    timber_use: leaf('Gew/Holzn_P34b/P3_Nr_1/E0801409', positiveIncome, 'Einkünfte aus Holznutzung (§ 34b Abs. 3 Nr. 1 EStG)'),
    timber_calamity_description: leaf('Gew/Holzn_P34b/Abs1_Nr2_iVm_Abs3_Nr2/E0801412', text(), 'Kalamitätsnutzung (§ 34b Abs. 1 Nr. 2 EStG)'),
    timber_calamity: leaf('Gew/Holzn_P34b/Abs1_Nr2_iVm_Abs3_Nr2/E0801413', positiveIncome, 'Einkünfte aus Kalamitätsnutzung (§ 34b EStG)'),
    forms_34a: leaf('Gew/Beg_P34a/E0801703', count(999), 'Anzahl der Anlagen 34a'),
    restructuring_gains: leaf('Gew/San_3a/E0801706', tick('1'), 'Steuerfreie Sanierungserträge (§ 3a EStG)'),
    trade_tax: group('St_Erm_P35/Ang_GSt_GMB', {
      // The form's line of the business (E0801605) is left out: a request has no form lines.
      businesses: list('Einz_Betr', 2, tradeTaxLine({ income: 'E0801607', allowance: 'E0801608', base: 'E0801606', rate: 'E0801705', tax: 'E0801704' })),
      further: list('Weit_Betr/Einz', 99, tradeTaxLine({ income: 'E0802007', allowance: 'E0802008', base: 'E0802009', rate: 'E0802104', tax: 'E0802105' })),
      further_base_total: total('Weit_Betr/Sum/Festzus_GMB_VZ/E0801004', ['further', 'base_amount'], 'down'),
      further_tax_total: total('Weit_Betr/Sum/Zu_zah_GSt_VZ/E0801604', ['further', 'tax_due']),
      indirect_shares: list('Se_HB_P35_mitt_Bet/Einz', 99, {
        name: leaf('E0802207', text(), 'Beteiligung'),
        maximum: leaf('E0802208', income, 'Höchstbetrag § 35 EStG (mittelbare Beteiligungen)'),
      }),
      indirect_shares_total: total('Se_HB_P35_mitt_Bet/Sum/E0802205', ['indirect_shares', 'maximum'], 'down'),
    }),
    favoured_gains: leaf('Sonst/E0801701', nonNegativeIncome, 'Begünstigte sonstige Gewinne (§ 34 Abs. 2 Nr. 2 bis 4 EStG)'),
    organ_company: leaf({ 2022: 'Sonst/E0802001', 2023: 'Sonst/Ek_Org/E0802001' }, text(), 'Organgesellschaft'),
    organ_tax_office: leaf(from2023('Sonst/Ek_Org/E0806001'), text(), 'Finanzamt der Organgesellschaft'),
    organ_tax_number: leaf(from2023('Sonst/Ek_Org/E0806101'), taxNumber, 'Steuernummer der Organgesellschaft'),
    organ_income: leaf({ 2022: 'Sonst/E0802002', 2023: 'Sonst/Ek_Org/E0802002' }, income, 'Zuzurechnendes Einkommen der Organgesellschaft'),
    ...restricted('Tierz_Tierh', ['E0802401', 'E0802402', 'E0802403', 'E0805103'], 'livestock', 'Tierzucht'),
    ...restricted('Term_Gesch', ['E0802505', 'E0802506', 'E0802507', 'E0805307'], 'futures', 'Termingeschäfte'),
    ...restricted('Verl_Bet', ['E0804206', 'E0804207', 'E0804208', 'E0805506'], 'participations', 'Beteiligungen', 'in die zwei Vorjahre'),
    interest_barrier_forms: leaf('Zins_AW/E0805606', tally(999_999_999), 'Anzahl der Anlagen Zinsschranke'),
    section_11_astg: leaf(from2024('Kuerz_11_AStG/E0810701'), nonNegativeIncome, 'Kürzungsbetrag (§ 11 AStG)'),
    section_11_astg_listing: leaf(from2024('Kuerz_11_AStG/E0810801'), text(), 'Aufstellung zum Kürzungsbetrag (§ 11 AStG)'),
  },
);

type TradeTaxLine = { base_amount?: unknown; tax_due?: unknown };
type Trade = { trade_tax?: { businesses?: TradeTaxLine[]; further?: TradeTaxLine[] } };

/**
 * The credit is 4.0 times the base amount, at most the trade tax actually due (§ 35 Abs. 1 Satz 1
 * Nr. 1 and Satz 5 EStG): a line with the tax due and no base amount cannot be credited.
 */
export function gFindings(body: { trade?: Trade[] }): Finding[] {
  return (body.trade ?? []).flatMap((trade, index) =>
    (['businesses', 'further'] as const).flatMap((kind) =>
      (trade.trade_tax?.[kind] ?? []).flatMap((line, at) =>
        line.tax_due !== undefined && line.base_amount === undefined
          ? [
              {
                path: `trade.${index}.trade_tax.${kind}.${at}.base_amount`,
                code: 'TRADE_TAX_BASE_MISSING',
                message: 'is needed beside `tax_due` (§ 35 Abs. 1 EStG)',
              },
            ]
          : [],
      ),
    ),
  );
}
