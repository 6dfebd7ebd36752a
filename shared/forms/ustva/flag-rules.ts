// ERiC's rules of the flags every UStVA filing may carry (shared/elster/rules/
// Jahresdokumentation_UStVA_{2021..2025}.xml): Kz 23 with its text, and Kz 29, the offsetting or
// assignment of a refund, which needs a refund or a corrected filing (Kz 10). Paths are request
// paths (`flags.supplementary_text`).

import type { Finding } from '#shared/domain/ticket.ts';
import type { UstvaType } from '#shared/forms/ustva/facts.ts';
import type { UstvaFlags } from '#shared/forms/ustva/model.ts';
import { ericFinding } from '#shared/forms/ustva/eric-rules.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';

// Each filing's rules carry its own prefix in the workbooks.
const prefixes = { voranmeldung: 'UStVA', dauerfristverlaengerung: 'Df', sondervorauszahlung: 'Svz' } as const;

/** The rules of the flags of a filing; `kz83` is the Voranmeldung's remaining advance payment. */
export function flagFindings(type: UstvaType, year: number, flags: UstvaFlags = {}, kz83?: number | string): Finding[] {
  const prefix = prefixes[type];
  const findings: Finding[] = [];
  const path = 'flags.supplementary_text';
  if (flags.supplementary === true && flags.supplementary_text === undefined)
    findings.push(
      ...ericFinding(`${prefix}_Kz23_Begr_Gemeinsam`, year, {
        path,
        code: 'REQUIRED',
        message: 'is required with supplementary: the further facts the tax office is to consider',
      }),
    );
  if (flags.supplementary_text !== undefined && flags.supplementary !== true)
    findings.push(
      ...ericFinding(`${prefix}_Kz23_Begr_Gemeinsam`, year, {
        path,
        code: 'SUPPLEMENTARY_TEXT_WITHOUT_FLAG',
        message: 'goes with supplementary: true (Kz 23)',
      }),
    );
  if (flags.supplementary === true && flags.supplementary_text !== undefined)
    findings.push(
      ...ericFinding(`${prefix}_Kz23_Hinweis`, year, {
        path,
        code: 'SUPPLEMENTARY_READ_BY_HAND',
        message: 'is read by a clerk of the tax office, so the filing is not processed automatically and may take longer',
      }),
    );

  if (flags.refund_offset === true && flags.corrected !== true) {
    const refundOffset = { path: 'flags.refund_offset', code: 'REFUND_OFFSET_WITHOUT_REFUND' };
    if (type === 'sondervorauszahlung')
      findings.push(
        ...ericFinding('Svz_Kz29_ohne_Kz10', year, {
          ...refundOffset,
          message: 'goes with a special prepayment only when it is corrected (corrected: true): only then can there be a refund to offset or assign',
        }),
      );
    if (type === 'voranmeldung' && kz83 !== undefined && isAmount(kz83) && toCents(kz83) >= 0)
      findings.push(
        ...ericFinding('UStVA_KZ29_bei_positiver_Kz83', year, {
          ...refundOffset,
          message: 'goes with a refund (a negative Kz 83) or a corrected return (corrected: true): there is no refund to offset or assign',
        }),
      );
  }
  return findings;
}
