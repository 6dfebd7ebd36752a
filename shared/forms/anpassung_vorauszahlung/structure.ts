// The prepayments request's Nutzdaten element (`Vorauszahlung`) as ELSTER's schema Eing_Vorauszlg-21.xsd
// defines it (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/AnpassungVorauszahlung_21/
// Schema), generated into structure/vorauszahlung.json, and ERiC's rules of its workbook
// (Jahresdokumentation_AnpassungVorauszahlung_21.xml) into structure/vorauszahlung-rules.json.
import { elsterNachrichtElement, type LetterElement } from '#shared/forms/letter.ts';

export const vorauszahlungElement: LetterElement = elsterNachrichtElement(
  import.meta.url,
  'vorauszahlung',
  'anpassungvorauszahlung',
  'a <Vorauszahlung> element (a request to adjust prepayments)',
);
