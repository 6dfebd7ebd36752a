// The names a function's own code reads: the environment variables of its settings and resources,
// and the stage bucket's folders. The manifest (shared/manifest.ts) builds the stack and the local
// runtime with them; they stand apart from it so that a function's bundle carries these names and
// none of the manifest's functions and routes (BENCHMARKS.md, "Cold starts").

/**
 * Every setting's environment variable, declared once: the configuration reads them (shared/config.ts),
 * the stack and the local runtime set them; docs/reference/configuration.md lists them for people, generated from this file.
 */
export const settingNames = {
  /** The stage's name, a dimension of every metric; set by the stack on every function. @default `local` */
  stage: 'STEUERBOTE_STAGE',
  /** The service's version in every answer's envelope and `GET /v2/version`; set by the stack from `package.json`. @default the version of `package.json` */
  serviceVersion: 'SERVICE_VERSION',
  /** The build in `GET /v2/version`, e.g. a commit hash; set by the stack from `-c build`. @default `local` */
  serviceBuild: 'SERVICE_BUILD',
  /** `sandbox` checks and answers like ERiC and never sends; `eric` sends through ERiC. @default `sandbox` */
  taxAuthority: 'TAX_AUTHORITY',
  /** Allows `test: false`: a live submission is refused with 422 `LIVE_NOT_ALLOWED` without it. @default false */
  allowLiveSubmissions: 'ALLOW_LIVE_SUBMISSIONS',
  /** Authenticated requests one client may make per calendar minute; `0` turns the budget off (on AWS: `-c rateLimitPerMinute=`). @default 600 */
  rateLimitPerMinute: 'RATE_LIMIT_PER_MINUTE',
  /** The Hersteller-ID (74931 is ELSTER's test value). @default 74931 */
  herstellerId: 'ELSTER_HERSTELLER_ID',
  /** With `eric`: the data supplier ERiC writes into the TransferHeader (on AWS: `-c ericDatenlieferant=`). @default `steuerbote` */
  datenLieferant: 'ELSTER_DATENLIEFERANT',
  /** Sends the delivered-webhook; nothing is ever sent unless this is `true`. @default false */
  hookEnabled: 'HOOK_ENABLED',
  /** Where webhooks go. @default the example receiver */
  hookUri: 'HOOK_URI',
  /** Refuses a `HOOK_URI` that is not `https`; set by the stack on production stages. @default false */
  hookRequireHttps: 'HOOK_REQUIRE_HTTPS',
  /** `whsec_…` signing secrets, space-separated; all of them sign, so a receiver can switch keys without a gap. @default none */
  hookSecret: 'HOOK_SECRET',
  /** On AWS: the Secrets Manager secret holding the signing secrets (`-c hookSecretName=`), read at run time and again within five minutes of a rotation. @default none */
  hookSecretId: 'HOOK_SECRET_ID',
  /** A webhook answer slower than this counts as failed. @default 10000 */
  hookTimeoutMs: 'HOOK_TIMEOUT_MS',
  /** Attempts before a webhook is dead-lettered and `failed` (1 to 50). @default 8 */
  hookMaxAttempts: 'HOOK_MAX_ATTEMPTS',
  /** Multiplies every retry delay (tests use 0.001). @default 1 */
  hookBackoffScale: 'HOOK_BACKOFF_SCALE',
  /** Transient failures tolerated per ticket; after them it is `failed` with `TRANSMISSION_FAILED`. @default 5 */
  transmitMaxAttempts: 'TRANSMIT_MAX_ATTEMPTS',
  /** Backoff step between transient failures (× attempt). @default 30 */
  transmitRetryDelaySeconds: 'TRANSMIT_RETRY_DELAY_SECONDS',
  /** How long a worker holds a ticket it transmits; a lease that lapses is the re-drive's to take over. @default 150 */
  transmitLeaseSeconds: 'TRANSMIT_LEASE_SECONDS',
  /** Days a live filing's protocol and Nutzdaten are locked (S3 Object Lock) from delivery; set by the stack on production stages. @default 0 (none) */
  recordLockDays: 'RECORD_LOCK_DAYS',
  /** The re-drive wakes a `queued` ticket this long after its wake-up was due. @default 120 */
  redriveQueuedGraceSeconds: 'REDRIVE_QUEUED_GRACE_SECONDS',
  /** The re-drive enqueues a `pending` webhook this long after its attempt was due. @default 900 */
  redriveWebhookGraceSeconds: 'REDRIVE_WEBHOOK_GRACE_SECONDS',
  /** The sweep deletes a finished ticket's submitted data this long after it finished (on AWS: `-c submissionRetentionDays=`). @default 2592000 (30 days) */
  submissionRetentionSeconds: 'SUBMISSION_RETENTION_SECONDS',
  /** A swept ticket expires this long after its submission was deleted, with its protocol (on AWS: `-c protocolRetentionYears=`). @default 4018 (11 years) */
  protocolRetentionDays: 'PROTOCOL_RETENTION_DAYS',
  /** With `eric`: the folder with `libericapi.so` and its plugins (`/opt/eric` from the layer on AWS). @default none */
  ericHome: 'ERIC_HOME',
  /** With `eric`: the ERiC major version expected (38–44). @default asked of ERiC */
  ericApiVersion: 'ERIC_API_VERSION',
  /** With `eric`: the folder with Otto's `libotto.so`, which downloads the mailbox's notices. @default `ERIC_HOME` (ERiC's package ships Otto beside libericapi.so) */
  ottoHome: 'OTTO_HOME',
  /** With `eric`, locally: the certificate (.pfx) the stage signs with. @default none */
  ericCertPath: 'ERIC_CERT_PATH',
  /** With `eric`, on AWS: the certificate from Secrets Manager, read once per container, never logged. @default none */
  ericCertSecretArn: 'ERIC_CERT_SECRET_ARN',
  /** With `eric`, locally: the certificate's PIN. @default none */
  ericCertPin: 'ERIC_CERT_PIN',
  /** With `eric`, locally: a file holding the certificate's PIN, in place of `ERIC_CERT_PIN`. @default none */
  ericCertPinFile: 'ERIC_CERT_PIN_FILE',
  /** With `eric`, on AWS: the certificate's PIN from Secrets Manager, read once per container, never logged. @default none */
  ericCertPinSecretArn: 'ERIC_CERT_PIN_SECRET_ARN',
  /** Sandbox: delay before answering. @default 0 */
  sandboxLatencyMs: 'SANDBOX_LATENCY_MS',
  /** Outside Lambda: fixes today's date (YYYY-MM-DD, Berlin), which decides the years and periods open, so that tests mean the same on any day. @default the clock */
  today: 'STEUERBOTE_TODAY',
  /** Sandbox: how long after a filing with `bescheiddaten: true` is delivered its record is in the mailbox (docs/notices.md). @default 5 */
  sandboxNoticeDelaySeconds: 'SANDBOX_NOTICE_DELAY_SECONDS',
  /** Sandbox: its filers consented to digital notices (DIVA), so an income tax return's record carries the notice as a PDF. @default true */
  sandboxDivaConsent: 'SANDBOX_DIVA_CONSENT',
  /** Days a fetched notice and its files are kept from the day it was stored (on AWS: `-c noticeRetentionDays=`). @default 4018 (11 years) */
  noticeRetentionDays: 'NOTICE_RETENTION_DAYS',
  /** Hours between the scheduled checks of the stage's own mailbox (1–168), with the Testmerker and, where live submissions are allowed, without; 0: only when asked (docs/notices.md). @default 0 */
  stageMailboxCheckEveryHours: 'MAILBOX_CHECK_EVERY_HOURS',
  /** Sandbox: share of transmissions that fail transiently. @default 0 */
  sandboxTransientFailureRate: 'SANDBOX_TRANSIENT_FAILURE_RATE',
  /** Locally: where the example receiver keeps what it is sent. @default `.data/receiver` */
  receiverStoreDir: 'RECEIVER_STORE_DIR',
  /** Local persistence: tables, objects, received files, the development key, and `runtime.json` with the API's URL while it runs. @default `.data` */
  dataDir: 'DATA_DIR',
  /** The stage's KMS key that wraps the data keys of clients' certificates and PINs; set by the stack. @default none */
  sealingKeyId: 'SEALING_KEY_ID',
  /** Locally: the key file that wraps them in its place, made on first use. @default `.data/sealing.key` */
  sealingKeyFile: 'SEALING_KEY_FILE',
  /** Local API port. @default 3000 */
  apiPort: 'PORT',
  /** Connections the local API serves at once; one beyond gets 503 `UNAVAILABLE` (limits, "Transport"). @default 100 */
  apiMaxConnections: 'API_MAX_CONNECTIONS',
  /** Seconds the local API waits for a request's headers, at most `API_REQUEST_TIMEOUT_SECONDS`; then 408 `REQUEST_TIMEOUT` (limits, "Transport"). @default 10 */
  apiHeadersTimeoutSeconds: 'API_HEADERS_TIMEOUT_SECONDS',
  /** Seconds the local API waits for a whole request (1–3600), e.g. longer for callers on slow links; then 408 `REQUEST_TIMEOUT`. @default 30 */
  apiRequestTimeoutSeconds: 'API_REQUEST_TIMEOUT_SECONDS',
  /** Local example receiver port. @default 8080 */
  hookExamplePort: 'HOOK_EXAMPLE_PORT',
  /** Local development key; created, kept in `.data/dev-api-key` and printed when absent. @default the one kept in `.data/dev-api-key` */
  devApiKey: 'DEV_API_KEY',
} as const;

/** Environment variable through which a function learns a resource's name or URL, by the manifest's name of the table or queue. */
export const resourceEnv = {
  table: (name: string) => `${snake(name)}_TABLE`,
  queue: (name: string) => `${snake(name)}_QUEUE_URL`,
  deadLetterQueue: (name: string) => `${snake(name)}_DLQ_URL`,
  bucket: 'BUCKET',
  bucketPrefix: 'BUCKET_PREFIX',
} as const;

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

/** The stage bucket's folders, each with its own retention; `receiver/` holds what the example receiver stores. */
export const bucketFolders = {
  submissions: 'submissions/',
  protocols: 'protocols/',
  receiver: 'receiver/',
  notices: 'notices/',
  attachments: 'attachments/',
} as const;
