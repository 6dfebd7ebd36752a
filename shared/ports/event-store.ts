import type { ClientEvent, EventType } from '#shared/domain/event.ts';

/** Each client's events, in the order they happened; another client's are never read. */
export interface EventStore {
  /** Writes the event; writing one already written changes nothing. */
  record(event: ClientEvent): Promise<void>;
  /** Writes the events, each as `record` does, in as few calls as the store allows. */
  recordAll(events: readonly ClientEvent[]): Promise<void>;
  /**
   * One page of the client's events of `types` (all without), those not yet expired at `now`:
   * with `before`, newest first from just before that position; with `after`, oldest first from just
   * after it, none later than `until`. `last` is the position of the last event read when more may
   * follow: a page may hold fewer than `limit` events and still have one, as each call reads a
   * bounded number of pages.
   */
  list(clientId: string, query: EventQuery): Promise<EventPage>;
}

export interface EventQuery {
  limit: number;
  types?: readonly EventType[];
  /** ISO time: events that expired before it are left out, whether or not DynamoDB's TTL has removed them. */
  now: string;
  before?: string;
  after?: string;
  /** With `after`: ISO time, inclusive. */
  until?: string;
}

export interface EventPage {
  events: ClientEvent[];
  last?: string;
}
