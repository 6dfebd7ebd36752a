// Anlage Zinsschranke, per person and business: the interest barrier (§ 4h EStG, § 8a KStG) with
// the interest carried forward and the EBITDA carried forward. From 2024 the interest lines stand
// in their own block without the interest of § 4h Abs. 6 EStG, and a business names its business
// identification number.
import { businessId, income, nonNegativeIncome, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { from2024, leaf, list, perPersonAnlage } from '#shared/forms/est/anlagen/map.ts';

export const zinsAnlage = perPersonAnlage(
  { key: 'interest_barrier', element: 'Zins', label: 'Anlage Zinsschranke' },
  {
    businesses: list('Betr', 99, {
      name: leaf('Ang_Betr/E2110401', text(), 'Bezeichnung des Betriebs'),
      business_id: leaf(from2024('Ang_Betr/E2110502'), businessId, 'Wirtschafts-Identifikationsnummer'),
      interest_carried_forward: leaf('Zins_Vort/E2110501', income, 'Zinsvortrag zum Schluss des Vorjahres'),
      interest_carried_forward_reduced: leaf('Zins_Vort/E2110801', income, 'Verringerung des Zinsvortrags'),
      interest_expenses: leaf('Zins_Vort/E2110601', income, 'Zinsaufwendungen des Wirtschaftsjahres'),
      deductible: leaf('Zins_Vort/E2110701', income, 'Nach § 4h EStG abziehbare Beträge'),
      deductible_calculation: leaf({ 2022: null, 2023: 'Zins_Vort/E2110802' }, text(), 'Berechnung der abziehbaren Beträge'),
      exemption_small: leaf('Zins_Vort/E2110902', tick('X'), 'Ausnahme nach § 4h Abs. 2 Satz 1 Buchst. a EStG'),
      exemption_group_kst: leaf('Zins_Vort/E2111002', tick('X'), 'Ausnahme nach § 8a KStG, Konzernzugehörigkeit'),
      exemption_equity_kst: leaf('Zins_Vort/E2111102', tick('X'), 'Ausnahme nach § 8a KStG, Eigenkapitalvergleich'),
      not_deductible: leaf('Zins_Vort/E2110901', income, 'Nicht abziehbare Zinsaufwendungen (Zinsvortrag)'),
      interest_income: leaf('Zins_Vort/E2111001', income, 'Zinserträge des Wirtschaftsjahres'),
      depreciation_immediate: leaf('Zins_Vort/E2111101', income, 'Nach § 6 Abs. 2 und 2a EStG abgesetzte Beträge'),
      shareholder_loans: leaf('Zins_Vort/E2111201', income, 'Vergütungen für Fremdkapital an Anteilseigner'),
      from_2024: leaf(from2024('Zins_Vort_ab_2024/E2111704'), income, 'Zinsvortrag zum Schluss des Vorjahres (ab 2024)'),
      from_2024_reduced: leaf(from2024('Zins_Vort_ab_2024/E2111801'), income, 'Verringerung des Zinsvortrags (ab 2024)'),
      from_2024_expenses: leaf(from2024('Zins_Vort_ab_2024/E2111901'), income, 'Zinsaufwendungen ohne § 4h Abs. 6 EStG'),
      from_2024_deductible: leaf(from2024('Zins_Vort_ab_2024/E2112001'), income, 'Abziehbare Beträge (ab 2024)'),
      from_2024_deductible_calculation: leaf(from2024('Zins_Vort_ab_2024/E2112002'), text(), 'Berechnung der abziehbaren Beträge (ab 2024)'),
      from_2024_exemption_small: leaf(from2024('Zins_Vort_ab_2024/E2112101'), tick('X'), 'Ausnahme nach § 4h Abs. 2 Satz 1 Buchst. a EStG (ab 2024)'),
      from_2024_exemption_group: leaf(from2024('Zins_Vort_ab_2024/E2112201'), tick('X'), 'Ausnahme nach § 4h Abs. 2 Satz 1 Buchst. b EStG (ab 2024)'),
      from_2024_exemption_kst: leaf(from2024('Zins_Vort_ab_2024/E2112301'), tick('X'), 'Ausnahme nach § 8a KStG (ab 2024)'),
      from_2024_not_deductible: leaf(from2024('Zins_Vort_ab_2024/E2112401'), income, 'Nicht abziehbare Zinsaufwendungen (ab 2024)'),
      from_2024_interest_income: leaf(from2024('Zins_Vort_ab_2024/E2112501'), income, 'Zinserträge ohne § 4h Abs. 6 EStG'),
      from_2024_depreciation_immediate: leaf(from2024('Zins_Vort_ab_2024/E2112601'), income, 'Nach § 6 Abs. 2 und 2a EStG abgesetzte Beträge (ab 2024)'),
      from_2024_shareholder_loans: leaf(from2024('Zins_Vort_ab_2024/E2112701'), income, 'Vergütungen für Fremdkapital an Anteilseigner (ab 2024)'),
      ebitda_description: leaf('EBITDA_Vortr/E2111302', text(), 'EBITDA-Vortrag zum Schluss des Vorjahres (Bezeichnung)'),
      ebitda_carried_forward: leaf('EBITDA_Vortr/E2111301', income, 'EBITDA-Vortrag zum Schluss des Vorjahres'),
      ebitda_reduced: leaf('EBITDA_Vortr/E2111703', income, 'Verringerung des EBITDA-Vortrags'),
      ebitda_offsettable: leaf('EBITDA_Vortr/E2111401', income, 'Verrechenbares EBITDA des Wirtschaftsjahres'),
      ebitda_eligible: leaf('EBITDA_Vortr/E2111501', nonNegativeIncome, 'Berücksichtigungsfähiges verrechenbares EBITDA'),
      ebitda_used_current: leaf('EBITDA_Vortr/E2111601', income, 'Verbrauch von EBITDA des Wirtschaftsjahres'),
      ebitda_used_carried: leaf('EBITDA_Vortr/E2111702', income, 'Verbrauch von festgestelltem EBITDA-Vortrag'),
      ebitda_remaining: leaf('EBITDA_Vortr/E2111701', income, 'Verbleibendes EBITDA (EBITDA-Vortrag zum Schluss)'),
    }),
  },
);
