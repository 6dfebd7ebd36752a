import type { RetentionConfig } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import type { StoredBodyNotes } from '#shared/ports/stored-body-notes.ts';
import type { FilingStore } from '#shared/ports/filing-store.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import type { WebhookAttemptStore } from '#shared/ports/webhook-attempts.ts';
import { timeIsUp, workThrough, type StopAt } from '#shared/time-budget.ts';

/**
 * How long a body may lie without its ticket before it is deleted. A submission stores its body just
 * before its ticket, so a body without one is either being accepted or was left by a crash in between.
 * A retry with the same Idempotency-Key may still create that ticket until the key expires (24 hours,
 * see docs/guides/filing.md, "Idempotency"); the hour beyond covers its lease and a request still running.
 */
export const orphanGraceSeconds = 25 * 60 * 60;

/**
 * How far past the grace the check reaches back: six runs of the sweep, every 30 minutes. Each body is
 * looked at once, in the order noted; a note the check has not reached by then is left for a person.
 */
export const orphanWindowSeconds = 3 * 60 * 60;

export interface SweepDeps {
  tickets: TicketStore;
  filings: FilingStore;
  notes: StoredBodyNotes;
  attempts: WebhookAttemptStore;
  retention: RetentionConfig;
  /** When to stop taking on work (time-budget.ts); the next run goes on from where this one stopped. */
  stopAt?: StopAt;
  now?: () => Date;
}

/** What one pass of a run did, and whether it got through all it had to look at. */
export interface SweepCounts {
  deleted: number;
  done: boolean;
}

/** Tickets or notes looked at at once: each look is a request or two of a few milliseconds. */
const atOnce = 16;
/** Notes read at a time; the check's position moves on after each such page. */
const notesPage = 100;

/**
 * Deletes the submitted data of every ticket finished longer ago than the retention. A finished ticket
 * never needs its body again (the re-drive and webhooks read only the ticket and its protocol), so
 * what remains is the ticket's metadata and the protocol, kept under their own retention, and its
 * webhook attempts, which are given the ticket's expiry.
 *
 * Not a lifecycle rule: S3 counts an object's age from its writing, a retention here runs from its
 * ticket's end, which only the ticket knows. A run that stops for time needs no position kept: a swept ticket leaves the index the pass reads, so
 * the next run starts with those left.
 */
export async function sweepSubmissions(deps: SweepDeps): Promise<SweepCounts> {
  const now = (deps.now ?? (() => new Date()))();
  const cutoff = new Date(now.getTime() - deps.retention.submissionRetentionSeconds * 1000).toISOString();
  let deleted = 0;
  const done = await workThrough(deps.tickets.finishedBefore(cutoff), { concurrency: atOnce, stopAt: deps.stopAt }, async (ticket) => {
    await deps.filings.delete(ticket.ticket);
    const expires_at = Math.floor(now.getTime() / 1000) + deps.retention.protocolRetentionDays * 86_400;
    // Before the ticket leaves the index this pass reads, so a crash in between gives them an expiry again rather than never.
    await deps.attempts.expireBy(ticket.ticket, expires_at);
    // Noted only after the delete, so a crash in between deletes again rather than never; noted at
    // all because each delete in the versioned bucket leaves another delete marker.
    const noted = await deps.tickets.transition(ticket.ticket, { status: ticket.status }, { submission_deleted_at: now.toISOString(), expires_at });
    if (noted) deleted++;
  });
  if (deleted || !done) logger.info('submissions deleted after retention', { count: deleted, done });
  return { deleted, done };
}

/**
 * Checks each body once it is `orphanGraceSeconds` old, during the window below, and deletes it
 * when no ticket holds it (none was made, or the ticket was swept and a late retry put the body
 * again). A body is found by the note made just before it was stored, never by listing the bucket,
 * and looked up by its ticket a few times over, never the whole tickets table. The check goes through
 * the notes in order and keeps where it left off (`checkedUpTo`), so a run that stops for time is
 * taken up by the next, and a window of a busy day is got through over several runs; a sweep that
 * stays down longer than the window leaves the bodies stored meanwhile for a person to check
 * (docs/operations/).
 */
export async function sweepOrphanedSubmissions(deps: Omit<SweepDeps, 'retention' | 'attempts'>): Promise<SweepCounts> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const youngest = new Date(now - orphanGraceSeconds * 1000);
  const oldest = new Date(youngest.getTime() - orphanWindowSeconds * 1000);
  let deleted = 0;
  let { position, version } = await deps.notes.checkedUpTo();
  for (let pages = 0; ; pages++) {
    // Every run gets through a page at least, however little time it was given.
    if (pages > 0 && timeIsUp(deps.stopAt)) return orphans(deleted, false);
    const page = await deps.notes.nextNoted(oldest, youngest, position, notesPage);
    if (!page.tickets.length) return orphans(deleted, true);
    await workThrough(page.tickets, { concurrency: atOnce, stopAt: undefined }, async (noted) => {
      const ticket = await deps.tickets.get(noted);
      if (ticket && !ticket.submission_deleted_at) return;
      // A note whose body was never stored (a crash in between) deletes nothing, harmlessly.
      await deps.filings.delete(noted);
      deleted++;
    });
    // Another run got here first (a run retried while this one went on): it goes on from there.
    if (!(await deps.notes.checked(version, page.position))) return orphans(deleted, false);
    position = page.position;
    version++;
  }
}

function orphans(deleted: number, done: boolean): SweepCounts {
  if (deleted) logger.warn('submissions without a ticket deleted', { count: deleted, done });
  return { deleted, done };
}
