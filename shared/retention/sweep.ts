import type { RetentionConfig } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import type { StoredBodyNotes, SubmissionStore, TicketStore } from '#shared/ports.ts';

/**
 * How long a body may lie without its ticket before it is deleted. A submission stores its body just
 * before its ticket, so a body without one is either being accepted or was left by a crash in between.
 * A retry with the same Idempotency-Key may still create that ticket until the key expires (24 hours,
 * see README "Idempotency"); the hour beyond covers its lease and a request still running.
 */
export const orphanGraceSeconds = 25 * 60 * 60;

/** Six runs of the sweep, every 30 minutes: a body is looked at about six times once it is old enough. */
export const orphanWindowSeconds = 3 * 60 * 60;

export interface SweepDeps {
  tickets: TicketStore;
  submissions: SubmissionStore;
  notes: StoredBodyNotes;
  retention: RetentionConfig;
  now?: () => Date;
}

/**
 * Deletes the submitted data of every ticket finished longer ago than the retention. A finished ticket
 * never needs its body again (the re-drive and webhooks read only the ticket and its protocol), so
 * what remains is the ticket's metadata and the protocol, kept under their own retention.
 *
 * The same code runs on AWS and locally, where the stand-ins know neither TTL nor lifecycle rules.
 */
export async function sweepSubmissions(deps: SweepDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const cutoff = new Date(now.getTime() - deps.retention.submissionRetentionSeconds * 1000).toISOString();
  let deleted = 0;
  for await (const ticket of deps.tickets.finishedBefore(cutoff)) {
    await deps.submissions.delete(ticket.ticket);
    // Noted only after the delete, so a crash in between deletes again rather than never; noted at
    // all because each delete in the versioned bucket leaves another delete marker.
    const expires_at = Math.floor(now.getTime() / 1000) + deps.retention.protocolRetentionDays * 86_400;
    const noted = await deps.tickets.transition(ticket.ticket, { status: ticket.status }, { submission_deleted_at: now.toISOString(), expires_at });
    if (noted) deleted++;
  }
  if (deleted) logger.info('submissions deleted after retention', { count: deleted });
  return deleted;
}

/**
 * Checks each body once it is `orphanGraceSeconds` old, during the window below, and deletes it
 * when no ticket holds it (none was made, or the ticket was swept and a late retry put the body
 * again). A body is found by the note made just before it was stored, never by listing the bucket,
 * and looked up by its ticket a few times over, never the whole tickets table; a sweep that stays
 * down longer than the window leaves the bodies stored meanwhile for a person to check
 * (docs/operations.md).
 */
export async function sweepOrphanedSubmissions(deps: Omit<SweepDeps, 'retention'>): Promise<number> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const youngest = new Date(now - orphanGraceSeconds * 1000);
  const oldest = new Date(youngest.getTime() - orphanWindowSeconds * 1000);
  let deleted = 0;
  for await (const noted of deps.notes.notedBetween(oldest, youngest)) {
    const ticket = await deps.tickets.get(noted);
    if (ticket && !ticket.submission_deleted_at) continue;
    // A note whose body was never stored (a crash in between) deletes nothing, harmlessly.
    await deps.submissions.delete(noted);
    deleted++;
  }
  if (deleted) logger.warn('submissions without a ticket deleted', { count: deleted });
  return deleted;
}
