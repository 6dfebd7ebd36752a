import type { EstFiling } from '#shared/forms/est/schema.ts';
import type { UstvaFiling } from '#shared/forms/ustva/schema.ts';

/** A checked body of either form, as it is stored and sent: the union keyed by its form. */
export type Filing = { kind: 'ustva'; body: UstvaFiling } | { kind: 'est'; body: EstFiling };
