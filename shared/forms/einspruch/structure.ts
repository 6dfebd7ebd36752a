// The appeal's Nutzdaten element (`Einspruch`) as ELSTER's schema Einsprch-22.xsd defines it (ERiC
// 41.6.2.0 documentation, Schnittstellenbeschreibungen/Sonstige/Einspruch_22/Schema), generated into
// structure/einspruch.json, and ERiC's rules of its workbook (Plausipruefungen/Sonstige/Einspruch/
// Jahresdokumentation_Einspruch_22.xml) into structure/einspruch-rules.json (scripts/structure/generate.ts).
import { elsterNachrichtElement, type LetterElement } from '#shared/forms/letter.ts';

export const einspruchElement: LetterElement = elsterNachrichtElement(import.meta.url, 'einspruch', 'einspruch', 'an <Einspruch> element (the appeal)', '22', [
  'Ordnungsbegriff',
  'Steuernummer',
]);
