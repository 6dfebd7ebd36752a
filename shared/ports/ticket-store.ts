import type { Kind, Ticket, TicketStatus, WebhookState } from '#shared/domain/ticket.ts';
import type { ListingPage, ListingQuery } from '#shared/ports/listing-page.ts';

/** Fields a status change may set; `undefined` removes nothing, use `remove` for that. */
export type TicketChanges = Partial<Omit<Ticket, 'ticket' | 'client_id' | 'kind' | 'created_at'>>;

/** The state a status change expects the ticket in: its status and, when given, its lease. */
export type ExpectedState = { status: TicketStatus; lease_until?: string };

export interface TicketStore {
  /** Conditional put: false when the ID is already taken. */
  create(ticket: Ticket): Promise<boolean>;
  get(ticket: string): Promise<Ticket | undefined>;
  /**
   * Conditional update from the expected status (and, when given, the expected lease), so two
   * workers can never both win. Returns the updated ticket, or undefined when the ticket was not
   * in that state any more.
   */
  transition(ticket: string, expected: ExpectedState, changes: TicketChanges, remove?: readonly (keyof Ticket)[]): Promise<Ticket | undefined>;
  /**
   * Moves a `queued` ticket to `processing` under a lease and counts the attempt, in one conditional
   * write; its wake-up has come, so `next_wake_at` goes. Undefined when the ticket is missing or not
   * queued (a duplicate wake-up, another worker).
   */
  claim(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined>;
  /**
   * Takes a ticket whose send was accepted and whose records are still owed (`processing` with a
   * transfer ticket) once its lease has lapsed at `at`, under a new lease, in one conditional write;
   * undefined when it is not such a ticket (a wake-up for one since finished, another worker).
   */
  claimRecords(ticket: string, leaseUntil: string, at: string): Promise<Ticket | undefined>;
  /**
   * Replaces the webhook state when its current delivery is still `expectedWebhookId` and, given
   * `expectedAttempts`, has had that many attempts: of two attempts of one delivery that ran at once
   * (a queue may hand a message out twice), only the first to finish records its outcome.
   */
  updateWebhook(ticket: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number): Promise<Ticket | undefined>;
  /**
   * Writes the events the ticket's changes noted and no one has written yet, and a finished ticket's
   * end again: a wake-up that finds the ticket finished, or the re-drive that finds it still owing
   * events, may follow a crash between a change and its event. The same events, so told twice they are one.
   */
  tellOwedEvents(ticket: string): Promise<void>;
  /** Tickets whose work is not finished: transmission or webhook delivery still owed. */
  owed(): AsyncIterable<Ticket>;
  /** Tickets in a terminal status since before `cutoff` (ISO time) whose submission has not been deleted yet. */
  finishedBefore(cutoff: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>>;
  /** The client's `queued` or `processing` tickets that are to be signed with this certificate, read from their own index. */
  awaitingCertificate(clientId: string, certificateId: string): AsyncIterable<Pick<Ticket, 'ticket' | 'status'>>;
  /** The ticket whose send ELSTER accepted under this transfer ticket, with its client; undefined when none. */
  byTransferTicket(transferTicket: string): Promise<Pick<Ticket, 'ticket' | 'client_id'> | undefined>;
  /**
   * One page of the client's tickets, newest first, that match `query`; another client's are never
   * read. `last` is where the next page starts, absent when nothing follows: a page may hold fewer
   * than `limit` tickets and still have a `last`, as each call reads a bounded number of index pages.
   */
  list(clientId: string, query: TicketQuery): Promise<TicketPage>;
}

export interface TicketQuery extends ListingQuery<Ticket, 'ticket'> {
  kind?: Kind;
  status?: TicketStatus;
  client_reference?: string;
  /** ISO time, inclusive. */
  created_after?: string;
  /** ISO time, exclusive. */
  created_before?: string;
}

export type TicketPage = ListingPage<'tickets', Ticket, 'ticket'>;
