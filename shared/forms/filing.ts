import type { Kind } from '#shared/domain/ticket.ts';
import type { EstFiling } from '#shared/forms/est/schema.ts';
import type { UstvaFiling } from '#shared/forms/ustva/schema.ts';

/** Each form's checked body, as it is stored and sent. */
export interface FilingBodies {
  ustva: UstvaFiling;
  est: EstFiling;
}

/** A checked body of a form: the union keyed by its form. */
export type Filing = { [K in Kind]: { kind: K; body: FilingBodies[K] } }[Kind];
