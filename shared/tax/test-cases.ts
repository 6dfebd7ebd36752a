// Test cases that ELSTER accepts only with the Testmerker: they must never go out as live returns.

export { isTestTaxOffice } from '#shared/tax/bufa.ts';

/** The tax office of a 13-digit ELSTER tax number is its first four digits. */
export const taxOfficeOf = (elsterTaxNumber: string) => elsterTaxNumber.slice(0, 4);

/** Test identification numbers start with 0; real ones never do (StIdV § 1; ELSTER's test cases). */
export const isTestIdNr = (idnr: string) => idnr.startsWith('0');
