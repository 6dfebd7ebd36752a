// Anlage AUS, per person: foreign income and taxes (§ 34c, § 34d EStG) per state or special
// investment fund with the foreign taxes deducted (§ 34c Abs. 2, 3) and creditable (fictitious
// ones included), income taxed at a flat rate (§ 34c Abs. 5), the credit of § 50d Abs. 10 Satz 5,
// the amounts added by the Außensteuergesetz (§§ 10, 12 AStG; tax number from 2024) and of foreign
// family foundations (§ 15 AStG), negative income of § 2a EStG, and tax-exempt income under the
// progression clause (§ 32b EStG), private sales (§ 23) and treaty-exempt negative income. The
// additions of the older block (Hinzur_Best, to 2023) are not carried.
import { country, income, nonNegativeCents, nonNegativeIncome, taxNumber, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2024, leaf, list, perPersonAnlage, total } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** Negative income of § 2a Abs. 1 EStG from a state: losses not yet set off, this year's, positive income, their sum. */
const section2a = {
  country: leaf('E0603201', country, 'Staat'),
  provision: leaf('E0603202', text(), 'Nach § 2a Abs. 1 Satz 1 Nr. … EStG'),
  losses_earlier: leaf('E0603203', income, 'Noch nicht verrechnete Verluste (§ 2a EStG)'),
  losses_year: leaf('E0603204', income, 'Nicht ausgleichsfähige Verluste des Jahres (§ 2a EStG)'),
  losses_year_in: leaf('E0603205', text(), 'Verluste enthalten in Anlage und Zeile'),
  positive_income: leaf('E0603206', income, 'Positive Einkünfte des Jahres (§ 2a EStG)'),
  positive_income_in: leaf('E0603207', text(), 'Positive Einkünfte enthalten in Anlage und Zeile'),
  sum: leaf('E0603208', income, 'Summe (§ 2a EStG)'),
};

export const ausAnlage = perPersonAnlage(
  { key: 'foreign_income', element: 'AUS', label: 'Anlage AUS' },
  {
    states: list('Staat_Spez_InvFonds', 99, {
      country: leaf('E0600301', country, 'Staat oder Spezial-Investmentfonds'),
      sources: leaf('Ek/E0601501', text(), 'Einkunftsquellen'),
      included_in: leaf('Ek/E0600622', text(), 'Enthalten in Anlage und Zeile'),
      income: leaf('Ek/E0601401', income, 'Ausländische Einkünfte'),
      partial_income: leaf('Ek/E0601510', income, 'Darin Einkünfte nach § 3 Nr. 40 EStG'),
      partial_exemption: leaf('Ek/E0600921', income, 'Darin Teilfreistellungsbeträge (InvStG)'),
      taxes_deducted_34c2: leaf('Ek/E0600920', nonNegativeIncome, 'Abgezogene ausländische Steuern (§ 34c Abs. 2 EStG)'),
      taxes_deducted_34c3: leaf('Ek/E0601002', nonNegativeIncome, 'Abgezogene ausländische Steuern (§ 34c Abs. 3 EStG)'),
      creditable_taxes: leaf('Anzur_ausl_St/E0601901', income, 'Anzurechnende ausländische Steuern'),
      fictitious_taxes: leaf('Anzur_ausl_St/E0602001', income, 'Darin fiktive ausländische Steuern'),
    }),
    flat_rate_income: leaf('Pausch_best_Ek_P34c_Abs5/E0602401', income, 'Einkünfte mit pauschaler Besteuerung (§ 34c Abs. 5 EStG)'),
    section_50d_income: leaf('Anr_ausl_St_P50d_Abs10_S5/E0602101', nonNegativeIncome, 'Inländische Einkünfte (§ 50d Abs. 10 EStG)'),
    section_50d_tax: leaf('Anr_ausl_St_P50d_Abs10_S5/E0602201', nonNegativeCents, 'Anrechenbare ausländische Steuer (§ 50d Abs. 10 EStG)'),
    added_tax_office: leaf('Hinzur_Best_ab2022/E0603509', text(), 'Finanzamt der Hinzurechnung'),
    added_tax_number: leaf(from2024('Hinzur_Best_ab2022/E0601802'), taxNumber, 'Steuernummer der Hinzurechnung'),
    added_country: leaf('Hinzur_Best_ab2022/E0603510', country, 'Staat der Hinzurechnung'),
    added_amount: leaf('Hinzur_Best_ab2022/E0603610', nonNegativeIncome, 'Hinzurechnungsbetrag (AStG)'),
    added_taxes_12_1: leaf('Hinzur_Best_ab2022/E0603802', nonNegativeIncome, 'Anzurechnende Steuern (§ 12 Abs. 1 AStG)'),
    added_taxes_12_2: leaf('Hinzur_Best_ab2022/E0603906', nonNegativeIncome, 'Anzurechnende Steuern auf Antrag (§ 12 Abs. 2 AStG)'),
    family_foundations: list('Fam_Stift', 10, {
      ...namedWithOffice(
        ['Ek_ausl_Fam_St/E0604703', from2024('Ek_ausl_Fam_St/E0602501'), from2024('Ek_ausl_Fam_St/E0602605')],
        'Ausländische Familienstiftung',
      ),
      amount: leaf('Ek_ausl_Fam_St/E0601801', nonNegativeIncome, 'Einkünfte der Familienstiftung'),
      creditable_taxes: leaf('Anzur_ausl_St/E0601912', nonNegativeIncome, 'Anzurechnende Steuern (§ 15 Abs. 5 AStG)'),
      creditable_on_application: leaf('Anzur_ausl_St/E0602010', nonNegativeIncome, 'Anzurechnende Steuern auf Antrag (§ 15 Abs. 11 AStG)'),
    }),
    negative_income: list('Nicht_stfr_neg_Ek/Staat', 20, section2a),
    progression: list('Stfr_Ek_ProgV/P32b/Mitt/Einz', 20, {
      country: leaf('E0603901', country, 'Staat'),
      source: leaf('E0603902', text(), 'Einkunftsquelle'),
      kind: leaf('E0603903', text(), 'Einkunftsart'),
      income: leaf('E0603904', income, 'Steuerfreie Einkünfte (Progressionsvorbehalt)'),
      tax_shelter_model: leaf('E0603609', tick('X'), 'Steuerstundungsmodell (§ 15b EStG)'),
    }),
    progression_capital_income: leaf('Stfr_Ek_ProgV/P32b/Mitt/Kap32d/E0604305', income, 'Ausländische Kapitalerträge (§ 32d EStG, Progressionsvorbehalt)'),
    progression_business_profits: leaf('Stfr_Ek_ProgV/P32b/Mitt/Enth_GgBSt_aoEk/E0604601', income, 'Darin Gewinne gewerblicher Betriebsstätten'),
    progression_extraordinary: leaf('Stfr_Ek_ProgV/P32b/Mitt/Enth_GgBSt_aoEk/E0604701', income, 'Darin außerordentliche Einkünfte (§§ 34, 34b EStG)'),
    progression_private_sales: list('Stfr_Ek_ProgV/P32b_Priv_VG_P23/Einz', 20, {
      country: leaf('E0604502', country, 'Staat'),
      source: leaf('E0604503', text(), 'Einkunftsquelle'),
      income: leaf('E0604504', income, 'Steuerfreie private Veräußerungsgeschäfte'),
    }),
    progression_private_sales_total: total('Stfr_Ek_ProgV/P32b_Priv_VG_P23/Sum/E0604505', ['progression_private_sales', 'income'], 'down'),
    progression_losses_determined: leaf('Stfr_Ek_ProgV/P32b_Priv_VG_P23/Verl/E0604602', tick('X'), 'Negative Einkünfte nach § 10d EStG festgestellt'),
    progression_no_carry_back: leaf('Stfr_Ek_ProgV/P32b_Priv_VG_P23/Verl/E0607701', tick('1'), 'Kein Verlustrücktrag'),
    treaty_negative_income: list('Stfr_Ek_ProgV/DBA_stfr_neg_Ek/Einz', 20, {
      country: leaf('E0605101', country, 'Staat'),
      provision: leaf('E0605102', text(), 'Nach § 2a Abs. 1 Satz 1 Nr. … EStG'),
      losses_earlier: leaf('E0605103', income, 'Noch nicht verrechnete Verluste (DBA)'),
      losses_year: leaf('E0605104', income, 'Nicht ausgleichsfähige Verluste des Jahres (DBA)'),
      positive_income: leaf('E0605106', income, 'Positive Einkünfte des Jahres (DBA)'),
      sum: leaf('E0605108', income, 'Summe (DBA)'),
      positive_sum: leaf('E0605109', nonNegativeIncome, 'Positive Summe (DBA)'),
    }),
  },
);
