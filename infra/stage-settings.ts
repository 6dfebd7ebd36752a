// A stage's settings, read from CDK context (`-c key=value` or cdk.json) and checked before
// anything is built, so a typo fails the synth with a line naming the key.

import type { Construct } from 'constructs';

export interface StageSettings {
  /** The stage's name, up to 32 lowercase letters, digits or hyphens (`-c stage=dev`); its stack is `Steuerbote-<stage>`. Required. */
  readonly stage: string;
  /**
   * Keeps data on deletion, leaves out the example receiver, locks live filings' records and deploys
   * gradually (`-c production=true`).
   * @default true for the stages named `prod` and `production`
   */
  readonly production: boolean;
  /**
   * The AWS region the stage lives in, part of its template: a deploy goes there whatever region the
   * shell's profile names (`-c region=eu-central-1`).
   * @default eu-central-1 (Frankfurt), where German tax data stays in Germany
   */
  readonly region: string;
  /**
   * The AWS account the stage lives in, part of its template as the region is: a deploy with the
   * credentials of another account fails (`-c account=111111111111`). Required with `backupAccount`,
   * whose copies trust this account by its ID.
   * @default none: whichever account the credentials name
   */
  readonly account?: string;
  /**
   * Reported as SERVICE_BUILD, e.g. a commit hash (`-c build=…`).
   * @default dev
   */
  readonly build: string;
  /**
   * X-Ray active tracing and the Powertools tracer on every function (`-c tracing=true`).
   * @default false
   */
  readonly tracing: boolean;
  readonly hook: HookSettings;
  readonly taxAuthority: TaxAuthoritySettings;
  readonly limits: LimitSettings;
  readonly retention: RetentionSettings;
  readonly access: AccessSettings;
  /** Subscribed by e-mail to the stage's alarm topic (`-c alarmEmail=ops@example.com`). */
  readonly alarmEmail?: string;
  /**
   * Role ARNs that administer the key sealing clients' certificates, in place of the account root
   * (`-c sealingKeyAdmins=arn:aws:iam::…:role/…,…`); they must include the role CloudFormation deploys with.
   */
  readonly sealingKeyAdmins?: readonly string[];
  /**
   * Whether the functions that open clients' secrets may still open those sealed before secrets were
   * bound to their owner (the key policy's `OpenSealedBeforeOwners`); `-c openSealedBeforeOwners=false`
   * once none is left (docs/operations/retiring-the-old-way-of-opening-sealed-secrets.md).
   * @default true
   */
  readonly openSealedBeforeOwners: boolean;
  /**
   * Deploys without looking at the rollback alarms, for the deploy of a fix while one of them fires
   * (`-c ignoreRollbackAlarms=true`; docs/operations/deploying-a-fix-while-an-alarm-fires.md):
   * the pre-traffic hook and the canary still run.
   * @default false
   */
  readonly ignoreRollbackAlarms: boolean;
  readonly records: RecordsSettings;
}

/** Where a production stage's records are kept beyond its own account (docs/reference/security.md, "Records that last"). */
export interface RecordsSettings {
  /**
   * An account of the same AWS Organization that holds copies of the stage's backups and records,
   * each under a lock of its own (`-c backupAccount=222222222222`, infra/constructs/records-copies.ts).
   * @default none: the records have no copy outside the stage's account, which its synth warns of
   */
  readonly backupAccount?: string;
  /**
   * The one role that may delete or disable the stage's keys, delete a version of the bucket or
   * bypass a record's lock (`-c breakGlassRole=arn:aws:iam::…:role/…`; docs/operations/break-glass.md).
   * @default none: nobody may
   */
  readonly breakGlassRole?: string;
}

/** How callers reach the API beyond its generated URL. */
export interface AccessSettings {
  /**
   * Browser origins allowed by CORS (`-c corsOrigins=https://app.example.com,https://…`).
   * @default none: no CORS, a browser's preflight is refused
   */
  readonly corsOrigins: readonly string[];
  /** A custom domain (`-c domainName=api.example.com -c certificateArn=arn:aws:acm:…`), with its ACM certificate in the stage's region. */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
}

export interface RetentionSettings {
  /** Days after its ticket finished that a submission's data is deleted (`-c submissionRetentionDays=…`). */
  readonly submissionDays: number;
  /**
   * Years after delivery that a protocol is kept (`-c protocolRetentionYears=…`): 11 by default, as
   * § 147 AO's ten years count from the end of the calendar year of the delivery.
   */
  readonly protocolYears: number;
  /** Days a fetched notice and its files are kept (`-c noticeRetentionDays=…`): 4018 (11 years) by default, as protocols. */
  readonly noticeDays: number;
}

export interface LimitSettings {
  /** Requests per second each route of the API stage admits on average, over all clients (`-c throttleRate=…`). */
  readonly throttleRate: number;
  /** Requests each route of the API stage admits at once above that rate (`-c throttleBurst=…`). */
  readonly throttleBurst: number;
  /**
   * Requests one API key may make per minute at the edge (`-c edgeLimitPerMinute=300`), 10 or more: the API is then a regional
   * REST API on the stage's own domain alone, guarded by an AWS WAF web ACL of rate-based rules
   * (infra/constructs/edge-api.ts, edge-limits.ts; docs/edge.md); without it the API has no edge.
   */
  readonly edgePerMinute?: number;
  /**
   * RATE_LIMIT_PER_MINUTE: authenticated requests one client may make per minute; `0` turns the budget off (`-c rateLimitPerMinute=…`).
   * @default 600
   */
  readonly perClientPerMinute?: string;
  /**
   * Transmit invocations at once (`-c transmitConcurrency=…`), each sending one ticket after another: how hard the stage may
   * press ELSTER. The event source's maxConcurrency, 2 to 1000, and the concurrency reserved for the
   * transmit function, which Lambda grants only while the account keeps 100 unreserved.
   * @default 5
   */
  readonly transmitConcurrency: number;
  /**
   * How many webhook deliveries run at once (`-c webhookConcurrency=…`). A receiver that is down holds every delivery in flight
   * through its backoff; capped, the rest wait in the queue rather than count against SQS's limit of
   * about 120,000 messages in flight.
   */
  readonly webhookConcurrency: number;
}

export interface HookSettings {
  /**
   * Sends the delivered-webhook (`-c hookEnabled=true`).
   * @default false
   */
  readonly enabled: boolean;
  /**
   * Where webhooks go (`-c hookUri=https://…`); production stages require `https`.
   * @default the example receiver, on stages that deploy it
   */
  readonly uri?: string;
  /** Name of a Secrets Manager secret holding the `whsec_…` signing secrets, space-separated (`-c hookSecretName=…`). */
  readonly secretName?: string;
  /**
   * HOOK_TIMEOUT_MS: a webhook answer slower than this counts as failed (`-c hookTimeoutMs=…`); at most the webhook function's timeout.
   * @default 10000
   */
  readonly timeoutMs?: string;
  /**
   * HOOK_MAX_ATTEMPTS: attempts before a webhook is dead-lettered (`-c hookMaxAttempts=…`), at most 50.
   * @default 8
   */
  readonly maxAttempts?: string;
}

export interface TaxAuthoritySettings {
  /** `sandbox` checks and answers like ERiC and never sends; `eric` sends through ERiC (`-c taxAuthority=eric`). */
  readonly name: 'sandbox' | 'eric';
  /**
   * ALLOW_LIVE_SUBMISSIONS: allows `test: false` (`-c allowLiveSubmissions=true`).
   * @default false
   */
  readonly allowLiveSubmissions: boolean;
  /** ELSTER_HERSTELLER_ID, the Hersteller-ID ELSTER gave (`-c herstellerId=…`); 74931 is ELSTER's test value. */
  readonly herstellerId: string;
  /** Present exactly when `name` is `eric`. */
  readonly eric?: EricSettings;
}

/** How ERiC and the certificate it signs with reach the functions that load it (docs/eric.md). */
export interface EricSettings {
  /** A Lambda layer version ARN, or the folder or zip `npm run eric:layer` writes (`-c ericLayer=…`). */
  readonly layer: string;
  /** Secrets Manager secret (name or full ARN) holding the certificate, a .pfx, as binary or base64 (`-c ericCertSecret=…`). */
  readonly certSecret: string;
  /** Secrets Manager secret (name or full ARN) holding the certificate's PIN (`-c ericPinSecret=…`). */
  readonly pinSecret: string;
  /**
   * ERIC_API_VERSION, the ERiC major version (`-c ericApiVersion=41`).
   * @default none: the functions ask the library
   */
  readonly apiVersion?: string;
  /**
   * ELSTER_DATENLIEFERANT, who hands the data over as the TransferHeader names it (`-c ericDatenlieferant=…`).
   * @default `steuerbote`
   */
  readonly datenLieferant?: string;
}

/** Reads a stage's settings from CDK context (`-c key=value` or cdk.json), failing on bad values. */
export function stageSettings(scope: Construct): StageSettings {
  const stage = contextMatching(scope, 'stage', /^[a-z0-9-]{1,32}$/, 'up to 32 lowercase letters, digits or hyphens');
  if (stage === undefined) throw new Error('Context "stage" is required, e.g. cdk synth -c stage=dev');
  const region = contextMatching(scope, 'region', /^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as eu-central-1') ?? 'eu-central-1';
  const limits = limitSettings(scope);
  const access = accessSettings(scope, region);
  if (limits.edgePerMinute !== undefined) edgeNeeds(access);
  const production = contextFlag(scope, 'production', stage === 'prod' || stage === 'production');
  const account = contextMatching(scope, 'account', accountId, 'a 12-digit AWS account ID');
  return {
    stage,
    production,
    region,
    account,
    build: contextMatching(scope, 'build', /^[\w.-]{1,64}$/, 'a build label such as a commit hash') ?? 'dev',
    tracing: contextFlag(scope, 'tracing', false),
    hook: {
      enabled: contextFlag(scope, 'hookEnabled', false),
      uri: contextMatching(scope, 'hookUri', /^https?:\/\/\S+$/, 'an http(s) URL'),
      secretName: contextText(scope, 'hookSecretName'),
      timeoutMs: contextMatching(scope, 'hookTimeoutMs', /^[1-9]\d*$/, 'a whole number of milliseconds'),
      maxAttempts: contextMatching(scope, 'hookMaxAttempts', /^[1-9]\d*$/, 'a whole number'),
    },
    taxAuthority: taxAuthoritySettings(scope),
    limits,
    retention: {
      submissionDays: Number(contextMatching(scope, 'submissionRetentionDays', /^\d{1,4}$/, 'a whole number of days') ?? 30),
      // Tax records are kept ten years from the end of the calendar year (§ 147 AO), and the protocol is the proof of filing.
      protocolYears: Number(contextMatching(scope, 'protocolRetentionYears', /^[1-9]\d?$/, 'a whole number of years from 1 to 99') ?? 11),
      noticeDays: Number(contextMatching(scope, 'noticeRetentionDays', /^[1-9]\d{0,4}$/, 'a whole number of days') ?? 4018),
    },
    access,
    alarmEmail: contextMatching(scope, 'alarmEmail', /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'),
    sealingKeyAdmins: contextMatching(
      scope,
      'sealingKeyAdmins',
      /^arn:aws[\w-]*:iam::\d{12}:role\/[\w+=,.@/-]+(,arn:aws[\w-]*:iam::\d{12}:role\/[\w+=,.@/-]+)*$/,
      'IAM role ARNs, comma-separated',
    )?.split(','),
    openSealedBeforeOwners: contextFlag(scope, 'openSealedBeforeOwners', true),
    ignoreRollbackAlarms: contextFlag(scope, 'ignoreRollbackAlarms', false),
    records: recordsSettings(scope, production, account),
  };
}

function limitSettings(scope: Construct): LimitSettings {
  return {
    throttleRate: Number(contextMatching(scope, 'throttleRate', /^[1-9]\d{0,5}$/, 'a whole number of requests per second') ?? 200),
    throttleBurst: Number(contextMatching(scope, 'throttleBurst', /^[1-9]\d{0,4}$/, 'a whole number of requests') ?? 400),
    edgePerMinute: optionalNumber(contextMatching(scope, 'edgeLimitPerMinute', /^([1-9]\d{1,8})$/, 'a whole number of requests from 10')),
    perClientPerMinute: contextMatching(scope, 'rateLimitPerMinute', /^(0|[1-9]\d{0,6})$/, 'a whole number of requests (0: off)'),
    transmitConcurrency: Number(
      contextMatching(scope, 'transmitConcurrency', /^([2-9]|[1-9]\d{1,2}|1000)$/, 'a whole number of invocations from 2 to 1000') ?? 5,
    ),
    webhookConcurrency: Number(
      contextMatching(scope, 'webhookConcurrency', /^([2-9]|[1-9]\d{1,2}|1000)$/, 'a whole number of invocations from 2 to 1000') ?? 10,
    ),
  };
}

/** Behind the edge the API answers on the stage's own domain alone, and serves no browser (docs/edge.md). */
function edgeNeeds(access: AccessSettings): void {
  if (!access.domain) {
    throw new Error(
      'Context "edgeLimitPerMinute" needs the stage\'s own domain ("domainName" and "certificateArn"): behind the edge the API answers on that domain alone',
    );
  }
  if (access.corsOrigins.length > 0) {
    throw new Error('Context "corsOrigins" is not served behind the edge limits ("edgeLimitPerMinute"): the REST API there sends no CORS headers');
  }
}

const accountId = /^\d{12}$/;
const roleArn = /^arn:aws[\w-]*:iam::(\d{12}):role\/[\w+=,.@/-]+$/;

function recordsSettings(scope: Construct, production: boolean, account: string | undefined): RecordsSettings {
  const backupAccount = contextMatching(scope, 'backupAccount', accountId, 'a 12-digit AWS account ID');
  const breakGlassRole = contextMatching(scope, 'breakGlassRole', roleArn, 'an IAM role ARN');
  if (!production) {
    // A test stage is deleted with its data; these guard records, which only a production stage keeps.
    const stray = backupAccount ? 'backupAccount' : breakGlassRole ? 'breakGlassRole' : undefined;
    if (stray) throw new Error(`Context "${stray}" applies only to production stages`);
    return {};
  }
  if (backupAccount && !account) throw new Error('Context "backupAccount" needs "account": the copies in the backup account trust the stage by its account ID');
  if (backupAccount && backupAccount === account) throw new Error('Context "backupAccount" must name another account than the stage\'s own');
  const breakGlassAccount = breakGlassRole && roleArn.exec(breakGlassRole)![1];
  if (breakGlassAccount && account && breakGlassAccount !== account) {
    throw new Error(`Context "breakGlassRole" must name a role of the stage's account ${account}, got one of ${breakGlassAccount}`);
  }
  return { backupAccount, breakGlassRole };
}

const origin = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

function accessSettings(scope: Construct, region: string): AccessSettings {
  const origins =
    contextText(scope, 'corsOrigins')
      ?.split(',')
      .map((entry) => entry.trim()) ?? [];
  const wrong = origins.find((entry) => !origin.test(entry));
  if (wrong !== undefined) throw new Error(`Context "corsOrigins" must list origins such as https://app.example.com, comma-separated, got "${wrong}"`);
  const name = contextMatching(scope, 'domainName', /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain name such as api.example.com');
  const certificateArn = contextMatching(scope, 'certificateArn', /^arn:aws[\w-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/, 'an ACM certificate ARN');
  if ((name === undefined) !== (certificateArn === undefined))
    throw new Error('Context "domainName" and "certificateArn" go together: the domain needs its certificate');
  // A regional API's domain takes a certificate of its own region only.
  if (certificateArn !== undefined && certificateArn.split(':')[3] !== region)
    throw new Error(`Context "certificateArn" must name a certificate in the stage's region ${region}, got "${certificateArn}"`);
  return { corsOrigins: origins, ...(name && certificateArn && { domain: { name, certificateArn } }) };
}

function taxAuthoritySettings(scope: Construct): TaxAuthoritySettings {
  const name = (contextMatching(scope, 'taxAuthority', /^(sandbox|eric)$/, 'sandbox or eric') ?? 'sandbox') as 'sandbox' | 'eric';
  return {
    name,
    allowLiveSubmissions: contextFlag(scope, 'allowLiveSubmissions', false),
    herstellerId: contextMatching(scope, 'herstellerId', /^\d{5}$/, 'five digits') ?? '74931',
    eric: ericSettings(scope, name === 'eric'),
  };
}

/** A secret's name, or its full ARN as `aws secretsmanager create-secret` prints it. */
const secretId = /^([\w/+=.@-]{1,512}|arn:aws[\w-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[\w/+=.@-]+)$/;

function ericSettings(scope: Construct, wanted: boolean): EricSettings | undefined {
  if (!wanted) {
    // An ERiC setting on a sandbox stage most likely means a forgotten taxAuthority=eric: that stage would never send.
    const stray = ['ericLayer', 'ericCertSecret', 'ericPinSecret', 'ericApiVersion', 'ericDatenlieferant'].find((key) => contextText(scope, key) !== undefined);
    if (stray) throw new Error(`Context "${stray}" applies only with taxAuthority=eric`);
    return undefined;
  }
  const required = (key: string, value: string | undefined, what: string): string => {
    if (value === undefined) throw new Error(`Context "${key}" is required with taxAuthority=eric: ${what}`);
    return value;
  };
  const secret = (key: string) => contextMatching(scope, key, secretId, 'a Secrets Manager secret name or ARN');
  return {
    layer: required('ericLayer', contextText(scope, 'ericLayer'), 'a layer version ARN, or the folder or zip of npm run eric:layer'),
    certSecret: required('ericCertSecret', secret('ericCertSecret'), 'the Secrets Manager secret holding the certificate'),
    pinSecret: required('ericPinSecret', secret('ericPinSecret'), "the Secrets Manager secret holding the certificate's PIN"),
    apiVersion: contextMatching(scope, 'ericApiVersion', /^\d{2}$/, 'an ERiC major version such as 41'),
    datenLieferant: contextMatching(scope, 'ericDatenlieferant', /^[^\u0000-\u001f]{1,200}$/, 'a name of at most 200 characters'),
  };
}

const optionalNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

function contextText(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  return value === undefined || value === '' ? undefined : String(value);
}

function contextMatching(scope: Construct, key: string, pattern: RegExp, expected: string): string | undefined {
  const value = contextText(scope, key);
  if (value !== undefined && !pattern.test(value)) throw new Error(`Context "${key}" must be ${expected}, got "${value}"`);
  return value;
}

/** `-c flag=true` arrives as a string, cdk.json gives a boolean; both are accepted. */
function contextFlag(scope: Construct, key: string, fallback: boolean): boolean {
  const value = contextMatching(scope, key, /^(true|false)$/, 'true or false');
  return value === undefined ? fallback : value === 'true';
}
