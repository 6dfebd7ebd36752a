// The names a function's own code reads: the environment variables of its settings and resources,
// and the stage bucket's folders. The manifest (shared/manifest.ts) builds the stack and the local
// runtime with them; they stand apart from it so that a function's bundle carries these names and
// none of the manifest's functions and routes (BENCHMARKS.md, "Cold starts").

/**
 * Every setting's environment variable, declared once: the configuration reads them (shared/config.ts),
 * the stack and the local runtime set them; README's configuration table lists them for people.
 */
export const settingNames = {
  /** The stage's name, a dimension of every metric; set by the stack on every function. */
  stage: 'STEUERBOTE_STAGE',
  serviceVersion: 'SERVICE_VERSION',
  serviceBuild: 'SERVICE_BUILD',
  taxAuthority: 'TAX_AUTHORITY',
  allowLiveSubmissions: 'ALLOW_LIVE_SUBMISSIONS',
  rateLimitPerMinute: 'RATE_LIMIT_PER_MINUTE',
  herstellerId: 'ELSTER_HERSTELLER_ID',
  datenLieferant: 'ELSTER_DATENLIEFERANT',
  hookEnabled: 'HOOK_ENABLED',
  hookUri: 'HOOK_URI',
  hookRequireHttps: 'HOOK_REQUIRE_HTTPS',
  hookSecret: 'HOOK_SECRET',
  hookSecretId: 'HOOK_SECRET_ID',
  hookTimeoutMs: 'HOOK_TIMEOUT_MS',
  hookMaxAttempts: 'HOOK_MAX_ATTEMPTS',
  hookBackoffScale: 'HOOK_BACKOFF_SCALE',
  transmitMaxAttempts: 'TRANSMIT_MAX_ATTEMPTS',
  transmitRetryDelaySeconds: 'TRANSMIT_RETRY_DELAY_SECONDS',
  transmitLeaseSeconds: 'TRANSMIT_LEASE_SECONDS',
  recordLockDays: 'RECORD_LOCK_DAYS',
  redriveQueuedGraceSeconds: 'REDRIVE_QUEUED_GRACE_SECONDS',
  redriveWebhookGraceSeconds: 'REDRIVE_WEBHOOK_GRACE_SECONDS',
  submissionRetentionSeconds: 'SUBMISSION_RETENTION_SECONDS',
  protocolRetentionDays: 'PROTOCOL_RETENTION_DAYS',
  ericHome: 'ERIC_HOME',
  ericApiVersion: 'ERIC_API_VERSION',
  ericCertPath: 'ERIC_CERT_PATH',
  ericCertSecretArn: 'ERIC_CERT_SECRET_ARN',
  ericCertPin: 'ERIC_CERT_PIN',
  ericCertPinFile: 'ERIC_CERT_PIN_FILE',
  ericCertPinSecretArn: 'ERIC_CERT_PIN_SECRET_ARN',
  sandboxLatencyMs: 'SANDBOX_LATENCY_MS',
  today: 'STEUERBOTE_TODAY',
  sandboxTransientFailureRate: 'SANDBOX_TRANSIENT_FAILURE_RATE',
  receiverStoreDir: 'RECEIVER_STORE_DIR',
  dataDir: 'DATA_DIR',
  sealingKeyId: 'SEALING_KEY_ID',
  sealingKeyFile: 'SEALING_KEY_FILE',
  apiPort: 'PORT',
  apiMaxConnections: 'API_MAX_CONNECTIONS',
  hookExamplePort: 'HOOK_EXAMPLE_PORT',
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
export const bucketFolders = { submissions: 'submissions/', protocols: 'protocols/', receiver: 'receiver/' } as const;
