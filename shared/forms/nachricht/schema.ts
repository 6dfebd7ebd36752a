// The request of a message to the tax office (shared/forms/letter.ts): what every letter has, the
// element's fields under `nachricht` (element-body.ts naming, checked against the schema by the writer:
// who writes, `inhalt` with `betreff` and `text`), or the caller's own XML. `year` only where the
// message's subject has one.
import type * as z from 'zod/mini';
import { type LetterFiling, letterSchema } from '#shared/forms/letter.ts';
import { nachrichtFacts } from '#shared/forms/nachricht/facts.ts';

export const nachrichtSchema = letterSchema(nachrichtFacts, 'nachricht', 'who writes, and the message (inhalt.betreff, inhalt.text)');

export type NachrichtRequest = z.infer<typeof nachrichtSchema>;
export type NachrichtFiling = LetterFiling<NachrichtRequest>;
