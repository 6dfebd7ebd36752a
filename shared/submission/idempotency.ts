// One ticket per Idempotency-Key and request, with single-item conditional writes only, each decided
// by DynamoDB in one step: no transaction spans the record and the ticket. Why a crash anywhere is harmless:
// - The record is claimed first, with the ticket ID chosen up front. Every later request with the
//   key can therefore only ever create, or replay, that one ticket, and the ticket store's
//   conditional create lets exactly one ticket have it.
// - Crash before the ticket exists: the record stays `in_progress` without a ticket. Retries get
//   409 while its lease runs; after that one retry takes the lease over (a conditional write on
//   the lease it saw, so only one) and creates the same ticket. Should the first request only
//   have been slow, the two race for the same ID and the loser replays the winner's ticket; that
//   both stored the body under it first is harmless, as it is the same body.
// - Crash after the ticket exists but before `completed`: a retry finds the ticket and replays it.
//   `completed` only spares that lookup's doubt; the ticket, not the state, decides.

import { newTicketId, type Ticket } from '#shared/domain/ticket.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { describeError, logger } from '#shared/logger.ts';
import type { IdempotencyRecord, IdempotencyStore } from '#shared/ports/idempotency-store.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import { TicketIdTaken } from '#shared/submission/accept.ts';
import type { IdempotentRequest } from '#shared/submission/idempotent-request.ts';

/** The contract's 24 hours. */
export const replayWindowSeconds = 24 * 60 * 60;

/** Three times the submit functions' timeout: a request holding a claim this long without a ticket was stopped. */
export const leaseMs = 30_000;

export interface IdempotencyDeps {
  records: IdempotencyStore;
  tickets: TicketStore;
  /** Epoch milliseconds. */
  now: () => number;
}

export interface Accepted {
  ticket: Ticket;
  /** True when an earlier request with the same key created the ticket. */
  replayed: boolean;
}

/**
 * The ticket an earlier request with the same key and body created, looked up before anything about
 * the request is checked: the same request gets the same answer, whatever has changed since (its
 * certificate locked or deleted, its year closed). Undefined while there is no such ticket yet, or
 * when the body differs; `acceptOnce` answers those after the checks.
 */
export async function replayOf(deps: IdempotencyDeps, request: IdempotentRequest): Promise<Accepted | undefined> {
  const held = await deps.records.get(request.key, seconds(deps.now()));
  return held?.request_hash === request.request_hash ? replayOfHeld(deps, held) : undefined;
}

/**
 * The ticket ID an earlier try of the same request holds while its ticket is not created yet (it was
 * cut off, or still runs): what that try marked as its own, this request may count as its own too.
 */
export async function heldTicketOf(deps: IdempotencyDeps, request: IdempotentRequest): Promise<string | undefined> {
  const held = await deps.records.get(request.key, seconds(deps.now()));
  return held?.request_hash === request.request_hash ? held.ticket : undefined;
}

/** Creates the request's ticket with `accept`, at most once per key within the replay window. */
export async function acceptOnce(deps: IdempotencyDeps, request: IdempotentRequest, accept: (ticketId: string) => Promise<Ticket>): Promise<Accepted> {
  const { now } = deps;
  // A record that expires between a lost claim and the read reads as absent: claim again. Twice
  // in a row would take a second 24-hour window to pass within one request.
  for (let round = 0; round < 2; round++) {
    const at = now();
    const record: IdempotencyRecord = {
      ...request,
      ticket: newTicketId(),
      state: 'in_progress',
      created_at: new Date(at).toISOString(),
      lease_until: new Date(at + leaseMs).toISOString(),
      expires_at: seconds(at) + replayWindowSeconds,
    };
    if (await deps.records.claim(record, seconds(at))) return create(deps, record, accept);
    const held = await deps.records.get(request.key, seconds(now()));
    if (held) return answerFor(deps, request, held, accept);
  }
  throw new Error('idempotency record expired twice during one request');
}

async function answerFor(
  deps: IdempotencyDeps,
  request: IdempotentRequest,
  held: IdempotencyRecord,
  accept: (ticketId: string) => Promise<Ticket>,
): Promise<Accepted> {
  if (held.request_hash !== request.request_hash) {
    throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request');
  }
  const replay = await replayOfHeld(deps, held);
  if (replay) return replay;
  const at = deps.now();
  const leaseRuns = Date.parse(held.lease_until) > at;
  if (leaseRuns || !(await deps.records.takeOver(held.key, held.lease_until, new Date(at + leaseMs).toISOString()))) {
    throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed', {
      headers: { 'retry-after': '1' },
    });
  }
  logger.warn('idempotent request taken over after its lease lapsed', { ticket: held.ticket });
  return create(deps, held, accept);
}

async function replayOfHeld(deps: IdempotencyDeps, held: IdempotencyRecord): Promise<Accepted | undefined> {
  const ticket = await deps.tickets.get(held.ticket);
  if (!ticket) return undefined;
  if (held.state === 'in_progress') await complete(deps.records, held.key, ticket.ticket);
  return { ticket, replayed: true };
}

async function create(deps: IdempotencyDeps, record: IdempotencyRecord, accept: (ticketId: string) => Promise<Ticket>): Promise<Accepted> {
  let accepted: Accepted;
  try {
    accepted = { ticket: await accept(record.ticket), replayed: false };
  } catch (error) {
    // Only a request with the same key can hold this ID: the other one of a taken-over pair won.
    const existing = error instanceof TicketIdTaken ? await deps.tickets.get(record.ticket) : undefined;
    if (!existing) throw error;
    accepted = { ticket: existing, replayed: true };
  }
  await complete(deps.records, record.key, record.ticket);
  return accepted;
}

async function complete(records: IdempotencyStore, key: string, ticket: string): Promise<void> {
  try {
    await records.complete(key, ticket);
  } catch (error) {
    logger.warn('idempotency record not marked completed; its ticket exists, so a retry replays it', { ticket, error: describeError(error) });
  }
}

const seconds = (ms: number) => Math.floor(ms / 1000);
