// The sandbox's mailboxes, kept where the service keeps its data (a DynamoDB table) so that a restart
// finds what a delivered filing left for pickup, and what was fetched and confirmed, as ELSTER would.

/** How the sandbox answers for a record, by the test tax number of the filing it answers (shared/sandbox/test-values.ts). */
export type SandboxRecordBehaviour =
  'confirm_not_found' | 'confirm_retry' | 'expired' | 'slow_download' | 'failing_download' | 'held_confirm' | 'slow_confirm' | 'without_data';

export interface SandboxRecord {
  /** The certificate ID whose mailbox it is in, or `stage`. */
  mailbox: string;
  /** BestId, in ELSTER's pattern; pages are in its order. */
  record_id: string;
  provision_ticket: string;
  datenart: string;
  metas: Record<string, string>;
  /** When it may be listed: the filing's delivery plus the sandbox's delay. */
  available_at: string;
  /** Whether it carries the notice as a PDF (an income tax return, its filer having consented to DIVA). */
  pdf: boolean;
  test: boolean;
  behaviour?: SandboxRecordBehaviour;
  confirmed_at?: string;
  /** Counters a test reads: objects downloaded, confirmations taken, attempts to confirm. */
  downloads: number;
  confirmations: number;
  confirm_attempts: number;
}

export interface SandboxMailboxStore {
  add(record: SandboxRecord): Promise<void>;
  /** Every record of the mailbox, in record ID order. */
  records(mailbox: string): Promise<SandboxRecord[]>;
  get(mailbox: string, recordId: string): Promise<SandboxRecord | undefined>;
  countDownload(mailbox: string, recordId: string): Promise<void>;
  /** Counts the attempt; returns how many there were, this one included. */
  countConfirmAttempt(mailbox: string, recordId: string): Promise<number>;
  /** Confirms the record unless it was confirmed before: false then. */
  confirm(mailbox: string, recordId: string, at: string): Promise<boolean>;
}
