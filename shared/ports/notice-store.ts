import type { Notice, NoticeState } from '#shared/domain/notice.ts';
import type { WebhookState } from '#shared/domain/ticket.ts';
import type { ListingPage, ListingQuery } from '#shared/ports/listing-page.ts';

export interface NoticeQuery extends ListingQuery<Notice, 'notice_id'> {
  certificate_id?: string;
  datenart?: string;
  year?: number;
  state?: NoticeState;
  /** Stored on or after this time (ISO). */
  since?: string;
}

export type NoticePage = ListingPage<'notices', Notice, 'notice_id'>;

/** A notice still owed its confirmation, as the index of those keeps it. */
export type UnconfirmedNotice = Pick<Notice, 'notice_id' | 'mailbox' | 'record_id' | 'provision_ticket' | 'test' | 'created_at' | 'client_id'>;

/** The notices fetched from ELSTER mailboxes. */
export interface NoticeStore {
  get(noticeId: string): Promise<Notice | undefined>;
  /** Writes the notice, `stored`, unless it is there already: false then, and it stays as it was. */
  create(notice: Notice): Promise<boolean>;
  /** Marks it confirmed (and out of the unconfirmed), once: false when it was confirmed already. */
  markConfirmed(noticeId: string, at: string): Promise<boolean>;
  /** Notes that its webhook is queued. */
  markAnnounced(noticeId: string, at: string): Promise<void>;
  /**
   * Replaces its webhook's state where the current one is `expectedWebhookId`'s (none started when
   * undefined), at `expectedAttempts` where given: false when another writer got there first.
   */
  updateWebhook(noticeId: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number): Promise<boolean>;
  /** One client's notices, newest first. */
  list(clientId: string, query: NoticeQuery): Promise<NoticePage>;
  /** The notices answering a ticket's filing, oldest first. */
  ofTicket(ticket: string): Promise<Notice[]>;
  /** The notices owed their confirmation, oldest first; of one mailbox where named. */
  unconfirmed(mailbox?: string): Promise<UnconfirmedNotice[]>;
}
