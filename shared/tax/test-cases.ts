// Test cases that ELSTER accepts only with the Testmerker: they must never go out as live returns.

/**
 * Test tax offices (Bundesfinanzamtsnummern), per Land, as the BUFA list of ERiC 41.5.4 names them
 * (rechtlogisch/steuernummer Bufas::TEST; digitalservicebund/erica). Ranges are inclusive.
 */
const testTaxOfficeRanges: readonly (readonly [number, number])[] = [
  [3093, 3094], [3096, 3098], // BB
  [1194, 1198], // BE
  [2866, 2868], [2872, 2873], [2875, 2875], // BW
  [9172, 9173], [9179, 9180], [9186, 9186], [9197, 9199], [9272, 9280], [9282, 9283], [9296, 9297], [9299, 9299], // BY
  [2497, 2497], // HB
  [2653, 2653], [2655, 2655], [2657, 2658], [2660, 2663], [2670, 2670], [2678, 2690], [2692, 2695], [2697, 2698], // HE
  [4088, 4089], [4091, 4094], [4097, 4099], // MV
  [2375, 2379], [2388, 2389], [2394, 2394], [2396, 2398], // NI
  [5192, 5199], [5400, 5424], [5500, 5519], [5600, 5624], // NW
  [2749, 2749], [2795, 2799], // RP
  [2138, 2139], [2198, 2198], // SH
  [1096, 1099], // SL
  [3246, 3249], // SN
  [3196, 3196], [3198, 3198], // ST
  [4196, 4198], // TH
];

export function isTestTaxOffice(taxOffice: string): boolean {
  const bufa = Number(taxOffice);
  return testTaxOfficeRanges.some(([from, to]) => bufa >= from && bufa <= to);
}

/** The tax office of a 13-digit ELSTER tax number is its first four digits. */
export const taxOfficeOf = (elsterTaxNumber: string) => elsterTaxNumber.slice(0, 4);

/** Test identification numbers start with 0; real ones never do (StIdV § 1; ELSTER's test cases). */
export const isTestIdNr = (idnr: string) => idnr.startsWith('0');
