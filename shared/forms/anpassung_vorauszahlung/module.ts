// The request to adjust prepayments as generic code sees it (shared/forms/letter.ts), and its protocol:
// "Antrag auf Anpassung der Vorauszahlungen", each tax and period it concerns, its attachments counted.
import { anpassungVorauszahlungLetter, form } from '#shared/forms/anpassung_vorauszahlung/check.ts';
import { childOf, letterModule } from '#shared/forms/letter.ts';

/** The taxes whose prepayments may be adjusted, by ELSTER's code (Eing_Vorauszlg-21.xsd, Steuerart), for the protocol. */
const taxNames: Record<string, string> = {
  '0030': 'Einkommensteuer',
  '0031': 'Besteuerungsgrundlagen zur Einkommensteuer',
  '0500': 'Kirchensteuer',
  '0610': 'Körperschaftsteuer',
  '1840': 'Gewerbesteuer',
  '1841': 'Gewerbesteuermessbetrag',
};

/** The periods, by ELSTER's code (Quartal). */
const periodNames: Record<string, string> = { Q1: 'ab 1. Quartal', Q2: 'ab 2. Quartal', Q3: 'ab 3. Quartal', Q4: 'ab 4. Quartal', nVz: 'nachträglich' };

export const formModule = letterModule(anpassungVorauszahlungLetter, form, (tree, files) => ({
  title: 'Antrag auf Anpassung der Vorauszahlungen',
  section: 'Vorauszahlungen',
  figures: [
    ...(tree?.children.filter(({ name }) => name === 'AntragFuerSteuerartZeitraum') ?? []).map((request) => {
      const tax = childOf(request, 'Steuerart')?.text ?? '';
      const period = childOf(request, 'Quartal')?.text ?? '';
      return { label: `${taxNames[tax] ?? tax} ${childOf(request, 'Jahr')?.text ?? ''}`.trim(), value: periodNames[period] ?? (period || '–') };
    }),
    { label: 'Anhänge', value: String(files) },
  ],
}));
