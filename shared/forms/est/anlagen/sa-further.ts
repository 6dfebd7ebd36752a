// Anlage Sonderausgaben, further expenses (SA/Weit_Aufw in E10-2022.xsd to E10-2024.xsd): support
// payments on a transfer of assets (Versorgungsleistungen, § 10 Abs. 1a Nr. 2 EStG) as annuities and
// as permanent burdens, each from a contract or as determined for a partnership; maintenance to a
// divorced or permanently separated spouse (Realsplitting, § 10 Abs. 1a Nr. 1 EStG); compensation
// payments of a pension equalisation (§ 10 Abs. 1a Nr. 3 and 4 EStG). Each recipient with the IdNr
// the schema asks for, and from 2024 whether the recipient lives in Germany. The payments to avoid
// an equalisation (Ausgl_L_Verm_VAusgl) are one recipient until 2023 and lines with a total from 2024.
import type { Finding } from '#shared/domain/ticket.ts';
import { count, group, idnr, leaf, list, nonNegativeExpense, positiveExpense, text, total, yesNo, type Fields } from '#shared/forms/est/anlagen/map.ts';

/** Whether the recipient lives in Germany: a question of the 2024 form. */
const resident = (id: string) => leaf({ 2022: null, 2024: id }, yesNo, 'Empfänger mit Wohnsitz im Inland');

export const furtherExpenses: Fields = {
  support_annuities: list('Gez_VersL_Rent_Vertrag/Einz', 10, {
    basis: leaf('E0107301', text(), 'Versorgungsleistungen (Renten), Rechtsgrund und Datum des Vertrags'),
    deductible_percent: leaf('E0107303', count(59), 'Versorgungsleistungen (Renten), abziehbar in %'),
    amount: leaf('E0107302', positiveExpense, 'Versorgungsleistungen (Renten)'),
    recipient: leaf('E0181604', text(), 'Empfänger'),
    recipient_idnr: leaf('E0181701', idnr, 'Identifikationsnummer des Empfängers'),
    recipient_resident: resident('E0181702'),
  }),
  support_annuities_determined: list('Gez_VersL_Rent_Fest/Einz', 10, {
    description: leaf('E0181601', text(), 'Versorgungsleistungen (Renten) laut Feststellung, Beschreibung'),
    deductible_percent: leaf('E0181602', count(59), 'Versorgungsleistungen (Renten) laut Feststellung, abziehbar in %'),
    amount: leaf('E0181603', positiveExpense, 'Versorgungsleistungen (Renten) laut Feststellung'),
  }),
  support_burdens: list('Gez_VersL_D_L_Vertrag/Einz', 10, {
    basis: leaf('E0107401', text(), 'Versorgungsleistungen (dauernde Lasten), Rechtsgrund und Datum des Vertrags'),
    amount: leaf('E0107702', positiveExpense, 'Versorgungsleistungen (dauernde Lasten)'),
    recipient: leaf('E0182001', text(), 'Empfänger'),
    recipient_idnr: leaf('E0182101', idnr, 'Identifikationsnummer des Empfängers'),
    recipient_resident: resident('E0182401'),
  }),
  support_burdens_determined: group('Gez_VersL_D_L_Fest', {
    lines: list('Einz', 10, {
      description: leaf('E0181801', text(), 'Versorgungsleistungen (dauernde Lasten) laut Feststellung, Beschreibung'),
      amount: leaf('E0181802', positiveExpense, 'Versorgungsleistungen (dauernde Lasten) laut Feststellung'),
    }),
    lines_total: total('Sum/E0181803', ['lines', 'amount']),
  }),
  maintenance: list('U_Leist/Einz', 10, {
    recipient: leaf('E0183101', text(), 'Unterstützte Person'),
    amount: leaf('E0104408', positiveExpense, 'Unterhaltsleistungen an den geschiedenen oder dauernd getrennt lebenden Ehegatten'),
    recipient_idnr: leaf('E0104305', idnr, 'Identifikationsnummer der unterstützten Person'),
    recipient_resident: resident('E0183001'),
    insurance_included: leaf('E0104503', nonNegativeExpense, 'Darin enthaltene Kranken- und Pflegeversicherungsbeiträge'),
    insurance_with_sick_pay: leaf('E0104504', nonNegativeExpense, 'Davon Krankenversicherungsbeiträge mit Anspruch auf Krankengeld'),
  }),
  equalisation_payments: group('Ausgl_Z_sch_r_VAusgl', {
    lines: list('Einz', 99, {
      basis: leaf('E0104306', text(), 'Ausgleichszahlungen (Versorgungsausgleich), Rechtsgrund und Datum der ersten Zahlung'),
      amount: leaf('E0104307', positiveExpense, 'Ausgleichszahlungen im Rahmen des Versorgungsausgleichs'),
      recipient: leaf('E0103904', text(), 'Empfänger'),
      recipient_idnr: leaf('E0103905', idnr, 'Identifikationsnummer des Empfängers'),
      recipient_resident: resident('E0183901'),
    }),
    lines_total: total('Sum/E0104308', ['lines', 'amount']),
  }),
  // One recipient until 2023 (its elements stand in Ausgl_L_Verm_VAusgl itself), lines with a total from 2024.
  equalisation_avoidance: list({ 2022: 'Ausgl_L_Verm_VAusgl', 2024: 'Ausgl_L_Verm_VAusgl/Einz' }, 10, {
    recipient: leaf('E0184201', text(), 'Empfänger'),
    amount: leaf('E0103903', positiveExpense, 'Ausgleichszahlungen zur Vermeidung des Versorgungsausgleichs'),
    recipient_idnr: leaf('E0182301', idnr, 'Identifikationsnummer des Empfängers'),
    recipient_resident: resident('E0184101'),
  }),
  equalisation_avoidance_total: total({ 2022: null, 2024: 'Ausgl_L_Verm_VAusgl/Sum/E0184001' }, ['equalisation_avoidance', 'amount']),
};

interface Recipient {
  amount?: number | string;
  recipient_idnr?: string;
}
type Further = Partial<Record<string, Recipient[] | { lines?: Recipient[] }>>;

// The lines that name a recipient, by their request path below `further_expenses`.
const withRecipient = ['support_annuities', 'support_burdens', 'maintenance', 'equalisation_payments.lines', 'equalisation_avoidance'] as const;

/**
 * The rules of the further expenses. Each of these payments is deductible only with the
 * recipient's IdNr (§ 10 Abs. 1a Nr. 1 to 4 EStG, each naming it as a condition): a
 * line without one is a hint, a line naming the taxpayer's own an error. The 2022 and 2023 forms
 * take one recipient of payments to avoid an equalisation.
 */
export function furtherExpenseFindings(body: { year: number; taxpayer?: { idnr?: string }; special_expenses?: unknown }): Finding[] {
  const further = (body.special_expenses as { further_expenses?: Further } | undefined)?.further_expenses;
  if (!further) return [];
  const findings: Finding[] = [];
  for (const at of withRecipient) {
    const [key, sub] = at.split('.') as [string, string | undefined];
    const given = further[key];
    const lines = (sub ? (given as { lines?: Recipient[] } | undefined)?.lines : (given as Recipient[] | undefined)) ?? [];
    lines.forEach((line, index) => {
      const path = `special_expenses.further_expenses.${at}.${index}.recipient_idnr`;
      if (line.recipient_idnr === undefined && line.amount !== undefined)
        findings.push({
          path,
          code: 'RECIPIENT_IDNR_MISSING',
          message: "should be given: the payment is deductible only with the recipient's tax identification number (§ 10 Abs. 1a EStG)",
          severity: 'hint',
        });
      else if (line.recipient_idnr !== undefined && line.recipient_idnr === body.taxpayer?.idnr)
        findings.push({ path, code: 'RECIPIENT_IDNR_OWN', message: "must be the recipient's tax identification number, not the taxpayer's" });
    });
  }
  const avoidance = further.equalisation_avoidance as Recipient[] | undefined;
  if (body.year < 2024 && avoidance && avoidance.length > 1)
    findings.push({
      path: 'special_expenses.further_expenses.equalisation_avoidance.1',
      code: 'OUT_OF_RANGE',
      message: `is one too many for ELSTER's form of ${body.year}: it takes one recipient of payments to avoid a pension equalisation until 2023`,
      expected: 'at most 1 line',
    });
  return findings;
}
