// The message's Nutzdaten element (`Nachricht`) as ELSTER's schema Eing_sonstNachr-21.xsd defines it
// (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/SonstigeNachrichten_21/Schema),
// generated into structure/nachricht.json, and ERiC's rules of its workbook (Plausipruefungen/Sonstige/
// ElsterNachricht/Jahresdokumentation_SonstigeNachrichten_21.xml) into structure/nachricht-rules.json.
import { elsterNachrichtElement, type LetterElement } from '#shared/forms/letter.ts';

export const nachrichtElement: LetterElement = elsterNachrichtElement(
  import.meta.url,
  'nachricht',
  'sonstigenachrichten',
  'a <Nachricht> element (a message to the tax office)',
);
