// Anlage Sonderausgaben, further expenses (SA/Weit_Aufw in E10-2022.xsd to E10-2024.xsd): support
// payments on a transfer of assets (Versorgungsleistungen, § 10 Abs. 1a Nr. 2 EStG) as annuities and
// as permanent burdens, each from a contract or as determined for a partnership; maintenance to a
// divorced or permanently separated spouse (Realsplitting, § 10 Abs. 1a Nr. 1 EStG); compensation
// payments of a pension equalisation (§ 10 Abs. 1a Nr. 3 and 4 EStG). Each recipient with the IdNr
// the schema asks for, and from 2024 whether the recipient lives in Germany. The payments to avoid
// an equalisation (Ausgl_L_Verm_VAusgl) are one recipient until 2023 and lines with a total from 2024.
import type { Finding } from '#shared/domain/ticket.ts';
import { count, idnr as idnrFormat, nonNegativeExpense, positiveExpense, text, yesNo } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, total, type Fields } from '#shared/forms/est/anlagen/map.ts';

/** The recipient of a payment, by the schema's elements for name, IdNr and (from 2024) residence in Germany. */
const recipient = (name: string, idnr: string, resident: string) => ({ recipient: leaf(name, text(), 'Empfänger'), ...recipientId(idnr, resident) });
const recipientId = (id: string, resident: string) => ({
  recipient_idnr: leaf(id, idnrFormat, 'IdNr des Empfängers'),
  recipient_resident: leaf({ 2022: null, 2024: resident }, yesNo, 'Empfänger im Inland'),
});
const basis = (id: string) => leaf(id, text(), 'Rechtsgrund, Datum');
const percent = (id: string) => leaf(id, count(59), 'Abziehbar in %');
const description = (id: string) => leaf(id, text(), 'Beschreibung');

export const furtherExpenses: Fields = {
  support_annuities: list('Gez_VersL_Rent_Vertrag/Einz', 10, {
    basis: basis('E0107301'),
    deductible_percent: percent('E0107303'),
    amount: leaf('E0107302', positiveExpense, 'Versorgungsrenten'),
    ...recipient('E0181604', 'E0181701', 'E0181702'),
  }),
  support_annuities_determined: list('Gez_VersL_Rent_Fest/Einz', 10, {
    description: description('E0181601'),
    deductible_percent: percent('E0181602'),
    amount: leaf('E0181603', positiveExpense, 'Renten laut Feststellung'),
  }),
  support_burdens: list('Gez_VersL_D_L_Vertrag/Einz', 10, {
    basis: basis('E0107401'),
    amount: leaf('E0107702', positiveExpense, 'Dauernde Lasten'),
    ...recipient('E0182001', 'E0182101', 'E0182401'),
  }),
  support_burdens_determined: group('Gez_VersL_D_L_Fest', {
    lines: list('Einz', 10, {
      description: description('E0181801'),
      amount: leaf('E0181802', positiveExpense, 'Dauernde Lasten laut Feststellung'),
    }),
    lines_total: total('Sum/E0181803', ['lines', 'amount']),
  }),
  maintenance: list('U_Leist/Einz', 10, {
    recipient: leaf('E0183101', text(), 'Empfänger'),
    amount: leaf('E0104408', positiveExpense, 'Unterhalt (Realsplitting)'),
    ...recipientId('E0104305', 'E0183001'),
    insurance_included: leaf('E0104503', nonNegativeExpense, 'Darin Versicherungsbeiträge'),
    insurance_with_sick_pay: leaf('E0104504', nonNegativeExpense, 'Davon mit Anspruch auf Krankengeld'),
  }),
  equalisation_payments: group('Ausgl_Z_sch_r_VAusgl', {
    lines: list('Einz', 99, {
      basis: basis('E0104306'),
      amount: leaf('E0104307', positiveExpense, 'Ausgleichszahlungen (Versorgungsausgleich)'),
      ...recipient('E0103904', 'E0103905', 'E0183901'),
    }),
    lines_total: total('Sum/E0104308', ['lines', 'amount']),
  }),
  // One recipient until 2023 (its elements stand in Ausgl_L_Verm_VAusgl itself), lines with a total from 2024.
  equalisation_avoidance: list({ 2022: 'Ausgl_L_Verm_VAusgl', 2024: 'Ausgl_L_Verm_VAusgl/Einz' }, 10, {
    recipient: leaf('E0184201', text(), 'Empfänger'),
    amount: leaf('E0103903', positiveExpense, 'Zahlungen gegen Versorgungsausgleich'),
    ...recipientId('E0182301', 'E0184101'),
  }),
  equalisation_avoidance_total: total({ 2022: null, 2024: 'Ausgl_L_Verm_VAusgl/Sum/E0184001' }, ['equalisation_avoidance', 'amount']),
};

interface Recipient {
  amount?: number | string;
  recipient_idnr?: string;
}

/**
 * The rules of the further expenses. Each of these payments is deductible only with the
 * recipient's IdNr (§ 10 Abs. 1a Nr. 1 to 4 EStG, each naming it as a condition): a line without
 * one is a hint, a line naming the taxpayer's own an error. The 2022 and 2023 forms take one
 * recipient of payments to avoid an equalisation.
 */
export function furtherExpenseFindings(body: { year: number; taxpayer?: { idnr?: string }; special_expenses?: unknown }): Finding[] {
  const further = (body.special_expenses as { further_expenses?: Record<string, unknown> } | undefined)?.further_expenses ?? {};
  const findings: Finding[] = [];
  for (const key of ['support_annuities', 'support_burdens', 'maintenance', 'equalisation_payments', 'equalisation_avoidance']) {
    const given = further[key];
    // Lines stand in the field itself, or in its `lines` beside their total.
    const [lines, at] = Array.isArray(given) ? [given, key] : [(given as { lines?: unknown[] } | undefined)?.lines ?? [], `${key}.lines`];
    (lines as Recipient[]).forEach(({ amount, recipient_idnr }, index) => {
      const path = `special_expenses.further_expenses.${at}.${index}.recipient_idnr`;
      if (recipient_idnr === undefined && amount !== undefined)
        findings.push({ path, code: 'RECIPIENT_IDNR_MISSING', message: "should be given: deductible only with the recipient's IdNr", severity: 'hint' });
      else if (recipient_idnr !== undefined && recipient_idnr === body.taxpayer?.idnr)
        findings.push({ path, code: 'RECIPIENT_IDNR_OWN', message: "must be the recipient's IdNr, not the taxpayer's" });
    });
  }
  if (body.year < 2024 && (further.equalisation_avoidance as unknown[] | undefined)?.[1])
    findings.push({
      path: 'special_expenses.further_expenses.equalisation_avoidance.1',
      code: 'OUT_OF_RANGE',
      message: `is one too many: the form of ${body.year} takes one line`,
      expected: 'at most 1 line',
    });
  return findings;
}
