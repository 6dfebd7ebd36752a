import { createHash, randomBytes } from 'node:crypto';
import type { Sealed } from '#shared/domain/sealed.ts';

/**
 * Each form's checked body, by the form's kind. Empty here: each form's `filing-body.ts` adds its own entry
 * (declaration merging), so the forms are listed only in their own folders, and the registry, keyed
 * by `Kind` (shared/forms/registry.ts), demands a line for a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FilingBodies {}

export type Kind = keyof FilingBodies;

export type TicketStatus = 'queued' | 'processing' | 'delivered' | 'rejected' | 'failed';
export type WebhookStatus = 'disabled' | 'pending' | 'delivered' | 'failed';

export const terminalStatuses: readonly TicketStatus[] = ['delivered', 'rejected', 'failed'];
export const isTerminal = (status: TicketStatus) => terminalStatuses.includes(status);

export interface Finding {
  /** Where in the request (`kennzahlen.kz83`), or the ELSTER field a tax authority names (`Kz83`). */
  path: string;
  /** Stable, for programs: `KZ83_MISMATCH`, `IDNR_CHECK_DIGIT`, … */
  code: string;
  /** For the bookkeeper who fixes the return. */
  message: string;
  /** For a computed field: the value the rules arrive at, written as the caller would send it. */
  expected?: string;
  /** A `hint` never refuses a return; absent means `error`. */
  severity?: 'error' | 'hint';
  /** ERiC's name for the rule (its `FehlerRegelpruefung/RegelName`): found by the check (shared/forms/ustva/eric-rules.ts) or reported by the tax authority. */
  rule?: string;
  /** Only on `FINDINGS_TRUNCATED`: how many findings the answer leaves out (finding-limits.ts). */
  count?: number;
}

/** Hints inform; only errors refuse a return. */
export const isError = (finding: Finding) => finding.severity !== 'hint';

export interface TicketError {
  code: string;
  message: string;
  details: Finding[];
}

export interface WebhookState {
  status: WebhookStatus;
  attempts: number;
  /** Stable across the retries of one delivery (Standard Webhooks `webhook-id`). */
  webhook_id?: string;
  last_attempt_at?: string;
  last_response_status?: number;
  /** While `pending` after a failed attempt: when the next one is due. */
  next_attempt_at?: string;
  /** When `failed`: why delivery stopped (`GONE`, `MAX_ATTEMPTS`). */
  failure_reason?: string;
}

/**
 * The stored ticket. Holds no tax data beyond the masked tax number or USt-IdNr and its year figures:
 * the rest stays with the submission.
 */
/**
 * A change's event as the ticket notes it, in the very write that makes the change, until the event
 * is written: a crash between the two leaves the note, and whoever meets it writes the event. The
 * event is made of the note and the ticket as it stands then (`owedTicketEvent` in event.ts).
 */
export interface OwedEvent {
  created?: true;
  status: TicketStatus;
  /** The ticket's `updated_at` as the change wrote it. */
  at: string;
}

export interface Ticket {
  ticket: string;
  client_id: string;
  kind: Kind;
  status: TicketStatus;
  test: boolean;
  year: number;
  period?: string;
  /**
   * The filing the request made, for a form whose request makes one of several (its facts' `filings`);
   * absent on tickets made before a form had more than one.
   */
  type?: string;
  /** Absent for a first income tax return, which names only its tax office. */
  tax_number_masked?: string;
  tax_office?: string;
  /** A form filed by the USt-IdNr instead of a tax number (the ZM) keeps it masked, as the tax number. */
  vat_id_masked?: string;
  datenart_version: string;
  client_reference?: string;
  /** The hints of the check it passed (never an error), and those across the client's filings, as its 202 answered them. */
  hints?: Finding[];
  /**
   * What its filing declares for the year, kept past the sweep of the body, for the hints that hold a
   * later filing of the client to it (shared/submission/hints-across.ts). Never shown.
   */
  year_figures?: YearFigures;
  /** The client's own certificate (POST /v2/certificates) that signs the transmission; absent when the stage's certificate does. */
  certificate_id?: string;
  /** That certificate's subject, so the ticket still says who signed once the certificate is deleted. */
  certificate_subject?: string;
  /** A PIN that came with the submission (`Elster-Pin`), sealed, and only until the transmission has ended. Never shown. */
  sealed_pin?: Sealed;
  created_at: string;
  /** Once the ticket is finished, when it finished: nothing changes that of a finished ticket, so retention counts from it. */
  updated_at: string;
  attempts: number;
  /** While `processing`: when a worker's claim lapses and the ticket may be re-driven. */
  lease_until?: string;
  /** While `queued` after a release: when the wake-up on its way is due. Without it, at `updated_at`. */
  next_wake_at?: string;
  delivered_at?: string;
  transfer_ticket?: string;
  received_at?: string;
  file_name?: string;
  file_size?: number;
  file_sha256?: string;
  error?: TicketError;
  /** What was last handed to the tax authority, noted just before the send: to reconcile a send whose outcome is unknown. */
  transmitted?: TransmittedData;
  /**
   * From the moment the tax authority accepted the send until its records are in the bucket: each
   * record by file name, as it is to be written (shared/transmission/records.ts). Never shown.
   */
  kept_records?: Record<string, KeptRecord>;
  webhook: WebhookState;
  /**
   * The events of its changes not yet known to be in the client's feed, by event ID: each change notes
   * its event in the write that makes it, and whoever writes the events takes the notes off
   * (shared/adapters/dynamodb-ticket-store.ts). Never shown.
   */
  events_owed?: Record<string, OwedEvent>;
  /** When the retention sweep deleted the submitted data; the ticket and its protocol stay. */
  submission_deleted_at?: string;
  /** Epoch seconds: set with `submission_deleted_at`, when the protocol's retention ends; DynamoDB's TTL removes the ticket some time after. */
  expires_at?: number;
}

/** What a send handed the tax authority, never its content: the Nutzdaten's Datenart, when, their size and digest. */
export interface TransmittedData {
  datenart_version: string;
  at: string;
  /** Of the Nutzdaten as UTF-8, the document kept as `Nutzdaten_{kind}_{ticket}.xml` once delivered. */
  size: number;
  sha256: string;
}

/** A filing's figures for its year, under the tax number it is filed for (its digest: only equality is asked of it). */
export interface YearFigures {
  tax_number_digest: string;
  /** In euros, as the form's `profit.ts` finds it. */
  profit?: number;
  /** In euros: what a UStVA declares as prepaid for its period, or an annual VAT return as the prepayments of its year (its `profit.ts`). */
  prepayment?: number;
}

/** The tax number as year figures are kept under it. */
export const taxNumberDigest = (taxNumber: string) => createHash('sha256').update(taxNumber).digest('base64url');

/** A record of an accepted send as its ticket keeps it until it is written: gzip, in base64. */
export interface KeptRecord {
  content: string;
  /** A live filing's: locked (S3 Object Lock) until then. */
  retain_until?: string;
}

/** Where the tax authority's own answer to a transmission is kept, beside its protocol. */
export const serverAnswerFileName = (ticket: string) => `server-answer_${ticket}.xml`;

/** What a ticket holds only while it is worked on, and loses as it finishes: a worker's lease, a per-submission PIN. */
export const whileWorking = ['lease_until', 'sealed_pin', 'kept_records'] as const satisfies readonly (keyof Ticket)[];

// 16 random bytes (128 bits) in base64url: URL-safe, opaque, and cheap to reject by shape alone.
export const ticketIdPattern = /^tk_[A-Za-z0-9_-]{22}$/;

export const newTicketId = () => `tk_${randomBytes(16).toString('base64url')}`;
export const isTicketId = (value: string | undefined): value is string => !!value && ticketIdPattern.test(value);

/** Where the Nutzdaten a delivered ticket was transmitted with are kept, beside its protocol. */
export const nutzdatenFileName = (ticket: Pick<Ticket, 'ticket' | 'kind'>) => `Nutzdaten_${ticket.kind}_${ticket.ticket}.xml`;

export const newWebhookId = () => `msg_${randomBytes(16).toString('base64url')}`;
export const isWebhookId = (value: string) => /^msg_[A-Za-z0-9_-]{22}$/.test(value);

export const maskTaxNumber = (taxNumber: string) => `${'*'.repeat(Math.max(0, taxNumber.length - 4))}${taxNumber.slice(-4)}`;
