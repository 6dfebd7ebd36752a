import type { FormFacts } from '#shared/forms/form-facts.ts';
import { letterWindow, letterYearFindings, letterYears } from '#shared/forms/letter-window.ts';

/**
 * The appeal (Einspruch, § 347 AO) against a notice of the tax office: ElsterNachricht, Datenart
 * Einspruch, version 22 (Datenartversionmatrix.xml: `Einspruch_<Version>`, checkEinspruch). It may be
 * sent any day; its `year` is the year of the notice it contests, one of the last twenty or the
 * current one (shared/forms/letter-window.ts). Every year takes the one schema, Einsprch-22.xsd.
 */
export const einspruchFacts: FormFacts<'einspruch'> = {
  kind: 'einspruch',
  years: letterYears,
  acceptedYears: (today) => letterWindow(today, 0),
  yearFindings: (year, today) => letterYearFindings(year, today, 0),
  verfahren: 'ElsterNachricht',
  datenart: 'Einspruch',
  datenartVersion: () => 'Einspruch_22',
};
