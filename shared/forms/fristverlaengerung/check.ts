import { fristverlaengerungFacts } from '#shared/forms/fristverlaengerung/facts.ts';
import { fristverlaengerungSchema } from '#shared/forms/fristverlaengerung/schema.ts';
import { fristverlaengerungElement } from '#shared/forms/fristverlaengerung/structure.ts';
import { elementLetter, letterForm } from '#shared/forms/letter.ts';

export const fristverlaengerungLetter = elementLetter(
  { kind: 'fristverlaengerung', facts: fristverlaengerungFacts, datenart: 'Fristverlaengerung', element: fristverlaengerungElement },
  'fristverlaengerung',
);

/** The form's schema and rules, as its submit function checks a body with them (functions/submit-form.ts). */
export const form = letterForm(fristverlaengerungLetter, fristverlaengerungSchema);
