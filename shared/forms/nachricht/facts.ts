import type { FormFacts } from '#shared/forms/form-facts.ts';
import { letterWindow, letterYears } from '#shared/forms/letter-window.ts';

/**
 * Any other message to the tax office (Sonstige Nachricht): ElsterNachricht, Datenart
 * SonstigeNachrichten, version 21 (Datenartversionmatrix.xml: `SonstigeNachrichten_<Version>`). It may
 * be sent any day and names a year only where its subject has one; without one it is filed under the
 * year it is sent in (shared/forms/letter-window.ts). Every year takes the one schema, Eing_sonstNachr-21.xsd.
 */
export const nachrichtFacts: FormFacts<'nachricht'> = {
  kind: 'nachricht',
  years: letterYears,
  window: letterWindow(true),
  verfahren: 'ElsterNachricht',
  datenart: 'SonstigeNachrichten',
  datenartVersion: () => 'SonstigeNachrichten_21',
};
