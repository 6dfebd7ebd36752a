// The metrics steuerbote records (namespace `steuerbote`, dimensions `service` and `stage`), named
// once: the code that records them and the stage's alarms and dashboard (infra/constructs/
// operations.ts) read the same names.

export const metricNamespace = 'steuerbote';

export const metricNames = {
  /** A new ticket; a replayed idempotent request counts nothing. */
  submissionsAccepted: 'SubmissionsAccepted',
  ticketsDelivered: 'TicketsDelivered',
  /** Milliseconds from a ticket's submission to its delivery. */
  deliveryLatency: 'DeliveryLatency',
  ticketsRejected: 'TicketsRejected',
  /** Every ticket that ends `failed`; `TicketsFailed_{code}` counts them by error code as well. */
  ticketsFailed: 'TicketsFailed',
  /** Tickets that ended `failed` with TRANSMISSION_UNCERTAIN: someone has to reconcile each with ELSTER. */
  ticketsUncertain: 'TicketsUncertain',
  /**
   * An attempt that left an accepted send's records (protocol, Nutzdaten, ELSTER's answer) unwritten
   * in the bucket: the ticket keeps them and a later attempt writes them (shared/transmission/records.ts).
   */
  recordsUnwritten: 'RecordsUnwritten',
  /** A transient fault before anything was sent; the ticket waits for its next attempt. */
  transmissionRetries: 'TransmissionRetries',
  /** Seconds since the oldest `queued` ticket was submitted, as each re-drive finds it (0 without one). */
  oldestQueuedTicketAge: 'OldestQueuedTicketAge',
  /** How many tickets are `queued`, as each re-drive finds them: the size of a backlog. */
  queuedTickets: 'QueuedTickets',
  /** Client certificates expiring within 30 days, or expired (shared/certificates/expiry.ts). */
  certificatesExpiringSoon: 'CertificatesExpiringSoon',
  /**
   * 1 when the stage's own ERiC certificate expires within 30 days (or has expired), else 0: recorded
   * each time a transmit container first reads it (shared/certificates/stage-certificate.ts).
   */
  stageCertificateExpiringSoon: 'StageCertificateExpiringSoon',
  /** A client certificate locked after too many wrong per-submission PINs (shared/certificates/pin-lock.ts). */
  certificatesPinLocked: 'CertificatesPinLocked',
  /** Client certificates the daily job sealed again, bound to their owner (shared/certificates/reseal.ts). */
  certificatesResealed: 'CertificatesResealed',
  /** Client certificates still sealed the old way that the daily job could not seal again: each is logged. */
  certificatesNotResealed: 'CertificatesNotResealed',
  /**
   * An API answer with a 5xx status, with the answering function's name as the dimension
   * `function_name` (shared/http/server-errors.ts): a function's deployment rolls back on its own.
   */
  serverErrors: 'ServerErrors',
  /** Notices a mailbox check stored (shared/notices/check-mailbox.ts). */
  noticesStored: 'NoticesStored',
  /**
   * Seconds since the oldest notice still owed its confirmation to ELSTER was stored, as each mailbox
   * upkeep finds it (0 without one): ELSTER wants every fetched record confirmed within 24 hours.
   */
  oldestUnconfirmedNoticeAge: 'OldestUnconfirmedNoticeAge',
} as const;

export const failedByCode = (code: string) => `${metricNames.ticketsFailed}_${code}`;

/**
 * `FailedRecords_transmit`, `FailedRecords_webhook`: a record its consumer failed on, handed back to
 * the queue to try again (shared/queue/sqs-handler.ts). The invocation itself succeeds, so Lambda counts no error.
 */
export const failedRecords = (queue: string) => `FailedRecords_${queue}`;

/** `Webhook_delivered`, `Webhook_retry`, `Webhook_gone`, `Webhook_exhausted` (shared/webhooks/deliver.ts). */
export const webhookOutcome = (outcome: 'delivered' | 'retry' | 'gone' | 'exhausted') => `Webhook_${outcome}`;
