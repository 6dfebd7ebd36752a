// The request to adjust prepayments (shared/forms/letter.ts): what every letter has, the element's
// fields under `vorauszahlung` (element-body.ts naming, checked against the schema by the writer: who
// asks, why, and the taxes and periods it concerns), or the caller's own XML.
import type * as z from 'zod/mini';
import { anpassungVorauszahlungFacts } from '#shared/forms/anpassung_vorauszahlung/facts.ts';
import { type LetterFiling, letterSchema } from '#shared/forms/letter.ts';

export const anpassungVorauszahlungSchema = letterSchema(anpassungVorauszahlungFacts, 'vorauszahlung', 'who asks, why, and the taxes and periods');

export type AnpassungVorauszahlungRequest = z.infer<typeof anpassungVorauszahlungSchema>;
export type AnpassungVorauszahlungFiling = LetterFiling<AnpassungVorauszahlungRequest>;
