import type { NetworkError } from '#shared/ports/notifier.ts';

/** One attempt at delivering a ticket's webhook, as `GET /v2/ticket/{ticket}/webhooks` shows it. */
export interface WebhookAttempt {
  webhook_id: string;
  /** Which attempt of its delivery, from 1. */
  attempt: number;
  attempted_at: string;
  /** HOOK_URI's host and port, never its path or query, which may hold a token. */
  host: string;
  response_status?: number;
  error?: NetworkError;
  duration_ms: number;
  outcome: 'delivered' | 'retry' | 'gone' | 'exhausted';
  /** After a `retry`: when the next attempt is due. */
  next_attempt_at?: string;
  /** The answer's first bytes (shared/ports/notifier.ts), kept for a shorter time than the attempt. */
  response_excerpt?: string;
}

/** Epoch seconds after which DynamoDB's TTL may remove what was kept; none: until the retention sweep sets one. */
export interface AttemptExpiry {
  attempt?: number;
  excerpt: number;
}

/** Every attempt of a ticket's webhook deliveries, under the ticket. */
export interface WebhookAttemptStore {
  record(ticket: string, attempt: WebhookAttempt, expiry: AttemptExpiry): Promise<void>;
  /** The ticket's attempts, oldest first, with their excerpts while kept; none that expired before `now`. */
  list(ticket: string, now: Date): Promise<WebhookAttempt[]>;
  /** Makes each of the ticket's attempts, and each excerpt, expire at `expiresAt` at the latest. */
  expireBy(ticket: string, expiresAt: number): Promise<void>;
}
