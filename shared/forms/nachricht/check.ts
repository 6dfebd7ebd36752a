import { checkForm, type CheckContext, type Form } from '#shared/forms/check.ts';
import { type Letter, letterFindings, letterRules } from '#shared/forms/letter.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';
import { nachrichtSchema, type NachrichtFiling, type NachrichtRequest } from '#shared/forms/nachricht/schema.ts';
import { nachrichtElement } from '#shared/forms/nachricht/structure.ts';

export const nachrichtLetter: Letter<NachrichtRequest, NachrichtFiling> = {
  kind: 'nachricht',
  facts: nachrichtFacts,
  datenart: 'SonstigeNachrichten',
  element: nachrichtElement,
  // The taxpayer's and the spouse's IdNrs name who writes; the tax number is the letter's.
  identifiers: { held: { Steuernummer: 'tax_number' }, others: ['Steuerpflichtiger/', 'Ehegatte/'] },
  // A message without a year of its own is filed under the year it is sent in.
  filingOf: (request, today) => ({ ...request, year: request.year ?? Number(today.slice(0, 4)) }),
  fieldsOf: (filing) => ({ ...filing.nachricht }),
};

/** What ELSTER would find in a message's Nutzdaten (the element and its attachments). */
export const nachrichtFindings = (xml: string, year: number, pathOf: (names: readonly string[]) => string) =>
  letterFindings(nachrichtLetter, xml, year, pathOf);

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form: Form<NachrichtRequest> = { facts: nachrichtFacts, schema: nachrichtSchema, rules: letterRules(nachrichtLetter) };

export const checkNachricht = (input: unknown, context: CheckContext) => checkForm(form, input, context);
