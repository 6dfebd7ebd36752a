// The prepayments request's Nutzdaten element (`Vorauszahlung`) as ELSTER's schema Eing_Vorauszlg-21.xsd
// defines it (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/AnpassungVorauszahlung_21/
// Schema), generated into structure/vorauszahlung.json, and ERiC's rules of its workbook
// (Jahresdokumentation_AnpassungVorauszahlung_21.xml) into structure/vorauszahlung-rules.json.
import { generatedElement, type LetterElement } from '#shared/forms/letter.ts';

export const vorauszahlungElement: LetterElement = {
  ...generatedElement(import.meta.url, 'vorauszahlung'),
  namespace: 'http://finkonsens.de/elster/elsternachricht/anpassungvorauszahlung/v21',
  version: '21',
  label: 'a <Vorauszahlung> element (a request to adjust prepayments)',
  taxNumberAt: ['Steuernummer'],
};
