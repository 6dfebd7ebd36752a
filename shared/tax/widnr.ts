// The Wirtschafts-Identifikationsnummer (W-IdNr, § 139c AO): `DE` and nine digits, which for a
// business with a USt-IdNr are that number's, so that the ninth is the same check digit
// (vat-id.ts, `germanCheckDigitHolds`); each of its activities is told apart by a hyphen and a
// five-digit Unterscheidungsmerkmal from 00001. The forms take one of the two shapes each (the XSDs'
// W_IdNr `DE[0-9]{9}`, e.g. UStVA-2025.xsd WIdNr, E50-2025.xsd E3000401, and the 17 characters of
// E10-2024.xsd's and E77-2024.xsd's Wirtschafts-Identifikationsnummer); ERiC refuses a wrong one by its
// formal rules `ungueltigeWirtschaftsIdentifikationsnummer` and `…U` (shared/elster/rules/
// Jahresdokumentation_UStVA_2025.xml, Jahresdokumentation_USt_50_2025.xml).
import type { Problem } from '#shared/tax/problem.ts';
import { germanCheckDigitHolds } from '#shared/tax/vat-id.ts';

/** Which shape a place takes: the nine digits alone, or with the Unterscheidungsmerkmal. */
export type WidnrShape = 'plain' | 'distinguished';

const shapes: Record<WidnrShape, { pattern: RegExp; form: string }> = {
  plain: { pattern: /^DE\d{9}$/, form: 'DE and nine digits, like DE123456788' },
  distinguished: { pattern: /^DE\d{9}-(?!00000)\d{5}$/, form: 'DE, nine digits, a hyphen and the Unterscheidungsmerkmal from 00001, like DE123456788-00001' },
};

/** ERiC's rule that refuses a W-IdNr of either shape whose form or check digit is wrong. */
export const widnrRule = (shape: WidnrShape) =>
  shape === 'plain' ? 'ungueltigeWirtschaftsIdentifikationsnummer' : 'ungueltigeWirtschaftsIdentifikationsnummerU';

/** A W-IdNr of `shape` whose form or check digit (the ninth digit) does not hold. */
export function widnrProblem(widnr: string, shape: WidnrShape = 'plain'): Problem | undefined {
  const { pattern, form } = shapes[shape];
  if (!pattern.test(widnr)) return { code: 'WIDNR_FORMAT', message: `must be a W-IdNr: ${form}` };
  if (!germanCheckDigitHolds(widnr.slice(2, 11)))
    return { code: 'WIDNR_CHECK_DIGIT', message: 'does not pass its check digit (the ninth digit): a digit is probably mistyped or swapped' };
  return undefined;
}

/** The shape of a W-IdNr as written, for places that take either. */
export const widnrShapeOf = (widnr: string): WidnrShape => (widnr.length > 11 ? 'distinguished' : 'plain');
