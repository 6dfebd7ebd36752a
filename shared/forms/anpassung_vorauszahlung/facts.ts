import type { FormFacts } from '#shared/forms/form-facts.ts';
import { letterWindow, letterYears } from '#shared/forms/letter-window.ts';

/**
 * A request to adjust prepayments (Anpassung der Vorauszahlungen, § 37 EStG, § 31 KStG, § 19 GewStG):
 * ElsterNachricht, Datenart AnpassungVorauszahlung, version 21 (Datenartversionmatrix.xml:
 * `AnpassungVorauszahlung_<Version>`, checkElsterNachricht). It may be sent any day; its `year` is
 * the year whose prepayments it asks to change, where it names one, else the year it is sent in
 * (shared/forms/letter-window.ts). Every year takes the one schema, Eing_Vorauszlg-21.xsd.
 */
export const anpassungVorauszahlungFacts: FormFacts<'anpassung_vorauszahlung'> = {
  kind: 'anpassung_vorauszahlung',
  years: letterYears,
  window: letterWindow(true),
  verfahren: 'ElsterNachricht',
  datenart: 'AnpassungVorauszahlung',
  datenartVersion: () => 'AnpassungVorauszahlung_21',
};
