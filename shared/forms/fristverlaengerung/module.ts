// The request for more time as generic code sees it (shared/forms/letter.ts), and its protocol:
// "Antrag auf Fristverlängerung", the year, the day asked for, the returns it is for, its attachments counted.
import { form, fristverlaengerungLetter } from '#shared/forms/fristverlaengerung/check.ts';
import { childOf, letterModule } from '#shared/forms/letter.ts';

/** The returns the request may be for, by ELSTER's code (Eing_Fristverl-21.xsd, Steuerart), for the protocol. */
const returnNames: Record<string, string> = {
  '0030': 'Einkommensteuererklärung',
  '0200': 'Umsatzsteuererklärung',
  '0610': 'Körperschaftsteuererklärung',
  '0611': 'Zerlegung der Körperschaftsteuer',
  '1810': 'Gesonderte Feststellung',
  '1811': 'Gesonderte und einheitliche Feststellung',
  '1812': 'Feststellung nach § 18 AStG',
  '1813': 'Einheitliche Feststellung nach § 18 AStG',
  '1840': 'Gewerbesteuererklärung',
  '1940': 'Körperschaftsteuer steuerbefreiter Körperschaften',
  '2150': 'Einnahmenüberschussrechnung',
  '2160': 'Bilanz',
  '2190': 'Grundsteuererklärung',
};

export const formModule = letterModule(fristverlaengerungLetter, form, (tree, files) => {
  const request = childOf(tree, 'AntragFuerVZ');
  const returns = request?.children.filter(({ name }) => name === 'Steuerarten').map((entry) => childOf(entry, 'Steuerart')?.text ?? '') ?? [];
  return {
    title: 'Antrag auf Fristverlängerung',
    section: 'Fristverlängerung',
    figures: [
      { label: 'Veranlagungszeitraum', value: childOf(request, 'Jahr')?.text ?? '–' },
      { label: 'Frist bis', value: childOf(request, 'Fristbis')?.text ?? '–' },
      ...returns.map((code) => ({ label: 'Erklärung', value: returnNames[code] ?? code })),
      { label: 'Anhänge', value: String(files) },
    ],
  };
});
