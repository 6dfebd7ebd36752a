// The Dauerfristverlängerung (§ 46 UStDV) and the Sondervorauszahlung (§ 47 UStDV): filings for a
// year rather than a period, each its own element of ELSTER's Steuerfall (structure.ts).

import type { Finding } from '#shared/domain/ticket.ts';
import type { SpecialFigures } from '#shared/forms/ustva/model.ts';
import { isAmount, isWholeEuros, toCents } from '#shared/tax/money.ts';
import { ericFinding } from '#shared/forms/ustva/eric-rules.ts';
import { flagFindings } from '#shared/forms/ustva/flag-rules.ts';
import { partiesFindings } from '#shared/forms/parties.ts';

/**
 * Kz 38, the special prepayment: one eleventh of last year's remaining prepayments plus the
 * special prepayment then deducted (UStVA-2025.xsd, the documentation of Kz38), in whole euros.
 * Rounding down to the euro is our choice: the schema takes whole euros and says nothing of cents.
 */
export const kz38From = (prepaymentsPriorYear: number | string): number => Math.floor(toCents(prepaymentsPriorYear) / 1100);

/**
 * The application is due by the due date of the first prepayment it should cover (§ 48 Abs. 1
 * UStDV): 10 February for monthly filers, who also pay the special prepayment, 10 April for
 * quarterly filers. Later it is a hint only: the tax office may still grant it.
 */
export function specialFindings(figures: SpecialFigures, today: string, pathOf: (field: string) => string = (field) => field): Finding[] {
  const findings: Finding[] = [];
  if (figures.type === 'sondervorauszahlung') {
    const kz38 = figures.kz38;
    const path = pathOf('kennzahlen.kz38');
    if (kz38 === undefined)
      findings.push(...ericFinding('Svz_Kz38_Pflichtfeld', figures.year, { path, code: 'REQUIRED', message: 'is required: the special prepayment' }));
    else if (!isAmount(kz38) || !isWholeEuros(kz38)) findings.push({ path, code: 'KZ_WHOLE_EUROS', message: 'must be whole euros' });
    else if (toCents(kz38) < 0) findings.push({ path, code: 'KZ_NEGATIVE', message: 'must not be negative' });
  }
  const ruled = [...flagFindings(figures.type, figures.year, figures.flags), ...partiesFindings(figures)];
  findings.push(...ruled.map((finding) => ({ ...finding, path: pathOf(finding.path) })));
  const due = `${figures.year}-${figures.type === 'sondervorauszahlung' ? '02' : '04'}-10`;
  if (today > due) {
    findings.push({
      path: pathOf('year'),
      code: 'APPLICATION_LATE',
      message: `is applied for after ${due}, the due date of the first prepayment it should cover (§ 48 Abs. 1 UStDV); the tax office may still grant it`,
      severity: 'hint',
    });
  }
  return findings;
}
