import type { Ticket } from '#shared/domain/ticket.ts';
import { logger } from '#shared/logger.ts';
import type { WebhookAttempt, WebhookAttemptStore } from '#shared/ports/webhook-attempts.ts';

/** A receiver's answer may hold personal data: its excerpt is kept this long, the attempt as long as its ticket. */
export const excerptRetentionSeconds = 30 * 86_400;

/** HOOK_URI as an attempt names it: its host and port, never its path or query, which may carry a token. */
export function receiverHost(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return '';
  }
}

/**
 * Keeps one attempt of a ticket's webhook, whatever its outcome: the one place every attempt passes.
 * A ticket the sweep has given its expiry already (a webhook sent again later) hands it on; else the
 * sweep gives it later (shared/retention/sweep.ts). An attempt that cannot be noted is logged and
 * the delivery goes on: the history is for diagnosis, and failing here would only send the webhook again.
 */
export async function recordAttempt(store: WebhookAttemptStore, ticket: Ticket, attempt: WebhookAttempt): Promise<void> {
  const excerptUntil = Math.floor(Date.parse(attempt.attempted_at) / 1000) + excerptRetentionSeconds;
  const expiry = { attempt: ticket.expires_at, excerpt: Math.min(excerptUntil, ticket.expires_at ?? excerptUntil) };
  try {
    await store.record(ticket.ticket, attempt, expiry);
  } catch (error) {
    logger.warn('webhook attempt not recorded', { ticket: ticket.ticket, webhook_id: attempt.webhook_id, attempt: attempt.attempt, error: String(error) });
  }
}
