// The message's Nutzdaten element (`Nachricht`) as ELSTER's schema Eing_sonstNachr-21.xsd defines it
// (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/SonstigeNachrichten_21/Schema),
// generated into structure/nachricht.json, and ERiC's rules of its workbook (Plausipruefungen/Sonstige/
// ElsterNachricht/Jahresdokumentation_SonstigeNachrichten_21.xml) into structure/nachricht-rules.json.
import { generatedElement, type LetterElement } from '#shared/forms/letter.ts';

export const nachrichtElement: LetterElement = {
  ...generatedElement(import.meta.url, 'nachricht'),
  namespace: 'http://finkonsens.de/elster/elsternachricht/sonstigenachrichten/v21',
  version: '21',
  label: 'a <Nachricht> element (a message to the tax office)',
  taxNumberAt: ['Steuernummer'],
};
