import { anpassungVorauszahlungFacts } from '#shared/forms/anpassung_vorauszahlung/facts.ts';
import { anpassungVorauszahlungSchema } from '#shared/forms/anpassung_vorauszahlung/schema.ts';
import { vorauszahlungElement } from '#shared/forms/anpassung_vorauszahlung/structure.ts';
import { elementLetter, letterForm } from '#shared/forms/letter.ts';

export const anpassungVorauszahlungLetter = elementLetter(
  { kind: 'anpassung_vorauszahlung', facts: anpassungVorauszahlungFacts, datenart: 'AnpassungVorauszahlung', element: vorauszahlungElement },
  'vorauszahlung',
);

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form = letterForm(anpassungVorauszahlungLetter, anpassungVorauszahlungSchema);
