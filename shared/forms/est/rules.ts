// The cross-field rules of an income tax return (Einkommensteuererklärung). Single fields (IdNr
// check digit, IBAN, tax number, date syntax) are checked where the request is parsed; these rules
// look at how the fields fit together and at what ELSTER will need to accept the return. Each
// form's own rules are beside it in anlagen/.
import type { Finding } from '#shared/domain/ticket.ts';
import { supportedDeductions, type Amount, type EstReturn } from '#shared/forms/est/model.ts';
import { checkAmount, checkReference, type Add, type Context } from '#shared/forms/est/rule-parts.ts';
import { checkMainForm } from '#shared/forms/est/anlagen/main-form.ts';
import { checkEmploymentForms } from '#shared/forms/est/anlagen/n.ts';
import { checkPension } from '#shared/forms/est/anlagen/r.ts';
import { checkProvision } from '#shared/forms/est/anlagen/vorsorge.ts';
import { mappedFindings } from '#shared/forms/est/anlagen/mapped.ts';

/** Every cross-field rule at once; paths are request paths like `employment.0.office_days`. */
export function estFindings(body: EstReturn, today: Date = new Date()): Finding[] {
  const findings: Finding[] = [];
  const add: Add = (path, code, message, extra = {}) => findings.push({ path, code, message, ...extra });
  const spouse = body.spouse ?? undefined;
  const context: Context = { body, spouse, add, married: spouse !== undefined || body.married_since !== undefined };

  checkMainForm(context, today);
  checkEmploymentForms(context);
  (body.pensions ?? []).forEach((pension, index) => checkPension(context, pension, `pensions.${index}`));
  if (body.bank) checkReference(context, 'bank.account_holder', body.bank.account_holder, false);
  checkDeductions(body.deductions ?? {}, add);
  checkProvision(context);
  findings.push(...mappedFindings(body));
  return findings;
}

function checkDeductions(deductions: Record<string, Amount>, add: Add) {
  for (const [key, amount] of Object.entries(deductions)) {
    if (!(supportedDeductions as readonly string[]).includes(key)) {
      add(`deductions.${key}`, 'DEDUCTION_UNKNOWN', `is not a deduction steuerbote supports; use one of ${supportedDeductions.join(', ')}`);
    } else {
      checkAmount(add, `deductions.${key}`, amount);
    }
  }
}
