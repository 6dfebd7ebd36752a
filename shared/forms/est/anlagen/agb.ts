// Anlage Außergewöhnliche Belastungen (AgB): how it is written and shown. Sources as in xml-writer.ts.
//
// Its structured fields (map.ts): the allowance for a disability by its degree and marks
// (§ 33b Abs. 1 to 3 EStG), the survivors' allowance (§ 33b Abs. 4 EStG), the care allowance for
// caring for another person without pay (§ 33b Abs. 6 EStG), the lump sum for disability-related
// travel (§ 33 Abs. 2a EStG), and illness, care, disability, funeral and other costs itemised with
// what insurers and others pay back (§ 33 EStG). All of it is health data (GDPR Art. 9): no
// amount of it is shown in the protocol, and none reaches a log line.
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';
import { code, count, expense, idnr, monthYear, text, tick, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, perPerson, total, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';

export function extraordinaryBurdens(body: EstReturn): XmlElement | undefined {
  const medical = deductionCents(body, 'medical_costs');
  if (medical === 0) return undefined;
  return { And_Aufw: { Krankh: { Sum: { [e10.medicalCosts]: expenseEuros(medical) } } } };
}

/** What the protocol shows of Anlage Außergewöhnliche Belastungen: nothing, its amounts being health data (GDPR Art. 9). */
export const extraordinaryBurdenLines: readonly AmountLine[] = [];

/** The degrees of disability the schema takes: 20 to 100 in steps of 5 (E0109708, E10-2024.xsd). */
export const degree = code(Object.fromEntries(Array.from({ length: 17 }, (_, step) => String(20 + step * 5)).map((value) => [value, value])));

/** Costs of one kind, itemised with what is paid back, and their two totals. */
const costs = (ids: readonly [string, string, string, string, string], label: string): Fields => ({
  lines: list('Einz', 50, {
    description: leaf(ids[0], text(), 'Art der Aufwendungen', { health: true }),
    amount: leaf(ids[1], expense, label, { health: true }),
    reimbursed: leaf(ids[2], expense, `${label}: Erstattungen`, { health: true }),
  }),
  amount_total: total(`Sum/${ids[3]}`, ['lines', 'amount']),
  reimbursed_total: total(`Sum/${ids[4]}`, ['lines', 'reimbursed']),
});

export const agbAnlage: Anlage = {
  key: 'extraordinary_burdens',
  element: 'AgB',
  label: 'Außergewöhnliche Belastungen',
  fields: {
    disability: perPerson('Beh', {
      valid_from: leaf('Ausw_Rentb_Besch/E0109101', monthYear, 'Ausweis gültig von', { health: true }),
      valid_until: leaf('Ausw_Rentb_Besch/E0109102', monthYear, 'Ausweis gültig bis', { health: true }),
      unlimited: leaf('Ausw_Rentb_Besch/E0109103', tick('1'), 'Ausweis unbefristet gültig', { health: true }),
      degree: leaf('Ausw_Rentb_Besch/E0109708', degree, 'Grad der Behinderung', { health: true }),
      mark_g_or_ag: leaf('Geh_Steh_Blind_Hilfl/E0109707', tick('1'), 'Merkzeichen G oder aG', { health: true }),
      mark_bl_tbl_h: leaf('Geh_Steh_Blind_Hilfl/E0109706', tick('1'), 'Merkzeichen Bl, TBl oder H, Pflegegrad 4 oder 5', { health: true }),
    }),
    survivors: perPerson('Hinterbl', { claimed: leaf('E0109704', tick('1'), 'Hinterbliebenen-Pauschbetrag beantragt') }),
    care_allowance: list('Pflege_PB/Einz', 5, {
      carer: leaf('E0106507', code({ taxpayer: '1', spouse: '2', both: '3' }), 'Pflegende Person', { health: true }),
      other_carers: leaf('E0106603', count(9), 'Anzahl weiterer Pflegepersonen', { health: true }),
      cared_for: leaf('E0110601', text(), 'Gepflegte Person: Name, Anschrift, Verwandtschaftsverhältnis', { health: true }),
      cared_for_idnr: leaf('E0161506', idnr, 'Identifikationsnummer der gepflegten Person', { health: true }),
      cared_for_in_germany: leaf({ 2022: null, 2024: 'E0161607' }, yesNo, 'Gepflegte Person wohnt im Inland', { health: true }),
      care_degree: leaf('E0161606', code({ '2': '2', '3': '3', '4_or_5': '4' }), 'Pflegegrad', { health: true }),
      mark_h: leaf({ 2022: null, 2024: 'E0161808' }, tick('1'), 'Merkzeichen H der gepflegten Person', { health: true }),
    }),
    travel_lump_sum: perPerson('Beh_Fk_Pausch', {
      degree_80_or_70_with_g: leaf('E0161706', tick('1'), 'Behinderungsbedingte Fahrtkosten: GdB 80, oder 70 mit G', { health: true }),
      mark_ag_bl_tbl_h: leaf('E0161806', tick('1'), 'Behinderungsbedingte Fahrtkosten: aG, Bl, TBl oder H', { health: true }),
    }),
    illness: group('And_Aufw/Krankh', costs(['E0161301', 'E0161302', 'E0161303', 'E0161304', 'E0161305'], 'Krankheitskosten')),
    care: group('And_Aufw/Pflege', costs(['E0161401', 'E0161402', 'E0161403', 'E0161404', 'E0161405'], 'Pflegekosten')),
    disability_costs: group('And_Aufw/Beh_Aufw', costs(['E0161501', 'E0161502', 'E0161503', 'E0161504', 'E0161505'], 'Behinderungsbedingte Aufwendungen')),
    funeral: group('And_Aufw/Bestatt', costs(['E0161701', 'E0161702', 'E0161703', 'E0161704', 'E0161705'], 'Bestattungskosten')),
    other: group('And_Aufw/Sonst', costs(['E0161801', 'E0161802', 'E0161803', 'E0161804', 'E0161805'], 'Sonstige außergewöhnliche Belastungen')),
  },
};
