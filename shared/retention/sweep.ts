import type { RetentionConfig } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import type { SubmissionStore, TicketStore } from '#shared/ports.ts';

export interface SweepDeps {
  tickets: TicketStore;
  submissions: SubmissionStore;
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
    const noted = await deps.tickets.transition(ticket.ticket, { status: ticket.status }, { submission_deleted_at: now.toISOString() });
    if (noted) deleted++;
  }
  if (deleted) logger.info('submissions deleted after retention', { count: deleted });
  return deleted;
}
