import type { FormFacts } from '#shared/forms/form-facts.ts';
import { letterWindow, letterYears } from '#shared/forms/letter-window.ts';

/**
 * A request for more time to file a return (Fristverlängerung, § 109 AO): ElsterNachricht, Datenart
 * Fristverlaengerung, version 21 (Datenartversionmatrix.xml: `Fristverlaengerung_<Version>`,
 * checkElsterNachricht). It may be sent any day; its `year` is the Veranlagungszeitraum whose returns
 * are late, one of the last twenty, the current one or the next (shared/forms/letter-window.ts).
 * Every year takes the one schema, Eing_Fristverl-21.xsd.
 */
export const fristverlaengerungFacts: FormFacts<'fristverlaengerung'> = {
  kind: 'fristverlaengerung',
  years: letterYears,
  window: letterWindow(true),
  verfahren: 'ElsterNachricht',
  datenart: 'Fristverlaengerung',
  datenartVersion: () => 'Fristverlaengerung_21',
};
