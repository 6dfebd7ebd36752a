// Tax offices that ELSTER no longer takes, each with the day its number was last in ELSTER's tax
// office data at hand and the office that took over (docs/sources.md, "Tax offices").

/** A dissolved tax office: `until` the last day its number is known to have been taken, `successor` the office that took over. */
export interface DissolvedTaxOffice {
  until: string;
  successor: string;
}

// ERiC 41.6.2.0's Finanzamtsdaten.xlsx (GEMFA data of the BZSt of 2025-02-17) still lists each
// number; the list of ERiC 44.2 [RL Bufas.php] no longer does. Frankfurt's five offices merged
// in spring 2024 into one, which ERiC's data names "Frankfurt am Main" under 2614 and 2645 alike
// and which keeps 2614; Wiesbaden's and Offenbach's two offices became one each, and Fürth was a
// branch of Bensheim; Holzminden merged into Hameln-Holzminden [RL tests/Datasets/Bufas.php].
const until = '2025-02-17';
const dissolved: Readonly<Record<string, DissolvedTaxOffice>> = {
  '2331': { until, successor: '2322' },
  '2612': { until, successor: '2614' },
  '2613': { until, successor: '2614' },
  '2615': { until, successor: '2614' },
  '2617': { until, successor: '2605' },
  '2635': { until, successor: '2644' },
  '2643': { until, successor: '2640' },
  '2647': { until, successor: '2614' },
};

export const dissolvedTaxOffice = (bufa: string): DissolvedTaxOffice | undefined => (Object.hasOwn(dissolved, bufa) ? dissolved[bufa] : undefined);
