// The extension's Nutzdaten element (`Fristverlaengerung`) as ELSTER's schema Eing_Fristverl-21.xsd
// defines it (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/Fristverlaengerung_21/
// Schema), generated into structure/fristverlaengerung.json, and ERiC's rules of its workbook
// (Jahresdokumentation_Fristverlaengerung_21.xml) into structure/fristverlaengerung-rules.json.
import { elsterNachrichtElement, type LetterElement } from '#shared/forms/letter.ts';

export const fristverlaengerungElement: LetterElement = elsterNachrichtElement(
  import.meta.url,
  'fristverlaengerung',
  'fristverlaengerung',
  'a <Fristverlaengerung> element (a request for more time to file)',
);
