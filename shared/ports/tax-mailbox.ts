import type { SigningCertificate } from '#shared/ports/tax-authority.ts';

// The mailbox of a certificate at the tax authority (ElsterDatenabholung 31): PostfachAnfrage lists
// a page of records, Otto downloads a record's data package and attachments by their object IDs,
// PostfachBestaetigung confirms records, at most 100 a call, each with its own result, and
// Statusabfrage says where a record stands. The sandbox and ERiC implement it alike.

/** Whose mailbox: a client's certificate, or none for the stage's own. */
export interface MailboxAddress {
  certificate?: SigningCertificate;
  /** Sent with the Testmerker, as the filings it answers were. */
  test: boolean;
}

export interface MailboxQuery {
  /** ELSTER's DatenartBereitstellung names (ESB, DivaBescheidESt, …); none: every one the mailbox has. */
  datenarten?: readonly string[];
  /** Provided on or after, and on or before, these days (YYYY-MM-DD): PostfachAnfrage's `von`, `bis`. */
  from?: string;
  to?: string;
  /** At most this many records a page (1–1000). */
  max: number;
  /** The last record ID of the previous page (`paginierungLetzteBestId`). */
  after?: string;
}

/** An object on the tax authority's object store (OTTER), by its ID, with the size it announces. */
export interface MailboxObject {
  ref: string;
  /** ELSTER's figure for the encrypted, compressed object: a hint, not the size downloaded. */
  announced_size: number;
}

export interface MailboxAttachment extends MailboxObject {
  file_name: string;
  content_type: string;
}

/** One record (Bereitstellung) as a page lists it: its IDs, its metadata and where its objects are. */
export interface MailboxRecord {
  /** BestId: what confirms it. */
  id: string;
  /** Bereitstellungsticket: what its status is asked by. */
  provision_ticket: string;
  datenart: string;
  /** The record's Meta elements by name: `erklaerungsticket`, `veranlagungsjahr`, `finanzamt`, `verfuegbarbis`, … */
  metas: Readonly<Record<string, string>>;
  /** Its data package; none on a record that carries only attachments or metadata (an `EPMitteilung`, say). */
  data?: MailboxObject & { content_type: string };
  attachments: readonly MailboxAttachment[];
}

export interface MailboxPage {
  records: MailboxRecord[];
  /** Present while more records follow: pass it as the next query's `after`. */
  next?: string;
}

/** A download fails as `not_found` (gone: deleted at `verfuegbarbis`, or never there) or `retry` (try again later). */
export class MailboxDownloadError extends Error {
  readonly kind: 'not_found' | 'retry';
  constructor(kind: 'not_found' | 'retry', message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * PostfachBestaetigung's answer for one record: `confirmed` (code 0), `not_found` (the record is not
 * there to confirm: confirmed before, or deleted; Statusabfrage tells which), `retry` (try again).
 */
export interface ConfirmResult {
  id: string;
  outcome: 'confirmed' | 'not_found' | 'retry';
  code: string;
  message: string;
}

/** Statusabfrage's state of a record: provided, fetched, confirmed, deleted, or unknown. */
export type RecordStatus = 'provided' | 'fetched' | 'confirmed' | 'deleted' | 'unknown';

/** The most records one PostfachBestaetigung or Statusabfrage may name. */
export const confirmBlock = 100;

export interface TaxMailbox {
  list(address: MailboxAddress, query: MailboxQuery): Promise<MailboxPage>;
  /** The object's bytes as they arrive, never whole in memory; throws MailboxDownloadError. */
  download(address: MailboxAddress, object: MailboxObject): Promise<AsyncIterable<Uint8Array>>;
  /** Confirms at most `confirmBlock` records, a result for each. */
  confirm(address: MailboxAddress, ids: readonly string[]): Promise<ConfirmResult[]>;
  /** The state of at most `confirmBlock` records, by provision ticket. */
  status(address: MailboxAddress, provisionTickets: readonly string[]): Promise<Map<string, RecordStatus>>;
}
