// The message as generic code sees it (shared/forms/form.ts), and its protocol: "Nachricht an das
// Finanzamt" with its subject, and its attachments counted.
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { letterXml, readLetterBack } from '#shared/forms/letter.ts';
import { checkNachricht, nachrichtFindings, nachrichtLetter } from '#shared/forms/nachricht/check.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';
import { nachrichtSchema } from '#shared/forms/nachricht/schema.ts';
import { nachrichtElement } from '#shared/forms/nachricht/structure.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';

const elementPath = (names: readonly string[]) => names.join('/');

export const formModule: FormModule<'nachricht'> = {
  facts: nachrichtFacts,
  identifiers: nachrichtLetter.identifiers,
  check: checkNachricht,
  // A stored message has its year: the one it named, or the one it was accepted in.
  readStored: readStoredBy(nachrichtSchema, (request) => ({ ...request, year: request.year ?? 0 })),
  nutzdaten: (body) => body.xml ?? letterXml(nachrichtLetter, body).xml,
  readBack: async (xml) => readLetterBack(nachrichtElement, xml),
  async recheck(xml, year) {
    const { findings, tree, files } = nachrichtFindings(xml, year, elementPath);
    const subject = tree?.children.find(({ name }) => name === 'Inhalt')?.children.find(({ name }) => name === 'Betreff')?.text;
    return {
      findings: findings.filter(isError),
      title: 'Nachricht an das Finanzamt',
      section: 'Nachricht',
      figures: [...(subject === undefined ? [] : [{ label: 'Betreff', value: subject }]), { label: 'Anhänge', value: String(files) }],
    };
  },
};
