// One stage of steuerbote, generated from the manifest: whatever the local runtime serves, a stage
// deploys, and nothing else.

import { attachmentKeptDays } from '#shared/attachments/announce.ts';
import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
  type CorsPreflightOptions,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Metric, MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Architecture, CfnFunction, Code, LayerVersion, type IFunction, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { longestScheduleSeconds } from '#shared/webhooks/backoff.ts';
import {
  apis,
  functions,
  queues,
  schedules,
  servedRoutes,
  tables,
  type ApiName,
  type ApiSpec,
  type FunctionName,
  type FunctionSpec,
  type QueueName,
  type QueueSpec,
  type ScheduleName,
  type ScheduleSpec,
  type Setting,
  type TableName,
  type TableSpec,
  stackOutputs,
} from '#shared/manifest.ts';
import { bucketFolders, resourceEnv, settingNames } from '#shared/setting-names.ts';
import { assertEricLayer, ericHome } from '#infra/eric-layer.ts';
import { SteuerboteFunction, type EricBinding } from '#infra/constructs/steuerbote-function.ts';
import { logDataProtection } from '#infra/constructs/log-protection.ts';
import { FunctionIntegration } from '#infra/constructs/function-integration.ts';
import { groupOf } from '#infra/function-groups.ts';
import { Operations } from '#infra/constructs/operations.ts';
import { SealingKey } from '#infra/constructs/sealing-key.ts';
import { administer } from '#infra/constructs/key-policy.ts';
import { accessLogBucket, keptUnder } from '#infra/constructs/buckets.ts';
import { GradualDeployments } from '#infra/constructs/gradual-deployments.ts';
import { Records } from '#infra/constructs/records.ts';
import { accessLogFormat } from '#infra/constructs/access-log.ts';
import { EdgeApi } from '#infra/constructs/edge-api.ts';
import { watchStage } from '#infra/constructs/stage-alarms.ts';
import { suppress, vouchForAuthorization } from '#infra/nag.ts';
import type { EricSettings, HookSettings, RetentionSettings, StageSettings } from '#infra/stage-settings.ts';

export interface SteuerboteStackProps extends StackProps {
  readonly settings: StageSettings;
}

interface StageResources {
  readonly tables: Record<TableName, Table>;
  readonly bucket: Bucket;
  readonly queues: Record<QueueName, Queue>;
  readonly hookSecret?: ISecret;
  /** Wraps the data keys of what clients entrust (their certificates and PINs), apart from the data key. */
  readonly sealingKey: SealingKey;
  /** With TAX_AUTHORITY=eric only. */
  readonly eric?: EricBinding;
}

export class SteuerboteStack extends Stack {
  /** The functions this stage runs, by manifest name; those only an undeployed API uses are absent. */
  readonly functions = new Map<FunctionName, SteuerboteFunction>();

  constructor(scope: Construct, id: string, props: SteuerboteStackProps) {
    const { settings, ...stackProps } = props;
    const edge = settings.limits.edgePerMinute;
    super(scope, id, {
      description: `steuerbote ${settings.stage}: ELSTER submissions (ESt, UStVA)`,
      terminationProtection: settings.production,
      // The region is the stage's, never the shell's; the account is the stage's if it names one, else whichever the credentials name.
      env: { region: settings.region, ...(settings.account && { account: settings.account }) },
      ...stackProps,
    });
    Tags.of(this).add('service', 'steuerbote');
    Tags.of(this).add('stage', settings.stage);

    // A production stage's keys outlive it: only the break-glass role may delete or disable them.
    const guarded = settings.production ? { breakGlassRole: settings.records.breakGlassRole } : undefined;
    const key = stageKey(this, settings.stage, guarded);
    const { bucket, accessLogs } = stageBucket(this, key, settings.production, settings.retention);
    const resources: StageResources = {
      tables: mapRecord(tables, (name, spec) => stageTable(this, name, spec, key, settings.production)),
      bucket,
      queues: mapRecord(queues, (name, spec) => stageQueue(this, name, spec, key)),
      hookSecret: settings.hook.secretName ? Secret.fromSecretNameV2(this, 'HookSecret', settings.hook.secretName) : undefined,
      // A key of its own: only the functions that seal or unseal a client's certificate may use it.
      sealingKey: new SealingKey(this, 'SealingKey', {
        stage: settings.stage,
        removalPolicy: removalPolicyFor(settings.production),
        admins: settings.sealingKeyAdmins,
        openSealedBeforeOwners: settings.openSealedBeforeOwners,
        guarded,
      }),
      eric: settings.taxAuthority.eric && ericBinding(this, settings.taxAuthority.eric),
    };

    const deployed = entries(apis).filter(([, spec]) => spec.production || !settings.production);
    // With edge limits the API is a REST API behind them (infra/constructs/edge-api.ts); every other API is an HTTP API.
    const behindEdge = (name: ApiName) => name === 'api' && edge !== undefined;
    const httpApis = new Map(deployed.filter(([name]) => !behindEdge(name)).map(([name]) => [name, stageHttpApi(this, name, settings)]));
    const environments: Record<Setting, Record<string, string>> = {
      hook: hookEnvironment(settings.hook, settings.production, httpApis.get('receiver')),
      taxAuthority: { [settingNames.taxAuthority]: settings.taxAuthority.name, [settingNames.herstellerId]: settings.taxAuthority.herstellerId },
      liveSubmissions: { [settingNames.allowLiveSubmissions]: String(settings.taxAuthority.allowLiveSubmissions) },
      rateLimit: definedOnly({ [settingNames.rateLimitPerMinute]: settings.limits.perClientPerMinute }),
      retention: {
        [settingNames.submissionRetentionSeconds]: String(settings.retention.submissionDays * 86_400),
        [settingNames.protocolRetentionDays]: String(protocolDays(settings.retention)),
      },
      // A stage keeps the defaults of the retry schedule and the re-drive's grace (docs/reference/configuration.md).
      // A production stage locks live filings' protocols and Nutzdaten for as long as it keeps protocols.
      transmission: settings.production ? { [settingNames.recordLockDays]: String(protocolDays(settings.retention)) } : {},
      redrive: {},
      notices: { [settingNames.noticeRetentionDays]: String(settings.retention.noticeDays) },
    };

    // Where a scheduled run that failed on every try is recorded, for the alarm and a person to read.
    const failedRuns = new Queue(this, 'FailedRunsQueue', {
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: key,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    suppress(failedRuns, 'SQS3', 'It is itself where failed runs are parked; nothing consumes it, an alarm watches it (docs/operations/).');
    const operations = new Operations(this, 'Operations', {
      stage: settings.stage,
      key,
      queues: resources.queues,
      failedRuns,
      alarmEmail: settings.alarmEmail,
    });

    // The functions, and all that is made for each, live in nested stacks by group
    // (infra/function-groups.ts); what keeps data, and the APIs with their routes, stay here.
    const groups = new Map<string, NestedStack>();
    const groupFor = (name: FunctionName): NestedStack => {
      const id = groupOf(name);
      let group = groups.get(id);
      if (!group) {
        group = new NestedStack(this, id, { description: `steuerbote ${settings.stage}: the functions of ${id}` });
        // CloudFormation names a nested stack, and what it names in it, after this ID: the group's name
        // keeps a function's name and log group readable (`Steuerbote-prod-Work-…-transmit…`).
        group.nestedStackResource!.overrideLogicalId(id);
        groups.set(id, group);
      }
      return group;
    };
    const answersRoutes = new Set(deployed.flatMap(([, spec]) => [...spec.routes.map((route) => route.function), spec.fallback]));
    // Functions are made on first use, so a stage holds exactly those that something invokes.
    const functionFor = (name: FunctionName): SteuerboteFunction => {
      let fn = this.functions.get(name);
      if (!fn) {
        fn = stageFunction(groupFor(name), name, settings, resources, environments);
        operations.watchFunction(name, fn);
        if (answersRoutes.has(name)) operations.watchServerErrors(name, fn);
        this.functions.set(name, fn);
      }
      return fn;
    };

    const deployments = new GradualDeployments(this, 'Deployments', {
      stage: settings.stage,
      gradual: settings.production,
      ignoreAlarms: settings.ignoreRollbackAlarms,
      logRetention,
      removalPolicy: removalPolicyFor(settings.production),
    });
    const servedApis = new Map<ApiName, { url: string; metricServerError: (props?: MetricOptions) => Metric }>();
    for (const [name, spec] of deployed) {
      const httpApi = httpApis.get(name);
      if (httpApi) {
        addRoutes(httpApi, spec, (fn) => deployments.target(functionFor(fn)), resources.sealingKey);
        servedApis.set(name, { url: httpApi.apiEndpoint, metricServerError: (props) => httpApi.metricServerError(props) });
      } else {
        const edgeApi = new EdgeApi(this, 'Edge', {
          stage: settings.stage,
          spec,
          targetFor: (fn) => deployments.target(functionFor(fn)),
          domain: settings.access.domain!,
          perMinute: edge!,
          throttle: { rateLimit: settings.limits.throttleRate, burstLimit: settings.limits.throttleBurst },
          accessLogs: apiAccessLogs(this, name, settings.production),
        });
        // As a route does (addRoutes): the functions that seal are reached only once the key's policy names their roles.
        if (servedRoutes(spec.routes).some((route) => (functions[route.function] as FunctionSpec).sealing?.length)) {
          edgeApi.api.latestDeployment!.node.addDependency(resources.sealingKey);
        }
        servedApis.set(name, edgeApi);
      }
      new CfnOutput(this, `${name}Url`, { value: servedApis.get(name)!.url, description: `Base URL of the ${name} API` });
    }
    for (const [name, spec] of entries(queues)) {
      // Mailbox checks are few and long; two at once (Lambda's least) keep them from crowding the sends out of ERiC.
      const concurrency = { transmit: settings.limits.transmitConcurrency, webhook: settings.limits.webhookConcurrency, mailbox: 2 }[name];
      const consumer = functionFor(spec.consumer);
      addConsumer(name, resources.queues[name], spec, consumer, deployments, concurrency);
      operations.watchFailedRecords(name, consumer);
    }
    // What transmit may run at once is its own: a burst of API calls, which share the account's
    // unreserved concurrency, cannot starve the sends. Lambda keeps 100 of the account unreserved
    // and refuses a reservation that would leave fewer (docs/operations/a-backlog.md).
    (functionFor(queues.transmit.consumer).node.defaultChild as CfnFunction).reservedConcurrentExecutions = settings.limits.transmitConcurrency;
    for (const [name, spec] of entries(schedules)) {
      const fn = functionFor(spec.function);
      addSchedule(Stack.of(fn), name, spec, fn, deployments.target(fn), failedRuns);
      operations.watchSchedule(spec, fn);
    }
    // Operator commands find a stage's resources through these, by the variables the manifest names.
    const values: Record<string, string> = { BucketName: resources.bucket.bucketName, HookEnabled: String(settings.hook.enabled) };
    for (const [name, table] of entries(resources.tables)) values[`${name}TableName`] = table.tableName;
    for (const [name, queue] of entries(resources.queues)) {
      values[`${name}QueueUrl`] = queue.queueUrl;
      values[`${name}DeadLetterQueueUrl`] = queue.deadLetterQueue!.queue.queueUrl;
    }
    for (const output of Object.keys(stackOutputs())) new CfnOutput(this, output, { value: values[output]! });

    watchStage(operations, { apis: servedApis, tables: resources.tables, stageCertificate: Boolean(resources.eric) });
    new CfnOutput(this, 'AlarmTopicArn', { value: operations.topic.topicArn, description: "Where the stage's alarms go" });
    deployments.rollBackOn(operations);
    if (settings.production) {
      const lockers = [...this.functions].filter(([name]) => (functions[name] as FunctionSpec).settings?.includes('transmission')).map(([, fn]) => fn);
      new Records(this, 'Records', {
        stage: settings.stage,
        bucket,
        accessLogs,
        lockers,
        tables: resources.tables,
        key,
        watchedKeys: [key, resources.sealingKey],
        topic: operations.topic,
        protocolDays: protocolDays(settings.retention),
        ...settings.records,
      });
    }
  }
}

/** The protocol's lifecycle and its ticket's TTL count the same days. */
const protocolDays = (retention: RetentionSettings) => Math.ceil(retention.protocolYears * 365.25);

/**
 * One key for all data at rest, so a stage's tax data can be locked away with a single switch. Its
 * use is the roles' that IAM grants it to, as with CDK's default policy; its administration the
 * account's, without the grants that default allowed (infra/constructs/key-policy.ts).
 */
function stageKey(scope: Construct, stage: string, guarded: { breakGlassRole?: string } | undefined): Key {
  const key = new Key(scope, 'Key', {
    description: `steuerbote ${stage}: tables, bucket and queues`,
    enableKeyRotation: true,
    removalPolicy: removalPolicyFor(guarded !== undefined),
    ...(guarded && { pendingWindow: Duration.days(30) }),
    policy: new PolicyDocument(),
  });
  const account = [new AccountRootPrincipal()];
  // DynamoDB and AWS Backup make grants on it for the tables and backups it encrypts.
  administer(key, { admins: account, guarded, grantsForAwsResources: true });
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'UseByIamGrants',
      principals: account,
      actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'],
      resources: ['*'],
    }),
  );
  return key;
}

/** Production data outlives its stack; a test stage leaves nothing behind. */
function removalPolicyFor(production: boolean): RemovalPolicy {
  return production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

/**
 * For function logs, API access logs and bucket access logs alike: long enough to look into an
 * incident, short enough to keep callers' IP addresses no longer than that needs.
 */
const logRetention = RetentionDays.ONE_MONTH;

function stageTable(scope: Construct, name: TableName, spec: TableSpec, key: Key, production: boolean): Table {
  const table = new Table(scope, `${name}Table`, {
    partitionKey: { name: spec.partitionKey, type: AttributeType.STRING },
    ...(spec.sortKey && { sortKey: { name: spec.sortKey, type: AttributeType.STRING } }),
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: TableEncryption.CUSTOMER_MANAGED,
    encryptionKey: key,
    timeToLiveAttribute: spec.ttlAttribute,
    deletionProtection: production,
    removalPolicy: removalPolicyFor(production),
  });
  for (const [indexName, index] of Object.entries(spec.indexes ?? {})) {
    table.addGlobalSecondaryIndex({
      indexName,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      ...(index.sortKey && { sortKey: { name: index.sortKey, type: AttributeType.STRING } }),
      ...(index.attributes ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.attributes] } : { projectionType: ProjectionType.ALL }),
    });
  }
  return table;
}

function stageBucket(scope: Construct, key: Key, production: boolean, retention: RetentionSettings): { bucket: Bucket; accessLogs: Bucket } {
  const accessLogs = accessLogBucket(scope, { days: logRetention, removalPolicy: removalPolicyFor(production), autoDeleteObjects: !production });
  const bucket = new Bucket(scope, 'Bucket', {
    ...keptUnder(key, accessLogs),
    // In production live filings' records are locked one by one as they are written (infra/constructs/records.ts);
    // without a default retention, submitted data and test filings' protocols stay unlocked.
    ...(production && { objectLockEnabled: true }),
    lifecycleRules: [
      // The sweep (functions/sweep.ts) deletes a finished ticket's submission: it, not a lifecycle
      // rule, because "finished" is known from the ticket. In this versioned bucket its delete leaves
      // the data as an old version, which goes here a day later, and the delete marker after it.
      {
        id: 'SubmissionsOldVersions',
        prefix: bucketFolders.submissions,
        noncurrentVersionExpiration: Duration.days(1),
        expiredObjectDeleteMarker: true,
      },
      // A protocol's age is its time since delivery, so the bucket can count it; an overwritten or
      // deleted one stays recoverable for 30 days, a locked one (a live filing's, in production)
      // until its retention ends, which S3 Lifecycle waits for.
      {
        id: 'ProtocolRetention',
        prefix: bucketFolders.protocols,
        expiration: Duration.days(protocolDays(retention)),
        noncurrentVersionExpiration: Duration.days(30),
      },
      // What the example receiver stored is for trying the service, not records to keep.
      ...(production
        ? []
        : [{ id: 'ReceiverFiles', prefix: bucketFolders.receiver, expiration: Duration.days(30), noncurrentVersionExpiration: Duration.days(1) }]),
      // An upload a letter names (`POST /v2/attachments`) waits a day to be used, as its record does;
      // a submission that used it keeps the content in the body it stored.
      {
        id: 'AttachmentUploads',
        prefix: bucketFolders.attachments,
        expiration: Duration.days(attachmentKeptDays),
        noncurrentVersionExpiration: Duration.days(1),
      },
      // The stores write whole objects; an upload left incomplete would otherwise be billed for ever.
      { id: 'IncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    removalPolicy: removalPolicyFor(production),
    // A versioned bucket can only be deleted empty; without this, destroying a test stage fails.
    autoDeleteObjects: !production,
  });
  return { bucket, accessLogs };
}

function stageQueue(scope: Construct, name: QueueName, spec: QueueSpec, key: Key): Queue {
  const protection = { encryption: QueueEncryption.KMS, encryptionMasterKey: key, enforceSSL: true };
  const deadLetters = new Queue(scope, `${name}DeadLetterQueue`, { ...protection, retentionPeriod: Duration.days(14) });
  return new Queue(scope, `${name}Queue`, {
    ...protection,
    visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
    retentionPeriod: Duration.days(spec.retentionDays),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: spec.maxReceiveCount },
  });
}

/** Where an API's stage logs each request (infra/constructs/access-log.ts), kept as long as the functions' logs. */
function apiAccessLogs(scope: Construct, name: ApiName, production: boolean): LogGroup {
  return new LogGroup(scope, `${name}ApiAccessLogs`, {
    retention: logRetention,
    removalPolicy: removalPolicyFor(production),
    dataProtectionPolicy: logDataProtection(),
  });
}

function stageHttpApi(scope: Construct, name: ApiName, settings: StageSettings): HttpApi {
  const { corsOrigins, domain } = settings.access;
  // The stage HttpApi would create takes no access log settings, so it is made here instead.
  const httpApi = new HttpApi(scope, `${name}Api`, {
    apiName: `steuerbote-${settings.stage}-${name}`,
    createDefaultStage: false,
    // API Gateway answers the preflight itself, before any route: only for the origins the stage names.
    ...(name === 'api' && corsOrigins.length > 0 && { corsPreflight: corsFor(corsOrigins) }),
  });
  const accessLogs = apiAccessLogs(scope, name, settings.production);
  httpApi.addStage('DefaultStage', {
    autoDeploy: true,
    accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat({ route: '$context.routeKey' }) },
    // Caps the stage as a whole, before any function runs: a flood is refused by API Gateway, with its
    // own 429 body, instead of scaling out functions. Fairness among clients is the functions' budget.
    throttle: { rateLimit: settings.limits.throttleRate, burstLimit: settings.limits.throttleBurst },
    ...(name === 'api' && domain && { domainMapping: { domainName: customDomain(scope, domain) } }),
  });
  return httpApi;
}

/** What a browser may send and read: the headers the API takes and answers with. */
const corsFor = (origins: readonly string[]): CorsPreflightOptions => ({
  allowOrigins: [...origins],
  allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.HEAD, CorsHttpMethod.POST, CorsHttpMethod.DELETE],
  allowHeaders: ['authorization', 'x-api-key', 'content-type', 'idempotency-key', 'elster-pin', 'x-request-id'],
  exposeHeaders: ['location', 'x-request-id', 'idempotent-replayed', 'retry-after', 'content-disposition', 'etag'],
  maxAge: Duration.hours(1),
});

/** The stage's own domain for the API; point a DNS record (CNAME or alias) at the output `apiDomainTarget`. */
function customDomain(scope: Construct, domain: NonNullable<StageSettings['access']['domain']>): DomainName {
  const domainName = new DomainName(scope, 'ApiDomain', {
    domainName: domain.name,
    certificate: Certificate.fromCertificateArn(scope, 'ApiDomainCertificate', domain.certificateArn),
  });
  new CfnOutput(scope, 'apiDomainTarget', { value: domainName.regionalDomainName, description: `Where the DNS record of ${domain.name} points` });
  return domainName;
}

/**
 * `targetFor`: what a route invokes, the function or its alias (infra/constructs/gradual-deployments.ts).
 * A route to a function that seals or opens clients' secrets waits for the sealing key, whose policy
 * names the function's role: a new function is reached only once it may use the key.
 */
function addRoutes(httpApi: HttpApi, spec: ApiSpec, targetFor: (name: FunctionName) => IFunction, sealingKey: SealingKey): void {
  const integrations = new Map<FunctionName, FunctionIntegration>();
  const integrationFor = (name: FunctionName): FunctionIntegration => {
    let integration = integrations.get(name);
    if (!integration) {
      integration = new FunctionIntegration(`${name}Integration`, targetFor(name));
      integrations.set(name, integration);
    }
    return integration;
  };
  const added = (route: HttpRoute, name: FunctionName) => {
    vouchForAuthorization(route, name);
    if ((functions[name] as FunctionSpec).sealing?.length) route.node.addDependency(sealingKey);
  };

  for (const route of servedRoutes(spec.routes)) {
    const methods = [HttpMethod[route.method]];
    const [made] = httpApi.addRoutes({ path: route.path, methods, integration: integrationFor(route.function) });
    added(made!, route.function);
  }
  // API Gateway's own 404 is not in the service's envelope, and it knows no 405 at all.
  const fallback = new HttpRoute(httpApi, 'DefaultRoute', {
    httpApi,
    routeKey: HttpRouteKey.DEFAULT,
    integration: integrationFor(spec.fallback),
  });
  added(fallback, spec.fallback);
}

/** `maxConcurrency`: how many invocations the queue may run at once; unbounded (up to the account's limit) without. */
function addConsumer(
  queueName: QueueName,
  queue: Queue,
  spec: QueueSpec,
  consumer: SteuerboteFunction,
  deployments: GradualDeployments,
  maxConcurrency?: number,
): void {
  // Lambda refuses the event source at deploy time when the function may run longer than the message
  // is hidden; AWS asks for six times as long, so a retried batch never meets a message still in hand.
  if (consumer.timeout && 6 * consumer.timeout.toSeconds() > spec.visibilityTimeoutSeconds) {
    throw new Error(
      `${spec.consumer} may run ${consumer.timeout.toSeconds()} s: its queue's visibility timeout of ${spec.visibilityTimeoutSeconds} s is below six times that`,
    );
  }
  deployments
    .target(consumer)
    .addEventSource(new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true, ...(maxConcurrency && { maxConcurrency }) }));
  // A consumer postpones a message it received by the queue's URL; the event source grants the call.
  consumer.addEnvironment(resourceEnv.queue(queueName), queue.queueUrl);
}

/** `target`: what the schedule invokes, the function or its alias (infra/constructs/gradual-deployments.ts). */
function addSchedule(scope: Construct, name: ScheduleName, spec: ScheduleSpec, fn: SteuerboteFunction, target: IFunction, failedRuns: Queue): void {
  const interval = Duration.minutes(spec.everyMinutes);
  // EventBridge starts a run on every tick, whether the last one finished or not; a timeout shorter
  // than the interval keeps runs from overlapping, as the local timer does by skipping a tick.
  if (fn.timeout && fn.timeout.toSeconds() >= interval.toSeconds()) {
    throw new Error(`${spec.function} may run longer than its schedule's interval of ${spec.everyMinutes} min`);
  }
  new Rule(scope, `${name}Schedule`, {
    description: `steuerbote: runs ${spec.function} every ${spec.everyMinutes} min`,
    schedule: Schedule.rate(interval),
    targets: [new LambdaFunction(target)],
  });
  // EventBridge invokes asynchronously; a run is worth trying again until the next one is due.
  fn.bindFailedRuns(target, failedRuns, Duration.seconds(Math.min(interval.toSeconds(), 6 * 3600)));
}

function stageFunction(
  scope: Construct,
  name: FunctionName,
  settings: StageSettings,
  resources: StageResources,
  environments: Record<Setting, Record<string, string>>,
): SteuerboteFunction {
  const spec: FunctionSpec = functions[name];
  const fn = new SteuerboteFunction(scope, name, {
    spec,
    stage: settings.stage,
    build: settings.build,
    tracing: settings.tracing,
    logRetention,
    removalPolicy: removalPolicyFor(settings.production),
    eric: spec.loadsTaxAuthority && resources.eric ? ericFor(spec, resources.eric) : undefined,
  });
  for (const [table, actions] of entries(spec.tables ?? {})) {
    const indexes = spec.indexes?.[table];
    fn.bindTable({ name: table, table: resources.tables[table], actions, indexes, queriesTable: !indexes });
  }
  for (const [folder, access] of entries(spec.bucket ?? {})) {
    fn.bindBucket({ bucket: resources.bucket, folder, access });
  }
  for (const queue of spec.sendsTo ?? []) {
    fn.bindQueue({ name: queue, queue: resources.queues[queue] });
  }
  for (const queue of spec.countsQueues ?? []) fn.bindQueueCounts(resources.queues[queue]);
  if (spec.bucketSettings?.includes('objectLock')) fn.bindObjectLockCheck(resources.bucket);
  for (const queue of spec.deadLetters ?? []) {
    fn.bindQueue({ name: queue, queue: resources.queues[queue].deadLetterQueue!.queue, deadLetter: true });
  }
  for (const setting of spec.settings ?? []) addEnvironment(fn, environments[setting]);
  if (spec.secrets?.includes('webhookSigningKeys') && resources.hookSecret) {
    // The function fetches the secret itself, so it is in neither the template nor its configuration.
    addEnvironment(fn, { [settingNames.hookSecretId]: resources.hookSecret.secretName });
    resources.hookSecret.grantRead(fn);
  }
  if (spec.sealing?.length) {
    addEnvironment(fn, { [settingNames.sealingKeyId]: resources.sealingKey.aliasName });
    resources.sealingKey.allow(fn.role!, spec.sealing);
  }
  return fn;
}

/** ERiC for a function, with the stage's certificate only where it signs. */
const ericFor = (spec: FunctionSpec, { signing, ...eric }: EricBinding): EricBinding =>
  spec.secrets?.includes('stageCertificate') ? { ...eric, signing } : eric;

function ericBinding(scope: Construct, eric: EricSettings): EricBinding {
  const secret = (id: string, nameOrArn: string) =>
    nameOrArn.startsWith('arn:') ? Secret.fromSecretCompleteArn(scope, id, nameOrArn) : Secret.fromSecretNameV2(scope, id, nameOrArn);
  return {
    layer: ericLayer(scope, eric.layer),
    signing: { certSecret: secret('EricCertSecret', eric.certSecret), pinSecret: secret('EricPinSecret', eric.pinSecret) },
    apiVersion: eric.apiVersion,
    datenLieferant: eric.datenLieferant,
  };
}

const layerVersionArn = /^arn:aws[\w-]*:lambda:[a-z0-9-]+:\d{12}:layer:[\w-]+:\d+$/;

/** A layer published before, by its ARN, or one made from the folder or zip of `npm run eric:layer`. */
function ericLayer(scope: Construct, source: string): ILayerVersion {
  if (source.startsWith('arn:')) {
    if (!layerVersionArn.test(source)) throw new Error(`Context "ericLayer" must be a layer version ARN (…:layer:<name>:<version>), got "${source}"`);
    return LayerVersion.fromLayerVersionArn(scope, 'EricLayer', source);
  }
  assertEricLayer(source);
  return new LayerVersion(scope, 'EricLayer', {
    code: Code.fromAsset(source),
    compatibleArchitectures: [Architecture.X86_64],
    description: `steuerbote: ERiC, ELSTER's library, for Linux x86-64, in ${ericHome}`,
  });
}

/** The example receiver's endpoint: where webhooks go on stages that deploy it, unless told otherwise. */
const receiverEndpointPath = apis.receiver.routes.find((route) => route.function === 'receiverEndpoint')!.path;

/**
 * Settings that would contradict each other are refused at synth: an attempt that outlasts the
 * function making it, or a retry schedule that outlives the messages carrying it.
 */
function checkHookSchedule(hook: HookSettings): void {
  const functionSeconds = functions.deliverWebhook.timeoutSeconds;
  // The function needs a few seconds after the receiver's answer to record the attempt.
  if (hook.timeoutMs && Number(hook.timeoutMs) > (functionSeconds - 5) * 1000) {
    throw new Error(
      `Context "hookTimeoutMs" (${hook.timeoutMs}) must leave the webhook function, which may run ${functionSeconds} s, 5 s to record the attempt`,
    );
  }
  const attempts = Number(hook.maxAttempts ?? 8);
  if (attempts > 50) throw new Error(`Context "hookMaxAttempts" may be at most 50, got ${attempts}`);
  const retentionSeconds = queues.webhook.retentionDays * 86_400;
  if (longestScheduleSeconds(attempts) > retentionSeconds) {
    throw new Error(
      `Context "hookMaxAttempts" (${attempts}) would retry for longer than the webhook queue keeps a message (${queues.webhook.retentionDays} days)`,
    );
  }
}

function hookEnvironment(hook: HookSettings, production: boolean, receiver: HttpApi | undefined): Record<string, string> {
  const uri = hook.uri ?? (hook.enabled && receiver ? `${receiver.apiEndpoint}${receiverEndpointPath}` : undefined);
  if (hook.enabled && !uri) {
    throw new Error('Context "hookUri" is required when webhooks are enabled on a stage without the example receiver');
  }
  // Tax protocols travel in the body: on a production stage they never cross the network in clear.
  if (production && hook.uri && !hook.uri.startsWith('https://')) {
    throw new Error(`Context "hookUri" must use https on a production stage, got "${hook.uri}"`);
  }
  checkHookSchedule(hook);
  return definedOnly({
    [settingNames.hookEnabled]: String(hook.enabled),
    [settingNames.hookUri]: uri,
    [settingNames.hookRequireHttps]: production ? 'true' : undefined,
    [settingNames.hookTimeoutMs]: hook.timeoutMs,
    [settingNames.hookMaxAttempts]: hook.maxAttempts,
  });
}

function addEnvironment(fn: SteuerboteFunction, environment: Record<string, string>): void {
  for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
}

function entries<T extends object>(record: T): [keyof T & string, NonNullable<T[keyof T]>][] {
  return Object.entries(record) as [keyof T & string, NonNullable<T[keyof T]>][];
}

function mapRecord<T extends object, R>(record: T, map: (name: keyof T & string, value: NonNullable<T[keyof T]>) => R): Record<keyof T & string, R> {
  return Object.fromEntries(entries(record).map(([name, value]) => [name, map(name, value)])) as Record<keyof T & string, R>;
}

function definedOnly(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
