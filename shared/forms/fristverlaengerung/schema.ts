// The request for more time to file (shared/forms/letter.ts): what every letter has, the element's
// fields under `fristverlaengerung` (element-body.ts naming, checked against the schema by the writer:
// who asks, the reasons, the year and returns it is for and the day asked for), or the caller's own XML.
import type * as z from 'zod/mini';
import { fristverlaengerungFacts } from '#shared/forms/fristverlaengerung/facts.ts';
import { type LetterFiling, letterSchema } from '#shared/forms/letter.ts';

export const fristverlaengerungSchema = letterSchema(
  fristverlaengerungFacts,
  'fristverlaengerung',
  'who asks, why, and for which returns until when (antrag_fuer_vz)',
);

export type FristverlaengerungRequest = z.infer<typeof fristverlaengerungSchema>;
export type FristverlaengerungFiling = LetterFiling<FristverlaengerungRequest>;
