// The Kennzahlen ERiC's UStVA rules name, read from the list of its rules (shared/forms/ustva/eric-rules.ts,
// held to ELSTER's workbooks), so that a test takes them from ELSTER's word rather than the code's.
import { ericRules, isEricRuleOf } from '#shared/forms/ustva/eric-rules.ts';

function named(pattern: RegExp, year: number): string[][] {
  return ericRules.flatMap(([, name]) => {
    const match = pattern.exec(name);
    return match && isEricRuleOf(name, year) ? [match.slice(1)] : [];
  });
}

/** Each base and its tax that ERiC wants together in `year` (rules UStVA_KzNN_NN_Gemeinsam). */
export const rulePairs = (year: number) => named(/^UStVA_Kz(\d{2})_(\d{2})_Gemeinsam$/, year) as [base: string, tax: string][];

/** Each Kennzahl whose zero ERiC points out in `year` (rules UStVA_KzNN_Nullwertangabe_Hinweis). */
export const zeroHinted = (year: number) => named(/^UStVA_Kz(\d{2})_Nullwertangabe_Hinweis$/, year).map(([kz]) => kz!);
