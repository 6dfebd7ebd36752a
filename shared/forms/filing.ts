import type { FilingBodies, Kind } from '#shared/domain/ticket.ts';

/** A checked body of a form, as it is stored and sent: the union keyed by its form. */
export type Filing = { [K in Kind]: { kind: K; body: FilingBodies[K] } }[Kind];
