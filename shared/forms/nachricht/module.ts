// The message as generic code sees it (shared/forms/letter.ts), and its protocol: "Nachricht an das
// Finanzamt" with its subject, and its attachments counted.
import { letterModule } from '#shared/forms/letter.ts';
import { form, nachrichtLetter } from '#shared/forms/nachricht/check.ts';

export const formModule = letterModule(nachrichtLetter, form, (tree, files) => {
  const subject = tree?.children.find(({ name }) => name === 'Inhalt')?.children.find(({ name }) => name === 'Betreff')?.text;
  return {
    title: 'Nachricht an das Finanzamt',
    section: 'Nachricht',
    figures: [...(subject === undefined ? [] : [{ label: 'Betreff', value: subject }]), { label: 'Anhänge', value: String(files) }],
  };
});
