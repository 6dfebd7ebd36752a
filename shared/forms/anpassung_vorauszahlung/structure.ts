// The prepayments request's Nutzdaten element (`Vorauszahlung`) as ELSTER's schema Eing_Vorauszlg-21.xsd
// defines it (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/AnpassungVorauszahlung_21/
// Schema), generated into structure/vorauszahlung.json, and ERiC's rules of its workbook
// (Jahresdokumentation_AnpassungVorauszahlung_21.xml) into structure/vorauszahlung-rules.json.
import type { LetterElement } from '#shared/forms/letter.ts';
import { ruleBook } from '#shared/forms/workbook-rules.ts';
import { readStructure } from '#shared/xml/structure.ts';

export const vorauszahlungElement: LetterElement = {
  structure: () => readStructure(new URL('./structure/vorauszahlung.json', import.meta.url)),
  rules: () => ruleBook(new URL('./structure/vorauszahlung-rules.json', import.meta.url)),
  namespace: 'http://finkonsens.de/elster/elsternachricht/anpassungvorauszahlung/v21',
  version: '21',
  label: 'a <Vorauszahlung> element (a request to adjust prepayments)',
  taxNumberAt: ['Steuernummer'],
};
