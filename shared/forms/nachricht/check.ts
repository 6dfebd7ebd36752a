import { elementLetter, letterForm } from '#shared/forms/letter.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';
import { nachrichtSchema } from '#shared/forms/nachricht/schema.ts';
import { nachrichtElement } from '#shared/forms/nachricht/structure.ts';

export const nachrichtLetter = elementLetter(
  { kind: 'nachricht', facts: nachrichtFacts, datenart: 'SonstigeNachrichten', element: nachrichtElement },
  'nachricht',
);

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form = letterForm(nachrichtLetter, nachrichtSchema);
