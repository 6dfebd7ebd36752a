// Configuration comes only from the environment (docs/reference/configuration.md). Every reader names the variable
// in its error, so a bad deployment fails at start with one line an operator can act on.

import { berlinDate } from '#shared/domain/berlin-date.ts';
import { everyHoursRange } from '#shared/domain/certificate.ts';
import { type Needs, type QueueName, type TableName } from '#shared/manifest.ts';
import { resourceEnv, settingNames } from '#shared/setting-names.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function text(name: string, fallback?: string, env: Env = process.env): string {
  const value = env[name]?.trim();
  if (value) return value;
  if (fallback !== undefined) return fallback;
  throw new ConfigError(`${name} is not set`);
}

export function flag(name: string, env: Env = process.env): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${env[name]}"`);
}

export function wholeNumber(name: string, fallback: number, range: { min: number; max: number }, env: Env = process.env): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new ConfigError(`${name} must be a whole number from ${range.min} to ${range.max}, got "${raw}"`);
  }
  return value;
}

export function decimal(name: string, fallback: number, range: { min: number; max: number }, env: Env = process.env): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    throw new ConfigError(`${name} must be a number from ${range.min} to ${range.max}, got "${raw}"`);
  }
  return value;
}

export function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T, env: Env = process.env): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
}

export function httpUrl(name: string, fallback: string | undefined, env: Env = process.env): string {
  const raw = text(name, fallback, env);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${url.protocol}"`);
  }
  return url.toString();
}

export const tableName = (table: TableName) => text(resourceEnv.table(table));
export const queueUrl = (queue: QueueName) => text(resourceEnv.queue(queue));
export const deadLetterQueueUrl = (queue: QueueName) => text(resourceEnv.deadLetterQueue(queue));
export const bucketName = () => text(resourceEnv.bucket);

export const serviceVersion = () => text(settingNames.serviceVersion, '0.3.0');
export const build = () => text(settingNames.serviceBuild, 'local');
export const taxAuthorityName = (env: Env = process.env) => oneOf(settingNames.taxAuthority, ['sandbox', 'eric'] as const, 'sandbox', env);
// The sandbox files nothing, so sending again is harmless; ERiC may have handed the return to
// ELSTER before its answer was lost, and a second transmission would file it twice.
const resendable = { sandbox: true, eric: false } as const satisfies Record<ReturnType<typeof taxAuthorityName>, boolean>;
/**
 * `TaxAuthority.resendIsSafe`, known from the configured name alone, so the re-drive can decide
 * without loading the authority's code (the sandbox's PDF library, ERiC).
 */
export const resendIsSafe = (env: Env = process.env) => resendable[taxAuthorityName(env)];
export const allowLiveSubmissions = () => flag(settingNames.allowLiveSubmissions);

/** What wraps the data keys of clients' certificates: the stage's KMS key, or locally a key file. */
export function sealingKey(env: Env = process.env): { kmsKeyId: string } | { file: string } {
  const kmsKeyId = env[settingNames.sealingKeyId];
  if (kmsKeyId) return { kmsKeyId };
  return { file: text(settingNames.sealingKeyFile, undefined, env) };
}

/**
 * Today in Berlin, YYYY-MM-DD: which years and periods are open depends on it. Outside Lambda,
 * STEUERBOTE_TODAY may fix it, so that tests keep their meaning on any day; a Lambda function
 * always reads the clock.
 */
export function today(env: Env = process.env, now = new Date()): string {
  const fixed = env[settingNames.today];
  if (!fixed || env.AWS_LAMBDA_FUNCTION_NAME !== undefined) return berlinDate(now);
  if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(fixed)) throw new ConfigError(`${settingNames.today} must be a date YYYY-MM-DD, got "${fixed}"`);
  return fixed;
}
/** Authenticated requests one client may make per minute; `0` turns the budget off. */
export const rateLimitPerMinute = (env: Env = process.env) => wholeNumber(settingNames.rateLimitPerMinute, 600, { min: 0, max: 10_000_000 }, env);
export const herstellerId = (env: Env = process.env) => {
  const id = text(settingNames.herstellerId, '74931', env);
  if (!/^\d{5}$/.test(id)) throw new ConfigError(`ELSTER_HERSTELLER_ID must be five digits, got "${id}"`);
  return id;
};

export interface WebhookConfig {
  enabled: boolean;
  uri: string;
  timeoutMs: number;
  maxAttempts: number;
  /** Multiplies every retry delay; below 1 only to let tests watch a whole schedule pass. */
  backoffScale: number;
}

/** HOOK_ENABLED alone, for an operator command that only needs to know whether the stage sends webhooks. */
export const webhooksEnabled = (env: Env = process.env) => flag(settingNames.hookEnabled, env);

export function webhookConfig(env: Env = process.env): WebhookConfig {
  const enabled = webhooksEnabled(env);
  // The URI matters only when webhooks are on; an unset URI must not stop a service that sends none.
  const uri = enabled ? httpUrl(settingNames.hookUri, undefined, env) : (env[settingNames.hookUri] ?? '');
  if (enabled && flag(settingNames.hookRequireHttps, env) && !uri.startsWith('https:')) {
    throw new ConfigError(`HOOK_URI must use https on this stage, got "${uri}"`);
  }
  return {
    enabled,
    uri,
    timeoutMs: wholeNumber(settingNames.hookTimeoutMs, 10_000, { min: 1, max: 900_000 }, env),
    maxAttempts: wholeNumber(settingNames.hookMaxAttempts, 8, { min: 1, max: 50 }, env),
    backoffScale: decimal(settingNames.hookBackoffScale, 1, { min: 0, max: 1 }, env),
  };
}

export interface TransmitConfig {
  maxAttempts: number;
  retryDelaySeconds: number;
  /** Longer than the transmit function may run, so a live worker's claim never lapses. */
  leaseSeconds: number;
  /** ELSTER's ID of this software, written into every return (Kz09, NutzdatenHeader). */
  herstellerId: string;
  /**
   * Days a live filing's protocol and transmitted Nutzdaten are kept under S3 Object Lock from
   * delivery; 0 locks nothing. Set by the stack on production stages, whose bucket has Object Lock on.
   */
  recordLockDays: number;
}

export const transmitConfig = (env: Env = process.env): TransmitConfig => ({
  maxAttempts: wholeNumber(settingNames.transmitMaxAttempts, 5, { min: 1, max: 50 }, env),
  retryDelaySeconds: wholeNumber(settingNames.transmitRetryDelaySeconds, 30, { min: 0, max: 900 }, env),
  leaseSeconds: wholeNumber(settingNames.transmitLeaseSeconds, 150, { min: 1, max: 3600 }, env),
  herstellerId: herstellerId(env),
  recordLockDays: wholeNumber(settingNames.recordLockDays, 0, { min: 0, max: 99 * 366 }, env),
});

export interface RedriveConfig {
  /** How long past its due wake-up a `queued` ticket is left to the queue before the re-drive wakes it. */
  queuedGraceSeconds: number;
  /** How long past its due attempt a `pending` webhook is left to the queue before the re-drive enqueues it. */
  webhookGraceSeconds: number;
}

// A due wake-up reaches a worker within seconds while the transmit queue keeps up; two minutes let a
// short backlog drain first. A webhook attempt may still be running (up to its function's timeout)
// or its message coming back after a failed invocation (the queue's visibility timeout, 90 s): a
// second message then would run a second round of attempts beside the first, so it waits longer.
export const redriveConfig = (env: Env = process.env): RedriveConfig => ({
  queuedGraceSeconds: wholeNumber(settingNames.redriveQueuedGraceSeconds, 120, { min: 0, max: 86_400 }, env),
  webhookGraceSeconds: wholeNumber(settingNames.redriveWebhookGraceSeconds, 900, { min: 0, max: 86_400 }, env),
});

export interface RetentionConfig {
  /** How long after its ticket finished a submission's data is kept. */
  submissionRetentionSeconds: number;
  /** How long a protocol is kept; its ticket is kept as long, then expires with it. */
  protocolRetentionDays: number;
}

// Thirty days leave room to look into a rejection or a complaint; the protocol, which is what must be
// kept for years, stays. Seconds rather than days only so that tests can watch a body go.
export const retentionConfig = (env: Env = process.env): RetentionConfig => ({
  submissionRetentionSeconds: wholeNumber(settingNames.submissionRetentionSeconds, 30 * 86_400, { min: 0, max: 10 * 366 * 86_400 }, env),
  // Eleven years, as the stage's bucket keeps protocols unless told otherwise: § 147 AO's ten count from the end of the year.
  protocolRetentionDays: wholeNumber(settingNames.protocolRetentionDays, 4018, { min: 1, max: 99 * 366 }, env),
});

/** Days a fetched notice and its files are kept from the day it was stored: eleven years, as protocols. */
export const noticeRetentionDays = (env: Env = process.env) => wholeNumber(settingNames.noticeRetentionDays, 4018, { min: 1, max: 99 * 366 }, env);

/** Hours between the scheduled checks of the stage's own mailbox; undefined: only when asked. */
export function stageMailboxCheckEveryHours(env: Env = process.env): number | undefined {
  const hours = wholeNumber(settingNames.stageMailboxCheckEveryHours, 0, { min: 0, max: everyHoursRange.max }, env);
  if (hours === 0) return undefined;
  if (hours < everyHoursRange.min) throw new ConfigError(`${settingNames.stageMailboxCheckEveryHours} must be 0 or at least ${everyHoursRange.min}`);
  return hours;
}

export interface EricConfig {
  /** The directory with libericapi.so and its plugins. */
  home: string;
  /** The ERiC major version whose struct layouts to use; without it, the library is asked. */
  apiVersion?: number;
  /**
   * The stage's own certificate and its PIN. Absent in a function granted neither (validate): it
   * runs ERiC's checks, and cannot sign.
   */
  signing?: EricSigning;
  /** Who delivers the data, as the TransferHeader names it (DatenLieferant). */
  datenLieferant: string;
  herstellerId: string;
}

export interface EricSigning {
  /** The signing certificate (.pfx): a file here, or a Secrets Manager secret (binary or base64). */
  certificate: { path: string } | { secretId: string };
  pin: { value: string } | { file: string } | { secretId: string };
}

/** Settings of the `eric` tax authority; only read when TAX_AUTHORITY=eric. */
export function ericConfig(env: Env = process.env): EricConfig {
  const home = text(settingNames.ericHome, undefined, env);
  const apiVersion = env[settingNames.ericApiVersion]?.trim() ? wholeNumber(settingNames.ericApiVersion, 0, { min: 1, max: 999 }, env) : undefined;
  const signing = ericSigning(env);
  const datenLieferant = text(settingNames.datenLieferant, 'steuerbote', env);
  if (datenLieferant.length > 200 || /[\u0000-\u001f]/.test(datenLieferant)) {
    throw new ConfigError('ELSTER_DATENLIEFERANT must be at most 200 characters without control characters');
  }
  return { home, ...(apiVersion === undefined ? {} : { apiVersion }), ...(signing && { signing }), datenLieferant, herstellerId: herstellerId(env) };
}

/** The folder with libotto.so: OTTO_HOME, or ERiC's own folder, where ERiC's package ships it. */
export const ottoHome = (env: Env = process.env): string => env[settingNames.ottoHome]?.trim() || text(settingNames.ericHome, undefined, env);

/** Both the certificate and its PIN, or neither; one without the other is a fault of the configuration. */
function ericSigning(env: Env): EricSigning | undefined {
  const certificateSecret = env[settingNames.ericCertSecretArn]?.trim();
  const certificatePath = env[settingNames.ericCertPath]?.trim();
  const pinSecret = env[settingNames.ericCertPinSecretArn]?.trim();
  const pinFile = env[settingNames.ericCertPinFile]?.trim();
  const pinValue = env[settingNames.ericCertPin];
  if (!certificateSecret && !certificatePath && !pinSecret && !pinFile && !pinValue) return undefined;
  const certificate = certificateSecret ? { secretId: certificateSecret } : { path: text(settingNames.ericCertPath, undefined, env) };
  let pin: EricSigning['pin'];
  if (pinSecret) pin = { secretId: pinSecret };
  // A PIN may hold spaces at either end, so it is taken as it is.
  else if (pinValue) pin = { value: pinValue };
  else if (pinFile) pin = { file: pinFile };
  else throw new ConfigError('ERIC_CERT_PIN is not set (nor ERIC_CERT_PIN_FILE or ERIC_CERT_PIN_SECRET_ARN)');
  return { certificate, pin };
}

/**
 * The group of settings (shared/manifest.ts) each reader reads; a reader it calls declares its own.
 * RATE_LIMIT_PER_MINUTE is the authenticating functions' (`callers`, shared/wiring/adapters.ts).
 */
export const needs = {
  taxAuthorityName: { settings: ['taxAuthority'] },
  herstellerId: { settings: ['taxAuthority'] },
  allowLiveSubmissions: { settings: ['liveSubmissions'] },
  webhooksEnabled: { settings: ['hook'] },
  webhookConfig: { settings: ['hook'] },
  transmitConfig: { settings: ['transmission'] },
  redriveConfig: { settings: ['redrive'] },
  retentionConfig: { settings: ['retention'] },
  noticeRetentionDays: { settings: ['notices'] },
  stageMailboxCheckEveryHours: { settings: ['notices'] },
} as const satisfies Record<string, Needs>;
