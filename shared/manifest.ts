// The one description of what steuerbote is made of. The CDK stack and the local runtime both
// read it, so a route, queue or table can never exist in one and be missing in the other. The names
// a function's own code reads (settings' variables, the bucket's folders) are in
// shared/setting-names.ts, which a function's bundle carries without the rest of the manifest.
import { existsSync } from 'node:fs';
import type { Kind } from '#shared/domain/ticket.ts';
import { fontFiles } from '#shared/sandbox/font-files.ts';
import { formFacts, kinds } from '#shared/forms/registry.ts';
import { bucketFolders, resourceEnv, settingNames } from '#shared/setting-names.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'DELETE';
export type TableName = keyof typeof tables;
export type QueueName = keyof typeof queues;
export type FunctionName = keyof typeof functions;
export type ApiName = keyof typeof apis;
export type ScheduleName = keyof typeof schedules;
/**
 * The DynamoDB calls a function's stores make (shared/adapters/dynamodb-*.ts), and all it is
 * granted on that table: no `Scan` or `DeleteItem` where the code calls none.
 */
export type TableAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'Query' | 'Scan';
/** `delete`: deleting, without listing, reading or writing: the retention sweep needs no more. */
export type BucketAccess = 'read' | 'write' | 'readWrite' | 'delete';
export type BucketFolder = keyof typeof bucketFolders;
export type BucketSetting = 'objectLock';

export interface TableSpec {
  readonly partitionKey: string;
  /** Items sharing a partition key, ordered by this one. */
  readonly sortKey?: string;
  /**
   * Attribute holding an epoch-seconds expiry, removed by DynamoDB TTL. TTL may lag by days, so
   * readers treat an expired item as absent.
   */
  readonly ttlAttribute?: string;
  /** Sparse global secondary indexes: an item is in one only while it has the index's key attributes. */
  readonly indexes?: Readonly<Record<string, IndexSpec>>;
}

export interface IndexSpec {
  readonly partitionKey: string;
  readonly sortKey?: string;
  /** Table attributes the index carries besides the keys; without it, all of them. */
  readonly attributes?: readonly string[];
}

export interface QueueSpec {
  /** At least six times the consuming function's timeout, as AWS asks of an SQS event source; synth checks it. */
  readonly visibilityTimeoutSeconds: number;
  /** How long a message is kept (at most 14 days, SQS's limit); longer than any retry schedule the settings allow. */
  readonly retentionDays: number;
  /** Receives before a message is parked in the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly batchSize: number;
  /** A key of `functions`; typed loosely only because functions name queues in turn. */
  readonly consumer: string;
}

export interface FunctionSpec {
  /** Source file under functions/, exporting `handler`. */
  readonly entry: string;
  /**
   * The form whose function it is: its entry (functions/submit-form.ts, validate-form.ts) is the
   * same for every form, and bundled with `#form/` standing for this form's folder (bundleAliases),
   * so the bundle carries this form alone.
   */
  readonly form?: Kind;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
  readonly tables?: Partial<Record<TableName, readonly TableAction[]>>;
  /** The indexes of a table its queries read, and only those; without it, its queries read the table itself. */
  readonly indexes?: Partial<Record<TableName, readonly string[]>>;
  /** The folders of the stage bucket it uses, each granted on its own keys only. */
  readonly bucket?: Partial<Record<BucketFolder, BucketAccess>>;
  readonly sendsTo?: readonly QueueName[];
  /** Queues whose counts of messages it reads (sqs:GetQueueAttributes): the re-drive, to know a backlog. */
  readonly countsQueues?: readonly QueueName[];
  /** Settings of the stage bucket it reads: `objectLock`, whether S3 Object Lock is on (s3:GetBucketObjectLockConfiguration). */
  readonly bucketSettings?: readonly BucketSetting[];
  /** Dead-letter queues it sends to or reads from: to park what gave up, or to redrive it. */
  readonly deadLetters?: readonly QueueName[];
  /** The groups of configuration (environment variables) the function reads. */
  readonly settings?: readonly Setting[];
  /** Loads the tax authority's native library, ERiC, whose Linux builds are x86-64 only. */
  readonly loadsTaxAuthority?: boolean;
  /**
   * The forms whose Nutzdaten it holds to their schema's structure (a caller's XML, or the sandbox's
   * re-check): their generated structure files are shipped beside its bundle and read when needed.
   */
  readonly checksStructure?: readonly Kind[];
  /**
   * Files of npm packages it reads at run time (`package/file`), shipped in node_modules beside its
   * bundle rather than bundled: the API reference's renderer (shared/openapi/reference-page.ts), the
   * sandbox protocol's fonts (shared/sandbox/fonts.ts).
   */
  readonly packageFiles?: readonly string[];
  /**
   * Reads clients' PKCS#12 containers: the PKCS#12 thread's bundle, with the container reader and its
   * libraries, is built beside its own (shared/certificates/pkcs12-thread.ts).
   */
  readonly readsCertificates?: true;
  /**
   * Serves the OpenAPI document: it is written beside the bundle as it is built
   * (scripts/openapi/write.ts), so the first call reads it rather than building it from every
   * form's schemas (shared/openapi/document-json.ts).
   */
  readonly servesOpenapi?: true;
  /**
   * What it does with the key that wraps what clients entrust (SEALING_KEY_ID): `seal` a new secret
   * (a fresh data key), `open` a sealed one (unwrap its data key). Each grants only that.
   */
  readonly sealing?: readonly SealingUse[];
  /**
   * The secrets it reads: `webhookSigningKeys` (HOOK_SECRET_NAME) to sign or verify a webhook,
   * `stageCertificate` the stage's ELSTER certificate and PIN to sign a return. No other function
   * is granted them, or told where they are.
   */
  readonly secrets?: readonly SecretUse[];
}

export type SecretUse = 'webhookSigningKeys' | 'stageCertificate';

/**
 * What a call needs of the manifest entry of the function making it: each adapter (and each reader
 * of configuration) declares this for its calls as `needs`, by name. A function's entry lists exactly
 * what the calls its code reaches need, found by their types from its handler
 * (test/infra/code-needs.test.ts). `tables` and `bucket` name the table or folder of the stores a
 * wiring getter builds, with no action: the DynamoDB and S3 commands the code reaches say which.
 */
export interface Needs {
  readonly tables?: Partial<Record<TableName, readonly TableAction[]>>;
  readonly indexes?: Partial<Record<TableName, readonly string[]>>;
  readonly bucket?: readonly BucketFolder[];
  readonly sendsTo?: readonly QueueName[];
  readonly countsQueues?: readonly QueueName[];
  readonly bucketSettings?: readonly BucketSetting[];
  readonly deadLetters?: readonly QueueName[];
  readonly settings?: readonly Setting[];
  readonly sealing?: readonly SealingUse[];
  readonly secrets?: readonly SecretUse[];
}

export type SealingUse = 'seal' | 'open';

/** A group of configuration a function reads; `settingVariables` names the variables of each. */
export type Setting = keyof typeof settingVariables;

export interface RouteSpec {
  /** HEAD is never listed: `servedRoutes` adds it beside each safe GET. */
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** API Gateway path syntax: `{name}` is one path segment. */
  readonly path: string;
  readonly function: FunctionName;
  /**
   * The GET only reads (a safe method, RFC 9110 § 9.2.1), so HEAD on its path runs it too and answers
   * without the body. A GET that acts (hook-run sends a webhook) leaves this out: HEAD there reaches
   * the fallback, 405 with `Allow: GET`, and does nothing.
   */
  readonly safe?: true;
}

/** A route as API Gateway and the local gateway serve it. */
export interface ServedRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly function: FunctionName;
}

/** The listed routes, and HEAD beside each safe GET, through the same function. */
export const servedRoutes = (routes: readonly RouteSpec[]): ServedRoute[] =>
  routes.flatMap(({ method, path, function: fn, safe }) => [
    { method, path, function: fn },
    ...(safe ? [{ method: 'HEAD' as const, path, function: fn }] : []),
  ]);

export interface ApiSpec {
  readonly routes: readonly RouteSpec[];
  /** Answers every request no route matches (404, or 405 with `Allow`). */
  readonly fallback: FunctionName;
  /** Deployed on production stages too; the example receiver is not. */
  readonly production: boolean;
}

export interface ScheduleSpec {
  /** Invoked with a scheduled event: by an EventBridge rule on AWS, by a timer locally. */
  readonly function: FunctionName;
  readonly everyMinutes: number;
}

export const tables = {
  // The scheduled jobs read only what they must act on, never the whole table (shared/adapters/
  // dynamodb-ticket-store.ts): `owed` holds the tickets whose transmission or webhook is owed, in a
  // few shards so no partition takes every write; `unswept` the finished ones whose submission is
  // still kept, by when they finished.
  tickets: {
    partitionKey: 'ticket',
    // Set by the sweep once a ticket's submission is gone: the ticket then expires with its protocol.
    ttlAttribute: 'expires_at',
    indexes: {
      owed: { partitionKey: 'owed_shard' },
      unswept: { partitionKey: 'unswept_shard', sortKey: 'updated_at', attributes: ['status'] },
      // Each client's tickets, newest first: `GET /v2/tickets` queries one client's partition, never the table.
      // Every ticket has both attributes, so it holds tickets older than the index too.
      by_client: { partitionKey: 'client_id', sortKey: 'created_at' },
      // The tickets still to be signed with a client's certificate, one partition per certificate: what
      // `DELETE /v2/certificates/{id}` looks for, whatever the client's history or the backlog.
      awaiting_certificate: { partitionKey: 'awaiting_certificate', attributes: ['status'] },
      // The ticket whose filing a notice answers, by the transfer ticket ELSTER names in it (`erklaerungsticket`).
      by_transfer_ticket: { partitionKey: 'transfer_ticket', attributes: ['client_id'] },
    },
  },
  // A note of each submitted body, written just before it (shared/adapters/dynamodb-stored-body-notes.ts):
  // the sweep queries the notes of the hour it looks at, by shard, instead of listing the bucket.
  // DynamoDB's TTL removes a note once the sweep has looked at its body for the last time.
  storedBodies: { partitionKey: 'shard', sortKey: 'noted', ttlAttribute: 'expires_at' },
  apiKeys: { partitionKey: 'key_hash' },
  idempotency: { partitionKey: 'key', ttlAttribute: 'expires_at' },
  // One request counter per client and minute, named `{client_id}#{window start}`.
  rateLimits: { partitionKey: 'client_window', ttlAttribute: 'expires_at' },
  // Each client's certificates under its own partition: another client's cannot even be addressed.
  certificates: {
    partitionKey: 'client_id',
    sortKey: 'certificate_id',
    indexes: {
      // The certificates whose mailbox is checked on a schedule, by when next, in one partition: the
      // upkeep reads those due (shared/notices/schedule.ts). Only those with a schedule are in it.
      checks_due: { partitionKey: 'scheduled_checks', sortKey: 'next_check_at' },
    },
  },
  // Each client's events (`GET /v2/events`) under its own partition, by `{created_at}#{id}`: a listing
  // reads one range of the caller's partition, newest or oldest first. Kept eventRetentionDays (shared/domain/event.ts).
  events: { partitionKey: 'client_id', sortKey: 'position', ttlAttribute: 'expires_at' },
  // Every attempt of a ticket's webhooks under the ticket, oldest first (shared/adapters/
  // dynamodb-webhook-attempts.ts): kept as long as the ticket, whose expiry the sweep gives them, the
  // answer's excerpt beside each for 30 days.
  webhookAttempts: { partitionKey: 'ticket', sortKey: 'entry', ttlAttribute: 'expires_at' },
  // The notices fetched from ELSTER mailboxes (shared/notices/), one item each under an ID made of its
  // mailbox and record, so storing one twice writes one; expired by the stage's notice retention.
  notices: {
    partitionKey: 'notice_id',
    ttlAttribute: 'expires_at',
    indexes: {
      // Each client's notices, newest first: `GET /v2/notices` queries one client's partition.
      by_client: { partitionKey: 'client_id', sortKey: 'created_at' },
      // The notices of a filing: `GET /v2/ticket/{ticket}/notices`.
      by_ticket: { partitionKey: 'ticket', sortKey: 'created_at' },
      // The notices stored and still owed their confirmation to ELSTER, oldest first, in one partition:
      // there are few at any time, and the alarm watches the oldest.
      unconfirmed: { partitionKey: 'unconfirmed', sortKey: 'created_at', attributes: ['mailbox', 'record_id', 'provision_ticket', 'test', 'client_id'] },
    },
  },
  // Each mailbox check (`POST /v2/mailbox/checks`): the record of the work, as the tickets are of transmissions.
  mailboxChecks: {
    partitionKey: 'check_id',
    ttlAttribute: 'expires_at',
    indexes: {
      // The checks not yet done, in one partition: the upkeep wakes those whose wake-up was lost.
      open: { partitionKey: 'open', sortKey: 'updated_at' },
      // The open checks reading a client's certificate's mailbox: what `DELETE /v2/certificates/{id}` looks for.
      fetching_certificate: { partitionKey: 'fetching_certificate', attributes: ['status'] },
    },
  },
  // The sandbox's ELSTER mailboxes (shared/sandbox/sandbox-mailbox.ts): one partition per certificate.
  sandboxMailbox: { partitionKey: 'mailbox', sortKey: 'record_id' },
  // The uploads a letter names by ID (`POST /v2/attachments`, shared/attachments/): one item each, used
  // once by a conditional write, expired by DynamoDB's TTL (attachmentKeptSeconds) as the bucket's
  // lifecycle removes their bytes.
  attachments: { partitionKey: 'attachment_id', ttlAttribute: 'expires_at' },
} as const satisfies Record<string, TableSpec>;

// ELSTER's answer to one send at its slowest, as the transmit function is sized for. ERiC runs one
// call at a time, so with ERiC a batch is handled one message after another and each ticket is
// claimed, and counted as possibly sent, only as its own send starts (functions/transmit.ts); the
// function outlasts a whole batch at that pace, and the queue hides a message six times as long as the function may run, as AWS asks
// of an SQS event source. TRANSMIT_LEASE_SECONDS (150 by default) outlasts one send.
export const elsterWorstCaseSeconds = 60;
const transmitBatchSize = 5;
const transmitTimeoutSeconds = transmitBatchSize * elsterWorstCaseSeconds + 30;
const webhookTimeoutSeconds = 60;
// A mailbox check lists, downloads and confirms within one run, for attachments of hundreds of MiB:
// a minute short of Lambda's longest, so that the pre-traffic hook (at most 900 s) outlasts it. A
// check cut off is taken up again where it stood (shared/notices/).
const mailboxCheckTimeoutSeconds = 840;

export const queues = {
  transmit: {
    visibilityTimeoutSeconds: 6 * transmitTimeoutSeconds,
    // Each retry is a fresh, delayed wake-up, so a message lives minutes; the table is the record of work.
    retentionDays: 4,
    maxReceiveCount: 5,
    batchSize: transmitBatchSize,
    consumer: 'transmit',
  },
  // Every postponed attempt is a receive: the count stays above HOOK_MAX_ATTEMPTS (at most 50), so the
  // queue parks only poison messages, and deliveries that give up are parked by the function.
  // A delivery keeps its message through all its retries (each a longer visibility timeout), so the
  // queue keeps it as long as SQS allows: HOOK_MAX_ATTEMPTS=50 spans up to about 13 days.
  webhook: { visibilityTimeoutSeconds: 6 * webhookTimeoutSeconds, retentionDays: 14, maxReceiveCount: 60, batchSize: 10, consumer: 'deliverWebhook' },
  // One check a message: a run may take long, and a check interrupted runs again from its table item.
  mailbox: { visibilityTimeoutSeconds: 6 * mailboxCheckTimeoutSeconds, retentionDays: 4, maxReceiveCount: 5, batchSize: 1, consumer: 'checkMailbox' },
} as const satisfies Record<string, QueueSpec>;

// Authenticating a caller reads its key and counts the request against its client's budget: a
// conditional update, which needs no read access.
const authenticated = { apiKeys: ['GetItem'], rateLimits: ['UpdateItem'] } as const;
// A submission notes its body before it stores it, creates its ticket, and reads it back to replay an idempotent request; its
// idempotency record is claimed, read, taken over and completed. It reads the certificate it names,
// reserves a place for each check of a PIN on it and ends it, or locks it (shared/certificates/pin-lock.ts),
// by conditional update.
// Every new ticket, and every change of its status, is an event of its client.
const submitting = {
  ...authenticated,
  events: ['PutItem'],
  tickets: ['PutItem', 'GetItem', 'Query'],
  storedBodies: ['PutItem'],
  idempotency: ['PutItem', 'GetItem', 'UpdateItem'],
  certificates: ['GetItem', 'UpdateItem'],
} as const;
const readingTickets = { ...authenticated, tickets: ['GetItem'] } as const;

// Each form's two functions, named after its kind (`submitUstva`, `validateUstva`), with one entry
// each for every form, functions/submit-form.ts and validate-form.ts: a form's line in the registry
// (shared/forms/registry.ts) brings them and their routes.
type FormFunctionName = `${'submit' | 'validate'}${Pascal<Kind>}`;

type Pascal<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;
/** A kind or name as a word of a function's or stack's name, `a_kind` → `AKind`: CloudFormation's IDs are letters and digits. */
export const pascalCase = <S extends string>(word: S) => word.replace(/(?:^|_)(.)/g, (_, first: string) => first.toUpperCase()) as Pascal<S>;
export const submitFunction = (kind: Kind) => `submit${pascalCase(kind)}` as const;
export const validateFunction = (kind: Kind) => `validate${pascalCase(kind)}` as const;

/**
 * The import aliases a function's bundle is built with (infra/constructs/steuerbote-function.ts, and
 * as it builds them the bundle test and the cold-start bench): a form's function has `#form/` stand
 * for its form's folder, relative to the repository, and `#form-profit` for its year figure.
 */
export const bundleAliases = (spec: FunctionSpec): Record<string, string> =>
  spec.form ? { '#form': `./shared/forms/${spec.form}`, '#form-profit': profitModule(spec.form) } : {};

/**
 * The module of a form's year figure, relative to the repository: its folder's `profit.ts`, whose
 * presence alone makes the form take part in the hints across filings, or else none.
 */
export const profitModule = (kind: Kind) =>
  existsSync(new URL(`forms/${kind}/profit.ts`, import.meta.url)) ? `./shared/forms/${kind}/profit.ts` : './shared/forms/no-profit.ts';

/**
 * What the functions of a form whose body may name a notice (`readsNotices` in its facts) read beside
 * their form's: the notice, its data package and the ticket of the filing it answers, which the submit
 * function reads already (shared/wiring/named-notice.ts), on entries that hand them to the check.
 */
const readingNotices = { tables: { notices: ['GetItem'] }, bucket: { notices: 'read' } } as const;
/** A letter to the tax office, whose attachments may name uploads (shared/wiring/named-attachments.ts). */
const isLetter = (kind: Kind) => formFacts[kind].verfahren === 'ElsterNachricht';
/** What a letter's functions read beside their form's: the uploads it names; its submit function marks them used. */
const readingUploads = { submit: { attachments: ['GetItem', 'UpdateItem'] }, validate: { attachments: ['GetItem'] }, bucket: { attachments: 'read' } } as const;

/** A form's entry: every form's, or a letter's, which hands its check the uploads it names, and the caller's notices where it reads them. */
function formEntry(kind: Kind, fn: 'submit' | 'validate') {
  if (!isLetter(kind)) {
    if (formFacts[kind].readsNotices) throw new Error(`${kind}: only a letter's entry reads the caller's notices`);
    return `functions/${fn}-form.ts`;
  }
  return formFacts[kind].readsNotices ? `functions/${fn}-letter-reading-notices.ts` : `functions/${fn}-letter.ts`;
}

function formFunctions(): Record<FormFunctionName, FunctionSpec> {
  return Object.fromEntries(
    kinds.flatMap((kind) => [
      [
        submitFunction(kind),
        {
          entry: formEntry(kind, 'submit'),
          form: kind,
          checksStructure: [kind],
          tables: { ...submitting, ...(formFacts[kind].readsNotices && readingNotices.tables), ...(isLetter(kind) && readingUploads.submit) },
          // The hints across filings read the client's newest tickets (shared/submission/hints-across.ts).
          indexes: { tickets: ['by_client'] },
          bucket: {
            submissions: 'write',
            ...(formFacts[kind].readsNotices && readingNotices.bucket),
            ...(isLetter(kind) && readingUploads.bucket),
          },
          sendsTo: ['transmit'],
          settings: ['liveSubmissions', 'rateLimit'],
          // A per-submission PIN is tried on its container (open), then kept sealed for transmission (seal).
          sealing: ['seal', 'open'],
          readsCertificates: true,
        },
      ],
      // With TAX_AUTHORITY=eric `validate` also runs ERiC's own checks, so it loads ERiC as transmit does.
      [
        validateFunction(kind),
        {
          entry: formEntry(kind, 'validate'),
          form: kind,
          checksStructure: [kind],
          tables: {
            ...authenticated,
            ...(formFacts[kind].readsNotices && { ...readingNotices.tables, tickets: ['GetItem'] as const }),
            ...(isLetter(kind) && readingUploads.validate),
          },
          ...((formFacts[kind].readsNotices || isLetter(kind)) && {
            bucket: { ...(formFacts[kind].readsNotices && readingNotices.bucket), ...(isLetter(kind) && readingUploads.bucket) },
          }),
          settings: ['taxAuthority', 'liveSubmissions', 'rateLimit'],
          loadsTaxAuthority: true,
        },
      ],
    ]),
  ) as Record<FormFunctionName, FunctionSpec>;
}

// Makes the delivered ticket's webhook pending again, as a new delivery, and queues it.
const resendingWebhook = {
  entry: 'functions/resend-webhook.ts',
  tables: { ...authenticated, tickets: ['GetItem', 'UpdateItem'] },
  sendsTo: ['webhook'],
  settings: ['hook', 'rateLimit'],
} as const satisfies FunctionSpec;

export const functions = {
  ...formFunctions(),
  getOpenapi: { entry: 'functions/get-openapi.ts', servesOpenapi: true },
  // The API reference: Swagger UI's script and style, read at run time (shared/openapi/reference-page.ts).
  // The page carries the renderer and the whole document: more memory makes its first build quicker.
  getDocs: {
    entry: 'functions/get-docs.ts',
    memoryMb: 512,
    packageFiles: ['swagger-ui-dist/swagger-ui-bundle.js', 'swagger-ui-dist/swagger-ui.css'],
    servesOpenapi: true,
  },
  getStatus: { entry: 'functions/get-status.ts', tables: readingTickets, settings: ['rateLimit'] },
  getTicket: { entry: 'functions/get-ticket.ts', tables: readingTickets, settings: ['rateLimit'] },
  getProtocol: { entry: 'functions/get-protocol.ts', tables: readingTickets, bucket: { protocols: 'read' }, settings: ['rateLimit'] },
  // A ticket does not say whether its Nutzdaten were kept: those delivered before they were have none (404).
  getNutzdaten: { entry: 'functions/get-nutzdaten.ts', tables: readingTickets, bucket: { protocols: 'read' }, settings: ['rateLimit'] },
  listWebhookAttempts: { entry: 'functions/list-webhook-attempts.ts', tables: { ...readingTickets, webhookAttempts: ['Query'] }, settings: ['rateLimit'] },
  resendWebhook: resendingWebhook,
  // Reads the ticket a cursor names, to learn that it is the caller's, and queries the caller's partition of one index.
  listTickets: {
    entry: 'functions/list-tickets.ts',
    tables: { ...authenticated, tickets: ['GetItem', 'Query'] },
    indexes: { tickets: ['by_client'] },
    settings: ['rateLimit'],
  },
  // Queries the caller's partition of the events; asked to wait, looks again each second for up to
  // maxEventWaitSeconds (shared/http/event-listing.ts), within its timeout and API Gateway's 30 s.
  listEvents: { entry: 'functions/list-events.ts', timeoutSeconds: 28, tables: { ...authenticated, events: ['Query'] }, settings: ['rateLimit'] },
  // Certificates: the upload opens the container it is given and seals it; it never unseals anything.
  // It queries the client's certificates to count them against the limit.
  createCertificate: {
    entry: 'functions/create-certificate.ts',
    tables: { ...authenticated, certificates: ['PutItem', 'Query'] },
    settings: ['rateLimit'],
    sealing: ['seal'],
    readsCertificates: true,
  },
  listCertificates: { entry: 'functions/list-certificates.ts', tables: { ...authenticated, certificates: ['Query'] }, settings: ['rateLimit'] },
  getCertificate: { entry: 'functions/get-certificate.ts', tables: { ...authenticated, certificates: ['GetItem'] }, settings: ['rateLimit'] },
  // Looks for unfinished tickets that still need the certificate before it deletes it.
  deleteCertificate: {
    entry: 'functions/delete-certificate.ts',
    tables: { ...authenticated, certificates: ['GetItem', 'DeleteItem'], tickets: ['Query'], mailboxChecks: ['Query'] },
    indexes: { tickets: ['awaiting_certificate'], mailboxChecks: ['fetching_certificate'] },
    settings: ['rateLimit'],
  },
  // Sets or clears a certificate's mailbox schedule by a conditional update, the certificate read first.
  setMailboxSchedule: {
    entry: 'functions/set-mailbox-schedule.ts',
    tables: { ...authenticated, certificates: ['GetItem', 'UpdateItem'] },
    settings: ['rateLimit'],
  },
  // Notes an upload and signs the URL that takes its bytes: the URL acts with this function's grant to
  // write attachments' keys, and no other; it never reads them.
  createAttachment: {
    entry: 'functions/create-attachment.ts',
    tables: { ...authenticated, attachments: ['PutItem'] },
    bucket: { attachments: 'write' },
    settings: ['rateLimit'],
  },
  getVersion: { entry: 'functions/get-version.ts', settings: ['taxAuthority'] },
  notFound: { entry: 'functions/not-found.ts' },
  receiverNotFound: { entry: 'functions/receiver-not-found.ts' },
  transmit: {
    entry: 'functions/transmit.ts',
    // The sandbox re-checks what it is handed, as ERiC's schema check would, and writes its protocol in these fonts (shared/sandbox/fonts.ts).
    checksStructure: kinds,
    packageFiles: fontFiles,
    memoryMb: 1024,
    timeoutSeconds: transmitTimeoutSeconds,
    // Claims and moves tickets by conditional update only; reads the body, writes the records (protocol,
    // Nutzdaten, ELSTER's answer), and sends no live filing while the bucket's Object Lock is off.
    // A wake-up that finds its ticket finished reads it, to tell its end again (shared/transmission/transmit-ticket.ts);
    // the sandbox leaves a delivered filing's Bescheiddaten in its mailbox.
    // A claim writes the events its ticket notes in one BatchWriteItem (shared/adapters/dynamodb-ticket-store.ts).
    tables: { tickets: ['UpdateItem', 'GetItem'], certificates: ['GetItem'], events: ['PutItem', 'BatchWriteItem'], sandboxMailbox: ['PutItem'] },
    bucket: { submissions: 'read', protocols: 'write' },
    bucketSettings: ['objectLock'],
    // A retry is a fresh, delayed wake-up on its own queue; a delivered ticket's webhook is queued.
    sendsTo: ['transmit', 'webhook'],
    // Where a message it cannot read is parked (shared/queue/sqs-handler.ts).
    deadLetters: ['transmit'],
    settings: ['taxAuthority', 'liveSubmissions', 'hook', 'transmission'],
    loadsTaxAuthority: true,
    // Signs with the ticket's certificate (its container and PIN unsealed for the one call), or the stage's.
    sealing: ['open'],
    secrets: ['stageCertificate'],
    readsCertificates: true,
  },
  deliverWebhook: {
    entry: 'functions/deliver-webhook.ts',
    timeoutSeconds: webhookTimeoutSeconds,
    // Notes each attempt beside the ticket; a failed attempt is also an event of the ticket's client.
    // A notice's `notice.available` keeps its state on the notice.
    tables: { tickets: ['GetItem', 'UpdateItem'], notices: ['GetItem', 'UpdateItem'], events: ['PutItem'], webhookAttempts: ['PutItem'] },
    bucket: { protocols: 'read' },
    // Where a delivery that gave up, or a message it cannot read, is parked.
    deadLetters: ['webhook'],
    settings: ['hook'],
    secrets: ['webhookSigningKeys'],
  },
  // Reads back a file it finds stored, to tell a repeat from a conflict; it never replaces one.
  // Verifies each webhook's signature before it keeps the protocol.
  receiverEndpoint: { entry: 'functions/receiver-endpoint.ts', bucket: { receiver: 'readWrite' }, secrets: ['webhookSigningKeys'] },
  // The resend of the API, for the example receiver's route.
  receiverRun: resendingWebhook,
  // Reads TAX_AUTHORITY to know whether resending is safe, without loading the tax authority. Reads
  // the whole index of owed work and the counts of the queues, then sends until 10 s before its
  // timeout (docs/operations/a-backlog.md).
  redrive: {
    entry: 'functions/redrive.ts',
    timeoutSeconds: 120,
    // It reads a finished ticket that still owes events, to write them.
    tables: { tickets: ['Query', 'GetItem', 'UpdateItem'], events: ['PutItem', 'BatchWriteItem'] },
    indexes: { tickets: ['owed'] },
    sendsTo: ['transmit', 'webhook'],
    countsQueues: ['transmit', 'webhook'],
    settings: ['taxAuthority', 'redrive'],
  },
  // The one function that may delete objects, and only submitted data. It keeps where its check of
  // the notes left off in an item of their table, and gives a ticket's webhook attempts its expiry.
  sweep: {
    entry: 'functions/sweep.ts',
    timeoutSeconds: 300,
    // Its changes leave the status as it was, so they make no event; the ticket store that would is granted it all the same.
    tables: {
      tickets: ['Query', 'GetItem', 'UpdateItem'],
      storedBodies: ['Query', 'GetItem', 'PutItem'],
      events: ['PutItem', 'BatchWriteItem'],
      webhookAttempts: ['Query', 'UpdateItem'],
    },
    indexes: { tickets: ['unswept'] },
    bucket: { submissions: 'delete' },
    settings: ['retention'],
  },
  // Mailbox checks: the request notes a check and wakes its queue; the check reads the mailbox of the
  // certificate (the stage's: its secret), stores each new record's objects, then its notice, then
  // confirms; it finds a record's filing by transfer ticket.
  createMailboxCheck: {
    entry: 'functions/create-mailbox-check.ts',
    tables: { ...authenticated, certificates: ['GetItem'], mailboxChecks: ['PutItem'] },
    sendsTo: ['mailbox'],
    settings: ['rateLimit'],
  },
  checkMailbox: {
    entry: 'functions/check-mailbox.ts',
    // The sandbox's mailbox writes its notices' PDFs in the protocol's fonts.
    packageFiles: fontFiles,
    timeoutSeconds: mailboxCheckTimeoutSeconds,
    memoryMb: 1024,
    tables: {
      mailboxChecks: ['GetItem', 'UpdateItem'],
      notices: ['GetItem', 'PutItem', 'UpdateItem', 'Query'],
      tickets: ['Query'],
      certificates: ['GetItem'],
      sandboxMailbox: ['Query', 'GetItem', 'UpdateItem'],
      events: ['PutItem'],
    },
    indexes: { notices: ['unconfirmed'], tickets: ['by_transfer_ticket'] },
    bucket: { notices: 'write' },
    // Each stored notice of a client is an event, and its `notice.available` webhook is queued.
    sendsTo: ['webhook'],
    deadLetters: ['mailbox'],
    settings: ['taxAuthority', 'notices', 'hook'],
    // ERiC's mailbox reads with ERiC, Otto and the stage's certificate (whose expiry it reports, read
    // on the PKCS#12 thread); a client's certificate is unsealed for the run.
    loadsTaxAuthority: true,
    sealing: ['open'],
    secrets: ['stageCertificate'],
    readsCertificates: true,
  },
  // Wakes the checks whose wake-up was lost, and counts the age of the oldest notice still unconfirmed (the alarm's metric).
  mailboxUpkeep: {
    entry: 'functions/mailbox-upkeep.ts',
    timeoutSeconds: 60,
    tables: { mailboxChecks: ['Query', 'PutItem'], notices: ['Query'], certificates: ['Query', 'GetItem', 'UpdateItem'] },
    indexes: { mailboxChecks: ['open'], notices: ['unconfirmed'], certificates: ['checks_due'] },
    sendsTo: ['mailbox'],
    settings: ['notices', 'liveSubmissions'],
  },
  getMailboxCheck: { entry: 'functions/get-mailbox-check.ts', tables: { ...authenticated, mailboxChecks: ['GetItem'] }, settings: ['rateLimit'] },
  listNotices: {
    entry: 'functions/list-notices.ts',
    tables: { ...authenticated, notices: ['GetItem', 'Query'] },
    indexes: { notices: ['by_client'] },
    settings: ['rateLimit'],
  },
  getNotice: { entry: 'functions/get-notice.ts', tables: { ...authenticated, notices: ['GetItem'] }, settings: ['rateLimit'] },
  getNoticeFile: {
    entry: 'functions/get-notice-file.ts',
    tables: { ...authenticated, notices: ['GetItem'] },
    bucket: { notices: 'read' },
    settings: ['rateLimit'],
  },
  listTicketNotices: {
    entry: 'functions/list-ticket-notices.ts',
    tables: { ...authenticated, tickets: ['GetItem'], notices: ['Query'] },
    indexes: { notices: ['by_ticket'] },
    settings: ['rateLimit'],
  },
  // Reads when certificates expire, never their sealed secrets.
  // Each certificate it reports is an event of its client, once a day.
  certificateExpiry: { entry: 'functions/certificate-expiry.ts', timeoutSeconds: 60, tables: { certificates: ['Scan'], events: ['PutItem'] } },
  // Finds the certificates still sealed the old way by a scan that leaves the secrets where they are,
  // then reads each, opens it and seals it again (shared/certificates/reseal.ts).
  resealCertificates: {
    entry: 'functions/reseal-certificates.ts',
    timeoutSeconds: 300,
    tables: { certificates: ['Scan', 'GetItem', 'UpdateItem'] },
    sealing: ['seal', 'open'],
    readsCertificates: true,
  },
} as const satisfies Record<string, FunctionSpec>;

export const schedules = {
  // Wakes work whose wake-up was lost (the queue is only a wake-up; the table is the record of work).
  redrive: { function: 'redrive', everyMinutes: 5 },
  // Deletes submitted data once its retention after the ticket finished has passed; half an hour late is soon enough.
  sweep: { function: 'sweep', everyMinutes: 30 },
  // Logs and counts the certificates that expire within 30 days (shared/certificates/expiry.ts).
  certificateExpiry: { function: 'certificateExpiry', everyMinutes: 24 * 60 },
  // Seals again, bound to their owner, the certificates still sealed the old way; once none is left the key policy may drop the old way.
  resealCertificates: { function: 'resealCertificates', everyMinutes: 24 * 60 },
  // Wakes mailbox checks whose wake-up was lost; measures the oldest notice owed its confirmation;
  // creates the scheduled checks now due (shared/notices/schedule.ts), so a due check starts within 15 minutes.
  mailboxUpkeep: { function: 'mailboxUpkeep', everyMinutes: 15 },
} as const satisfies Record<string, ScheduleSpec>;

const readable = (path: string, fn: FunctionName): RouteSpec => ({ method: 'GET', path, function: fn, safe: true });

export const apis = {
  api: {
    production: true,
    fallback: 'notFound',
    routes: [
      ...kinds.flatMap((kind): RouteSpec[] => [
        { method: 'POST', path: `/v2/${kind}`, function: submitFunction(kind) },
        { method: 'POST', path: `/v2/${kind}/validate`, function: validateFunction(kind) },
      ]),
      readable('/v2/status/{ticket}', 'getStatus'),
      readable('/v2/ticket/{ticket}', 'getTicket'),
      readable('/v2/ticket/{ticket}/nutzdaten', 'getNutzdaten'),
      readable('/v2/ticket/{ticket}/webhooks', 'listWebhookAttempts'),
      { method: 'POST', path: '/v2/ticket/{ticket}/webhooks', function: 'resendWebhook' },
      readable('/v2/tickets', 'listTickets'),
      readable('/v2/events', 'listEvents'),
      { method: 'POST', path: '/v2/certificates', function: 'createCertificate' },
      readable('/v2/certificates', 'listCertificates'),
      readable('/v2/certificates/{certificate_id}', 'getCertificate'),
      { method: 'DELETE', path: '/v2/certificates/{certificate_id}', function: 'deleteCertificate' },
      { method: 'POST', path: '/v2/certificates/{certificate_id}/mailbox-checks', function: 'setMailboxSchedule' },
      readable('/v2/ticket/{ticket}/notices', 'listTicketNotices'),
      { method: 'POST', path: '/v2/attachments', function: 'createAttachment' },
      { method: 'POST', path: '/v2/mailbox/checks', function: 'createMailboxCheck' },
      readable('/v2/mailbox/checks/{check_id}', 'getMailboxCheck'),
      readable('/v2/notices', 'listNotices'),
      readable('/v2/notices/{notice_id}', 'getNotice'),
      readable('/v2/notices/{notice_id}/data', 'getNoticeFile'),
      readable('/v2/notices/{notice_id}/attachments/{n}', 'getNoticeFile'),
      readable('/v2/protocol/{ticket}', 'getProtocol'),
      readable('/v2/response/{ticket}', 'getProtocol'),
      readable('/v2/version', 'getVersion'),
      readable('/v2/openapi.json', 'getOpenapi'),
      readable('/v2/docs', 'getDocs'),
    ],
  },
  receiver: {
    production: false,
    fallback: 'receiverNotFound',
    routes: [
      { method: 'POST', path: '/dummy/hook-endpoint', function: 'receiverEndpoint' },
      // Not safe: it sends the notification again.
      { method: 'GET', path: '/dummy/hook-run/{ticket}', function: 'receiverRun' },
    ],
  },
} as const satisfies Record<string, ApiSpec>;

/**
 * The variables of each group of settings. A function is given those of the groups it names, and no
 * other: by the stack, those the stage sets (the rest keep their defaults), and locally by the
 * runtime, which gives each function only its own environment, as Lambda does (local/).
 */
export const settingVariables = {
  // The sandbox's own knobs travel with the tax authority's name: only who loads it reads them.
  taxAuthority: [
    settingNames.taxAuthority,
    settingNames.herstellerId,
    settingNames.sandboxLatencyMs,
    settingNames.sandboxTransientFailureRate,
    settingNames.sandboxNoticeDelaySeconds,
    settingNames.sandboxDivaConsent,
  ],
  liveSubmissions: [settingNames.allowLiveSubmissions],
  hook: [
    settingNames.hookEnabled,
    settingNames.hookUri,
    settingNames.hookRequireHttps,
    settingNames.hookTimeoutMs,
    settingNames.hookMaxAttempts,
    settingNames.hookBackoffScale,
  ],
  rateLimit: [settingNames.rateLimitPerMinute],
  retention: [settingNames.submissionRetentionSeconds, settingNames.protocolRetentionDays],
  transmission: [settingNames.transmitMaxAttempts, settingNames.transmitRetryDelaySeconds, settingNames.transmitLeaseSeconds, settingNames.recordLockDays],
  redrive: [settingNames.redriveQueuedGraceSeconds, settingNames.redriveWebhookGraceSeconds],
  notices: [settingNames.noticeRetentionDays, settingNames.stageMailboxCheckEveryHours],
} as const;

/** Variables of the tax authority's library, given to the functions that load it; the certificate's only to the one that signs. */
export const ericVariables = {
  library: [settingNames.ericHome, settingNames.ericApiVersion, settingNames.ottoHome, settingNames.datenLieferant],
  signing: [
    settingNames.ericCertPath,
    settingNames.ericCertSecretArn,
    settingNames.ericCertPin,
    settingNames.ericCertPinFile,
    settingNames.ericCertPinSecretArn,
  ],
} as const;

/**
 * The outputs of a stage stack, by output name, each with the variable it fills: operator commands
 * (`npm run webhooks -- --stage s`) configure themselves from them exactly as the functions are.
 */
export function stackOutputs(): Record<string, string> {
  // HookEnabled: whether the stage sends webhooks, which `npm run webhooks -- resend` must know.
  const outputs: Record<string, string> = { BucketName: resourceEnv.bucket, HookEnabled: settingNames.hookEnabled };
  for (const name of Object.keys(tables) as TableName[]) outputs[`${name}TableName`] = resourceEnv.table(name);
  for (const name of Object.keys(queues) as QueueName[]) {
    outputs[`${name}QueueUrl`] = resourceEnv.queue(name);
    outputs[`${name}DeadLetterQueueUrl`] = resourceEnv.deadLetterQueue(name);
  }
  return outputs;
}
