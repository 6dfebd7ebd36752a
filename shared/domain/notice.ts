// What comes back from the tax office, as steuerbote keeps it: one record of an ELSTER mailbox
// (ElsterDatenabholung's Bereitstellung), its data package and attachments stored in the bucket with
// size and hash, and whose it is. Only IDs and metadata are ever shown beside it; the content is read
// through its own routes.

import { createHash, randomBytes } from 'node:crypto';
import type { WebhookState } from '#shared/domain/ticket.ts';

/**
 * `stored`: every object of the record is in the bucket, its confirmation to ELSTER still owed;
 * `confirmed`: ELSTER took the confirmation (or says it already had it); nothing of it is fetched again.
 */
export type NoticeState = 'stored' | 'confirmed';
export const noticeStates: readonly NoticeState[] = ['stored', 'confirmed'];

/** The mailbox of the stage's own certificate, which has no certificate ID. */
export const stageMailbox = 'stage';

export const noticeIdPattern = /^ntc_[A-Za-z0-9_-]{22}$/;
export const isNoticeId = (value: string | undefined): value is string => !!value && noticeIdPattern.test(value);

/**
 * A record's notice ID, the same whenever the record is fetched: storing it twice writes one notice,
 * so a check run again after a crash finds what the first stored.
 */
export const noticeId = (mailbox: string, recordId: string) => `ntc_${createHash('sha256').update(`${mailbox}\n${recordId}`).digest('base64url').slice(0, 22)}`;

/** The `webhook-id` of a notice's `notice.available` webhook: one per notice, however often it is announced. */
export const noticeWebhookId = (id: string) => `msg_${createHash('sha256').update(`notice.available\n${id}`).digest('base64url').slice(0, 22)}`;

export const checkIdPattern = /^chk_[A-Za-z0-9_-]{22}$/;
export const newCheckId = () => `chk_${randomBytes(16).toString('base64url')}`;
export const isCheckId = (value: string | undefined): value is string => !!value && checkIdPattern.test(value);

/** An object of a notice as the bucket holds it. */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  content_type: string;
  /** The file's name as ELSTER gives it (an attachment's DateinameMitErweiterung or Dateibezeichnung). */
  file_name: string;
}

export interface Notice {
  notice_id: string;
  /** Whose it is: the certificate's client, or the client whose filing it answers; none for the operator's. */
  client_id?: string;
  /** The certificate whose mailbox held it, or `stage`. */
  mailbox: string;
  /** ELSTER's BestId, with which it is confirmed. */
  record_id: string;
  /** ELSTER's Bereitstellungsticket, with which its status is asked. */
  provision_ticket: string;
  datenart: string;
  test: boolean;
  /** The steuerbote ticket of the filing it answers: the one whose transfer ticket is its `erklaerungsticket`. */
  ticket?: string;
  /** ELSTER's transfer ticket of that filing (`erklaerungsticket`). */
  filing_transfer_ticket?: string;
  year?: number;
  tax_office?: string;
  /** Masked, the last four digits; ELSTER's full number stays in the data package. */
  tax_number?: string;
  /** The Bescheid's date, where the record names one (DIVA's `bescheiddatum`). */
  notice_date?: string;
  /** When ELSTER deletes the record (`verfuegbarbis`). */
  available_until?: string;
  /** Its data package; none where the record carried only attachments or metadata. */
  data?: StoredObject;
  attachments: StoredObject[];
  state: NoticeState;
  /** The mailbox check that stored it. */
  check_id: string;
  created_at: string;
  confirmed_at?: string;
  /** When its `notice.available` webhook was queued (or found not wanted). */
  announced_at?: string;
  /** Its `notice.available` webhook, while webhooks are on and it has an owner. */
  webhook?: WebhookState;
  /** Epoch seconds after which the notice and its objects are deleted (the stage's retention). */
  expires_at?: number;
}

/** A mailbox check (`POST /v2/mailbox/checks`): what to ask for, and how far it got. */
export interface MailboxCheck {
  check_id: string;
  client_id: string;
  /** The client's certificate whose mailbox is read; none for the stage's own. */
  certificate_id?: string;
  test: boolean;
  datenarten?: string[];
  /** Records provided from, and up to, these days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  created_at: string;
  updated_at: string;
  /** What the last run found: records listed, newly stored, confirmed, and still owed a confirmation. */
  found?: number;
  stored?: number;
  confirmed?: number;
  unconfirmed?: number;
  error?: { code: string; message: string };
}

export const isOpenCheck = (check: Pick<MailboxCheck, 'status'>) => check.status === 'queued' || check.status === 'running';
