// Asserts the synthesized CloudFormation against the manifest: what the local runtime serves must be
// what a stage deploys, with the protections the issue asks for.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duration, type CfnElement } from 'aws-cdk-lib';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '#shared/forms/registry.ts';
import {
  apis,
  functions,
  queues,
  schedules,
  submitFunction,
  servedRoutes,
  tables,
  type ApiName,
  type BucketAccess,
  type BucketFolder,
  type FunctionName,
  type FunctionSpec,
  type TableName,
  type TableSpec,
} from '#shared/manifest.ts';
import { bucketFolders, settingNames } from '#shared/setting-names.ts';
import { openapiDocument } from '#shared/openapi/document.ts';
import { groupOf } from '#infra/function-groups.ts';
import { stageSettings } from '#infra/stage-settings.ts';
import { variablesOf } from '#local/function-environment.ts';
import { removeStageApps, stageApp } from '#test/infra/stage-app.ts';
import { longestScheduleSeconds } from '#shared/webhooks/backoff.ts';
import { fontFiles } from '#shared/sandbox/font-files.ts';
import {
  actions,
  arnOf,
  bundleDir,
  fnProps,
  idOf,
  ofType,
  ref,
  serviceFunctions,
  statements,
  synth,
  type Resource,
  type Stage,
} from '#test/infra/stage-template.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
/** Set on every function: who it is, and which build. */
const common = new Set<string>([settingNames.stage, settingNames.serviceVersion, settingNames.serviceBuild]);

afterAll(removeStageApps);

function routeTargets(stage: Stage, api: ApiName): Record<string, string> {
  const apiId = stage.stack.getLogicalId(stage.stack.node.findChild(`${api}Api`).node.defaultChild as CfnElement);
  const functionById = new Map([...stage.stack.functions.keys()].map((name) => [idOf(stage, name), name]));
  return Object.fromEntries(
    ofType(stage, 'AWS::ApiGatewayV2::Route')
      .filter(([, route]) => route.Properties.ApiId.Ref === apiId)
      .map(([, route]) => {
        const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
        const integration = stage.resources[integrationId]!.Properties;
        expect(integration.PayloadFormatVersion).toBe('2.0');
        // A route invokes the function, or on a production stage its alias (infra/constructs/gradual-deployments.ts).
        const target = integration.IntegrationUri;
        return [route.Properties.RouteKey, functionById.get(target['Fn::GetAtt']?.[0] ?? stage.resources[target.Ref]!.Properties.FunctionName.Ref)];
      }),
  );
}

function manifestRouteTargets(api: ApiName): Record<string, string> {
  const spec = apis[api];
  return {
    ...Object.fromEntries(servedRoutes(spec.routes).map((route) => [`${route.method} ${route.path}`, route.function])),
    $default: spec.fallback,
  };
}

describe('SteuerboteStack', { timeout: 120_000 }, () => {
  let dev: Stage;
  let prod: Stage;

  // Only dev's bundles are looked into; prod is asked about its template alone. A bundled synth runs
  // esbuild once per function: one took over 300 s beside the whole suite on two busy cores, and each
  // form adds two functions, hence the margin.
  beforeAll(() => {
    dev = synth({ stage: 'dev' });
    prod = synth({ stage: 'prod' }, { bundle: false });
  }, 900_000);

  describe('functions', () => {
    it('builds every manifest function exactly once on a non-production stage', () => {
      expect([...dev.stack.functions.keys()].sort()).toEqual(Object.keys(functions).sort());
      expect(serviceFunctions(dev)).toHaveLength(Object.keys(functions).length);
    });

    it('runs Node 22 on arm64, and on x86_64 where the tax authority library is needed', () => {
      for (const [name, spec] of Object.entries(functions) as [FunctionName, { loadsTaxAuthority?: boolean }][]) {
        expect(fnProps(dev, name), name).toMatchObject({
          Runtime: 'nodejs22.x',
          Handler: 'index.handler',
          Architectures: [spec.loadsTaxAuthority ? 'x86_64' : 'arm64'],
        });
      }
      expect(fnProps(dev, 'transmit').Architectures).toEqual(['x86_64']);
      expect(fnProps(dev, 'getStatus').Architectures).toEqual(['arm64']);
      // A batch of five, one send after another, each as slow as ELSTER may be (60 s), and a margin.
      expect(fnProps(dev, 'transmit')).toMatchObject({ MemorySize: 1024, Timeout: 5 * 60 + 30 });
    });

    it('bundles each handler as an ES module with a require shim, and no source map to read at start', () => {
      const bundle = bundleDir(dev, 'getStatus');
      expect(existsSync(path.join(bundle, 'index.mjs.map'))).toBe(false);
      expect(readFileSync(path.join(bundle, 'index.mjs'), 'utf8')).toMatch(/^import \{ createRequire as __createRequire \}/);
      expect(fnProps(dev, 'getStatus').Environment.Variables.NODE_OPTIONS).toBeUndefined();
      expect(fnProps(dev, 'getStatus').Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'steuerbote',
        SERVICE_VERSION: JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version,
        SERVICE_BUILD: 'dev',
      });
    });

    it('writes the OpenAPI document beside the functions that serve it, as the code builds it, and beside no other', () => {
      const written = JSON.stringify(openapiDocument());
      for (const name of ['getOpenapi', 'getDocs'] as const) expect(readFileSync(path.join(bundleDir(dev, name), 'openapi.json'), 'utf8')).toBe(written);
      expect(existsSync(path.join(bundleDir(dev, 'getStatus'), 'openapi.json'))).toBe(false);
    });

    it('gives every function a log group with one month retention', () => {
      for (const [name, fn] of serviceFunctions(dev)) {
        const logGroup = dev.resources[fn.Properties.LoggingConfig.LogGroup.Ref]!;
        expect(logGroup.Type, name).toBe('AWS::Logs::LogGroup');
        expect(logGroup.Properties.RetentionInDays, name).toBe(30);
        expect(logGroup.DeletionPolicy, name).toBe('Delete');
      }
      for (const [, fn] of serviceFunctions(prod)) {
        expect(prod.resources[fn.Properties.LoggingConfig.LogGroup.Ref]!.DeletionPolicy).toBe('Retain');
      }
    });

    it('gives every function a role of its own, with no managed policy, that writes only to its own log group', () => {
      const roles = new Set<string>();
      for (const name of dev.stack.functions.keys()) {
        const role = dev.resources[fnProps(dev, name).Role['Fn::GetAtt'][0]]!;
        roles.add(fnProps(dev, name).Role['Fn::GetAtt'][0]);
        expect(role.Properties.ManagedPolicyArns, name).toBeUndefined();
        const logs = statements(dev, name).filter((s) => [s.Action].flat().some((a) => a.startsWith('logs:')));
        expect(logs, name).toEqual([
          { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: arnOf(fnProps(dev, name).LoggingConfig.LogGroup.Ref) },
        ]);
      }
      expect(roles.size).toBe(dev.stack.functions.size);
    });
  });

  describe('HTTP APIs', () => {
    it('routes exactly the manifest route keys, each to its function, and $default to the fallback', () => {
      const routes = routeTargets(dev, 'api');
      expect(routes).toEqual(manifestRouteTargets('api'));
      expect(routes).toMatchObject({
        'POST /v2/ustva': 'submitUstva',
        'GET /v2/status/{ticket}': 'getStatus',
        'HEAD /v2/status/{ticket}': 'getStatus',
        'GET /v2/response/{ticket}': 'getProtocol',
        $default: 'notFound',
      });
      expect(routeTargets(dev, 'receiver')).toEqual(manifestRouteTargets('receiver'));
    });

    it('shares one integration among the routes of a function', () => {
      dev.template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Integration', { IntegrationUri: arnOf(idOf(dev, 'getProtocol')) }, 1);
    });

    it('logs every request, without headers or bodies, to a log group kept a month', () => {
      const stages = ofType(dev, 'AWS::ApiGatewayV2::Stage');
      expect(stages).toHaveLength(Object.keys(apis).length);
      for (const [id, stage] of stages) {
        const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
        const logGroup = dev.resources[DestinationArn['Fn::GetAtt'][0]]!;
        expect(logGroup.Properties.RetentionInDays, id).toBe(30);
        expect(JSON.parse(Format), id).toMatchObject({ requestId: '$context.requestId', route: '$context.routeKey', status: '$context.status' });
        expect(Format, id).not.toMatch(/header|body|authorizer/i);
        expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true });
      }
    });

    it('throttles every stage, 200 requests a second with bursts of 400 unless the stage says otherwise', () => {
      const stages = ofType(dev, 'AWS::ApiGatewayV2::Stage');
      for (const [id, stage] of stages) {
        expect(stage.Properties.DefaultRouteSettings, id).toMatchObject({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
      }
      const tuned = synth({ stage: 'qa', throttleRate: '50', throttleBurst: '80' }, { bundle: false });
      tuned.template.allResourcesProperties('AWS::ApiGatewayV2::Stage', {
        DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 80 }),
      });
    });

    it('deploys the example receiver on non-production stages only', () => {
      dev.template.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
      prod.template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
      expect(Object.keys(dev.template.toJSON().Outputs)).toEqual(expect.arrayContaining(['apiUrl', 'receiverUrl']));
      expect(Object.keys(prod.template.toJSON().Outputs)).toContain('apiUrl');
      expect(Object.keys(prod.template.toJSON().Outputs)).not.toContain('receiverUrl');
      expect(routeTargets(prod, 'api')).toEqual(manifestRouteTargets('api'));
    });

    it('leaves out the functions only the receiver uses on production', () => {
      const used = new Set<string>([
        ...apis.api.routes.map((route) => route.function),
        apis.api.fallback,
        ...Object.values(queues).map((queue) => queue.consumer),
        ...Object.values(schedules).map((schedule) => schedule.function),
      ]);
      expect([...prod.stack.functions.keys()].sort()).toEqual([...used].sort());
      expect(prod.stack.functions.has('receiverEndpoint')).toBe(false);
      expect(serviceFunctions(prod)).toHaveLength(used.size);
    });
  });

  describe('data', () => {
    it('creates the manifest tables on demand, with PITR and the stage key', () => {
      dev.template.resourceCountIs('AWS::DynamoDB::Table', Object.keys(tables).length);
      const [[keyId]] = ofType(dev, 'AWS::KMS::Key').filter(([id]) => id.startsWith('Key')) as [[string, Resource]];
      for (const spec of Object.values(tables) as TableSpec[]) {
        dev.template.hasResource('AWS::DynamoDB::Table', {
          DeletionPolicy: 'Delete',
          Properties: {
            KeySchema: [{ AttributeName: spec.partitionKey, KeyType: 'HASH' }, ...(spec.sortKey ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' }] : [])],
            BillingMode: 'PAY_PER_REQUEST',
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: arnOf(keyId) },
          },
        });
      }
      dev.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    });

    it("lets DynamoDB expire idempotency records, rate counters, swept tickets, the sweep's notes, events, webhook attempts, notices, finished mailbox checks and unused uploads by their TTL attribute, and nothing else", () => {
      const expire = [
        tables.idempotency,
        tables.rateLimits,
        tables.tickets,
        tables.storedBodies,
        tables.events,
        tables.webhookAttempts,
        tables.notices,
        tables.mailboxChecks,
        tables.attachments,
      ] as TableSpec[];
      for (const spec of expire) {
        dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
          KeySchema: [{ AttributeName: spec.partitionKey, KeyType: 'HASH' }, ...(spec.sortKey ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' }] : [])],
          TimeToLiveSpecification: { AttributeName: spec.ttlAttribute, Enabled: true },
        });
      }
      const expiring = ofType(dev, 'AWS::DynamoDB::Table').filter(([, table]) => table.Properties.TimeToLiveSpecification);
      expect(expiring).toHaveLength(expire.length);
      // A ticket expires with its protocol: the sweep is told the days the bucket keeps protocols.
      expect(fnProps(dev, 'sweep').Environment.Variables).toMatchObject({ PROTOCOL_RETENTION_DAYS: '4018' });
    });

    it('keeps tables, bucket and key when a production stack is deleted', () => {
      for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::KMS::Key']) {
        for (const [id, resource] of ofType(prod, type)) expect(resource.DeletionPolicy, id).toBe('Retain');
      }
      prod.template.allResourcesProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
      prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
      expect(prod.stack.terminationProtection).toBe(true);
      expect(dev.stack.terminationProtection).toBe(false);
    });

    it('blocks public access to the bucket, encrypts and versions it, and denies plain HTTP', () => {
      dev.template.resourceCountIs('AWS::S3::Bucket', 2);
      dev.template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [Match.objectLike({ ServerSideEncryptionByDefault: Match.objectLike({ SSEAlgorithm: 'aws:kms' }) })],
        },
      });
      dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    });

    it('expires old versions of swept submissions after a day, unused uploads after a day, and protocols after 11 years unless the stage says otherwise', () => {
      const rules = (stage: Stage) =>
        ofType(stage, 'AWS::S3::Bucket').find(([, b]) => b.Properties.VersioningConfiguration)![1].Properties.LifecycleConfiguration.Rules;
      expect(rules(dev)).toEqual([
        {
          Id: 'SubmissionsOldVersions',
          Prefix: 'submissions/',
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          ExpiredObjectDeleteMarker: true,
          Status: 'Enabled',
        },
        { Id: 'ProtocolRetention', Prefix: 'protocols/', ExpirationInDays: 4018, NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' },
        { Id: 'ReceiverFiles', Prefix: 'receiver/', ExpirationInDays: 30, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' },
        { Id: 'AttachmentUploads', Prefix: 'attachments/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' },
        { Id: 'IncompleteUploads', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
      ]);
      // Production has no example receiver, and keeps nothing under receiver/.
      expect(rules(prod).map((rule: { Id: string }) => rule.Id)).toEqual([
        'SubmissionsOldVersions',
        'ProtocolRetention',
        'AttachmentUploads',
        'IncompleteUploads',
      ]);
      expect(fnProps(dev, 'sweep').Environment.Variables).toMatchObject({ SUBMISSION_RETENTION_SECONDS: String(30 * 86_400) });

      const tuned = synth({ stage: 'qa', submissionRetentionDays: '7', protocolRetentionYears: '12' }, { bundle: false });
      expect(rules(tuned)[1]).toMatchObject({ ExpirationInDays: 4383 });
      expect(fnProps(tuned, 'sweep').Environment.Variables).toMatchObject({ SUBMISSION_RETENTION_SECONDS: String(7 * 86_400) });
      expect(() => synth({ stage: 'qa', protocolRetentionYears: '0' }, { bundle: false })).toThrow(/protocolRetentionYears/);
    });

    it('logs access to the bucket into a bucket of its own, kept a month, private and TLS only', () => {
      const [[, bucket]] = ofType(dev, 'AWS::S3::Bucket').filter(([, b]) => b.Properties.VersioningConfiguration) as [[string, Resource]];
      const logsId = bucket.Properties.LoggingConfiguration.DestinationBucketName.Ref;
      expect(dev.resources[logsId]!.Properties).toMatchObject({
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: 30, Status: 'Enabled' }] },
        PublicAccessBlockConfiguration: { BlockPublicPolicy: true, RestrictPublicBuckets: true },
      });
      dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: ref(logsId),
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({ Effect: 'Allow', Principal: { Service: 'logging.s3.amazonaws.com' }, Action: 's3:PutObject' }),
          ]),
        },
      });
    });
  });

  describe('queues', () => {
    it('gives each manifest queue an encrypted dead-letter queue after maxReceiveCount receives', () => {
      // Beside them, the queue where failed scheduled runs are recorded.
      dev.template.resourceCountIs('AWS::SQS::Queue', Object.keys(queues).length * 2 + 1);
      for (const [name, spec] of Object.entries(queues)) {
        const matches = ofType(dev, 'AWS::SQS::Queue').filter(
          ([, queue]) =>
            queue.Properties.RedrivePolicy?.maxReceiveCount === spec.maxReceiveCount && queue.Properties.VisibilityTimeout === spec.visibilityTimeoutSeconds,
        );
        expect(matches, name).toHaveLength(1);
        const [[queueId, queue]] = matches as [[string, Resource]];
        expect(queue.Properties.KmsMasterKeyId, name).toBeDefined();
        const dlq = dev.resources[queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]]!;
        expect(dlq.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, KmsMasterKeyId: queue.Properties.KmsMasterKeyId });

        dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
          EventSourceArn: arnOf(queueId),
          FunctionName: ref(idOf(dev, spec.consumer)),
          BatchSize: spec.batchSize,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
        });
      }
      dev.template.resourceCountIs('AWS::Lambda::EventSourceMapping', Object.keys(queues).length);
    });

    it('hides each message six times as long as its consumer may run, and keeps it longer than any retry schedule the settings allow', () => {
      for (const [name, spec] of Object.entries(queues)) {
        expect(spec.visibilityTimeoutSeconds, name).toBeGreaterThanOrEqual(6 * fnProps(dev, spec.consumer as FunctionName).Timeout);
        const [, queue] = ofType(dev, 'AWS::SQS::Queue').find(([id]) => id.startsWith(`${name}Queue`))!;
        expect(queue.Properties.MessageRetentionPeriod, name).toBe(spec.retentionDays * 86_400);
      }
      expect(longestScheduleSeconds(50)).toBeLessThan(queues.webhook.retentionDays * 86_400);
      expect(longestScheduleSeconds(50)).toBeGreaterThan(10 * 86_400);
    });

    it('refuses webhook settings that contradict the function or the queue', () => {
      expect(() => synth({ stage: 'qa', hookTimeoutMs: '120000' }, { bundle: false })).toThrow(/"hookTimeoutMs" \(120000\) must leave the webhook function/);
      expect(() => synth({ stage: 'qa', hookMaxAttempts: '51' }, { bundle: false })).toThrow(/at most 50/);
      expect(() => synth({ stage: 'qa', hookTimeoutMs: '55000', hookMaxAttempts: '50' }, { bundle: false })).not.toThrow();
    });

    it('hides a transmit message six times as long as the function may run, and caps transmit concurrency by the stage, reserving as much', () => {
      expect(queues.transmit.visibilityTimeoutSeconds).toBe(6 * fnProps(dev, 'transmit').Timeout);
      dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: ref(idOf(dev, 'transmit')),
        ScalingConfig: { MaximumConcurrency: 5 },
      });
      expect(fnProps(dev, 'transmit').ReservedConcurrentExecutions).toBe(5);
      const tuned = synth({ stage: 'qa', transmitConcurrency: '2' }, { bundle: false });
      tuned.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: ref(idOf(tuned, 'transmit')),
        ScalingConfig: { MaximumConcurrency: 2 },
      });
      expect(fnProps(tuned, 'transmit').ReservedConcurrentExecutions).toBe(2);
      // No other function holds a share of the account's concurrency.
      const reserving = serviceFunctions(dev).filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined);
      expect(reserving).toEqual([[idOf(dev, 'transmit'), expect.anything()]]);
      expect(() => synth({ stage: 'qa', transmitConcurrency: '1' }, { bundle: false })).toThrow(/transmitConcurrency/);
    });

    it('caps the webhook deliveries running at once, 10 unless the stage says otherwise', () => {
      dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: ref(idOf(dev, 'deliverWebhook')),
        ScalingConfig: { MaximumConcurrency: 10 },
      });
      const tuned = synth({ stage: 'qa', webhookConcurrency: '40' }, { bundle: false });
      tuned.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: ref(idOf(tuned, 'deliverWebhook')),
        ScalingConfig: { MaximumConcurrency: 40 },
      });
      expect(() => synth({ stage: 'qa', webhookConcurrency: '1' }, { bundle: false })).toThrow(/webhookConcurrency/);
    });

    it('denies plain HTTP on every queue', () => {
      dev.template.resourceCountIs('AWS::SQS::QueuePolicy', Object.keys(queues).length * 2 + 1);
      dev.template.allResourcesProperties('AWS::SQS::QueuePolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    });
  });

  describe('schedules', () => {
    it('runs each manifest schedule by an EventBridge rule at its rate, allowed to invoke its function', () => {
      dev.template.resourceCountIs('AWS::Events::Rule', Object.keys(schedules).length);
      for (const [name, spec] of Object.entries(schedules)) {
        const rules = ofType(dev, 'AWS::Events::Rule').filter(([id]) => id.startsWith(`${name}Schedule`));
        expect(rules, name).toHaveLength(1);
        const [[ruleId, rule]] = rules as [[string, Resource]];
        expect(rule.Properties, name).toMatchObject({
          ScheduleExpression: Schedule.rate(Duration.minutes(spec.everyMinutes)).expressionString,
          State: 'ENABLED',
          Targets: [{ Arn: arnOf(idOf(dev, spec.function)) }],
        });
        dev.template.hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          FunctionName: arnOf(idOf(dev, spec.function)),
          Principal: 'events.amazonaws.com',
          SourceArn: arnOf(ruleId),
        });
        // EventBridge does not wait for a run to finish: the timeout keeps two runs from overlapping.
        expect(fnProps(dev, spec.function).Timeout, name).toBeLessThan(spec.everyMinutes * 60);
      }
      // On a production stage a schedule may start the job's alias instead (test/infra/records-and-deployments.test.ts).
      const jobs = [
        ['redrive', '5 minutes'],
        ['sweep', '30 minutes'],
        ['certificateExpiry', '1 day'],
        ['resealCertificates', '1 day'],
      ] as const;
      for (const [job, rate] of jobs) {
        dev.template.hasResourceProperties('AWS::Events::Rule', {
          ScheduleExpression: `rate(${rate})`,
          Targets: [Match.objectLike({ Arn: arnOf(idOf(dev, job)) })],
        });
      }
    });

    it("indexes each client's tickets by creation time, and lets only the listing and the submissions that look for a paired filing query that index", () => {
      const tickets = arnOf(dev.stack.getLogicalId(dev.stack.node.findChild('ticketsTable').node.defaultChild as CfnElement));
      dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
        GlobalSecondaryIndexes: Match.arrayWith([
          {
            IndexName: 'by_client',
            KeySchema: [
              { AttributeName: 'client_id', KeyType: 'HASH' },
              { AttributeName: 'created_at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ]),
      });
      const dynamo = statements(dev, 'listTickets').filter((s) => [s.Action].flat().some((action) => action.startsWith('dynamodb:')));
      const onTickets = dynamo.filter((s) => JSON.stringify(s.Resource).includes(JSON.stringify(tickets)));
      expect(onTickets.map((s) => [[s.Action].flat(), s.Resource])).toEqual([
        [['dynamodb:GetItem'], expect.arrayContaining([tickets])],
        [['dynamodb:Query'], { 'Fn::Join': ['', [tickets, '/index/by_client']] }],
      ]);
      const byClient = JSON.stringify({ 'Fn::Join': ['', [tickets, '/index/by_client']] });
      // A year-end filing's submit reads the client's tickets for a paired filing (shared/submission/hints-across.ts).
      const readers = new Set(['listTickets', ...kinds.map(submitFunction)]);
      for (const name of dev.stack.functions.keys()) {
        expect(JSON.stringify(statements(dev, name)).includes(byClient), name).toBe(readers.has(name));
      }
    });

    it('lets the re-drive query the index of owed work, read and update tickets, never scan them, tell their changes as events, and wake both queues, and reach nothing else', () => {
      const granted = statements(dev, 'redrive');
      const tableArn = (name: string) => arnOf(dev.stack.getLogicalId(dev.stack.node.findChild(`${name}Table`).node.defaultChild as CfnElement));
      const tickets = tableArn('tickets');
      const dynamo = granted.filter((s) => [s.Action].flat().some((action) => action.startsWith('dynamodb:')));
      expect(dynamo.map((s) => [[s.Action].flat(), s.Resource])).toEqual([
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], tickets],
        [['dynamodb:Query'], { 'Fn::Join': ['', [tickets, '/index/owed']] }],
        [['dynamodb:BatchWriteItem', 'dynamodb:PutItem'], tableArn('events')],
      ]);
      for (const name of dev.stack.functions.keys()) {
        if (name !== 'certificateExpiry' && name !== 'resealCertificates') expect(actions(dev, name), name).not.toContain('dynamodb:Scan');
      }

      const send = granted.filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
      const queueIds = send.flatMap((s) => [s.Resource].flat()).map((resource: any) => resource['Fn::GetAtt'][0]);
      expect(queueIds.sort()).toEqual([
        expect.stringMatching(/^FailedRunsQueue/),
        expect.stringMatching(/^transmitQueue/),
        expect.stringMatching(/^webhookQueue/),
      ]);

      // The counts of both queues, to know a backlog; nothing else of them.
      const counts = granted.filter((s) => [s.Action].flat().includes('sqs:GetQueueAttributes'));
      expect(counts.map((s) => [s.Action].flat())).toEqual([['sqs:GetQueueAttributes']]);
      const counted = counts.flatMap((s) => [s.Resource].flat()).map((resource: any) => resource['Fn::GetAtt'][0]);
      expect(counted.sort()).toEqual([expect.stringMatching(/^transmitQueue/), expect.stringMatching(/^webhookQueue/)]);
      // Besides the queues' consumers, whose event sources read their queue's attributes.
      const consumers = new Set<string>(Object.values(queues).map((queue) => queue.consumer));
      expect(
        [...dev.stack.functions.keys()].filter((name) => !consumers.has(name) && actions(dev, name).includes('sqs:GetQueueAttributes')),
        'only the re-drive counts messages',
      ).toEqual(['redrive']);

      const redriveActions = granted.flatMap((s) => [s.Action].flat());
      expect(redriveActions.filter((action) => /^(s3|secretsmanager):|^sqs:(Receive|Delete|ChangeMessage)/.test(action))).toEqual([]);
      expect(fnProps(dev, 'redrive').Environment.Variables).toMatchObject({ TAX_AUTHORITY: 'sandbox' });
      expect(fnProps(dev, 'redrive').Environment.Variables).not.toHaveProperty('BUCKET');
    });

    it("keeps the tax authority's code out of the re-drive's bundle", () => {
      const bundle = (name: FunctionName) => readFileSync(path.join(bundleDir(dev, name), 'index.mjs'), 'utf8');
      // Literals no other code has: the sandbox protocol's title (shared/sandbox/protocol-pdf.ts), as esbuild escapes it, and pdf-lib's producer.
      const taxAuthorityCode = /\\xDCbertragungsprotokoll|pdf-lib \(https/;
      expect(bundle('transmit')).toMatch(taxAuthorityCode);
      expect(bundle('redrive')).not.toMatch(taxAuthorityCode);
    });
  });

  describe('operations', () => {
    const alarms = (stage: Stage) => ofType(stage, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    const topicId = (stage: Stage) => ofType(stage, 'AWS::SNS::Topic')[0]![0];

    it('sends every alarm to the stage topic, encrypted and TLS only, with the runbook section that says what to do', () => {
      expect(ofType(dev, 'AWS::SNS::Topic')).toHaveLength(1);
      dev.template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      dev.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
      for (const alarm of alarms(dev)) {
        expect(alarm.AlarmActions, alarm.AlarmName).toEqual([ref(topicId(dev))]);
        expect(alarm.OKActions, alarm.AlarmName).toEqual([ref(topicId(dev))]);
        const runbook = /docs\/operations\/([a-z0-9-]+\.md)$/.exec(alarm.AlarmDescription)?.[1];
        expect(runbook && existsSync(path.join(repoRoot, 'docs', 'operations', runbook)), `${alarm.AlarmName}: ${alarm.AlarmDescription}`).toBe(true);
        expect(alarm.AlarmName).toMatch(/^steuerbote-dev-/);
      }
      dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
      const mailed = synth({ stage: 'qa', alarmEmail: 'ops@example.com' }, { bundle: false });
      mailed.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
      expect(() => synth({ stage: 'qa', alarmEmail: 'ops' }, { bundle: false })).toThrow(/"alarmEmail" must be an e-mail address/);
    });

    it('watches every dead-letter queue, every function, every schedule and the pipeline', () => {
      const names = alarms(dev).map((alarm) => String(alarm.AlarmName).replace('steuerbote-dev-', ''));
      const built = [...dev.stack.functions.keys()];
      const answersRoutes = new Set<FunctionName>(Object.values(apis).flatMap((api) => [...api.routes.map((route) => route.function), api.fallback]));
      expect(names.sort()).toEqual(
        [
          ...Object.keys(queues).map((queue) => `${queue}DeadLetters`),
          // A function's alarms are in its group's stack, and name it.
          ...built.flatMap((name) => [`${groupOf(name)}-${name}Errors`, `${groupOf(name)}-${name}Throttles`]),
          // An API function answers its own failures with 5xx, and a queue's consumer hands them back to the queue.
          ...built.filter((name) => answersRoutes.has(name)).map((name) => `${groupOf(name)}-${name}ServerErrors`),
          ...Object.entries(queues).map(([queue, spec]) => `${groupOf(spec.consumer as FunctionName)}-${queue}FailedRecords`),
          ...Object.values(schedules).map((schedule) => `${groupOf(schedule.function)}-${schedule.function}NotRunning`),
          'FailedRuns',
          'TicketsFailed',
          'TicketsUncertain',
          'OldestQueuedTicket',
          'RecordsUnwritten',
          'WebhooksGivenUp',
          'UnconfirmedNotice',
          'CertificatesExpiring',
          'CertificatesPinLocked',
          'CertificatesNotResealed',
          // test/infra/hardening.test.ts looks into these.
          ...Object.keys(apis).map((api) => `${api}Api5xx`),
          ...Object.keys(tables).map((table) => `${table}TableThrottled`),
          // Five indexes and the table are more than one alarm's math sums (infra/constructs/stage-alarms.ts).
          'ticketsTableThrottled2',
        ].sort(),
      );
      const byName = (name: string) => alarms(dev).find((alarm) => alarm.AlarmName === `steuerbote-dev-${name}`)!;
      expect(byName('TicketsUncertain')).toMatchObject({
        MetricName: 'TicketsUncertain',
        Namespace: 'steuerbote',
        Threshold: 0,
        Dimensions: expect.arrayContaining([{ Name: 'stage', Value: 'dev' }]),
      });
      expect(byName('CertificatesPinLocked')).toMatchObject({
        MetricName: 'CertificatesPinLocked',
        Namespace: 'steuerbote',
        Statistic: 'Sum',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        AlarmDescription: expect.stringMatching(/docs\/operations\/a-certificate-is-locked-after-wrong-pins\.md$/),
      });
      expect(byName('CertificatesNotResealed')).toMatchObject({
        MetricName: 'CertificatesNotResealed',
        Statistic: 'Sum',
        Period: 86_400,
        Threshold: 0,
        AlarmDescription: expect.stringMatching(/docs\/operations\/retiring-the-old-way-of-opening-sealed-secrets\.md$/),
      });
      expect(byName('OldestQueuedTicket')).toMatchObject({ MetricName: 'OldestQueuedTicketAge', Threshold: 1800, Statistic: 'Maximum' });
      expect(byName(`${groupOf('redrive')}-redriveNotRunning`)).toMatchObject({
        ComparisonOperator: 'LessThanThreshold',
        Period: 600,
        TreatMissingData: 'breaching',
      });
      expect(byName(`${groupOf('certificateExpiry')}-certificateExpiryNotRunning`)).toMatchObject({ Period: 86_400, EvaluationPeriods: 2 });
      expect(byName('transmitDeadLetters')).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS' });
      for (const name of built) expect(fnProps(dev, name).Environment.Variables.STEUERBOTE_STAGE, name).toBe('dev');
      // A scheduled run that fails every try is recorded, not dropped.
      for (const schedule of Object.values(schedules)) {
        dev.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
          FunctionName: ref(idOf(dev, schedule.function)),
          MaximumRetryAttempts: 2,
          DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FailedRunsQueue'), 'Arn'] } } },
        });
      }
    });

    it('draws the pipeline on one dashboard per stage', () => {
      const [[, dashboard]] = ofType(dev, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
      expect(dashboard.Properties.DashboardName).toBe('steuerbote-dev');
      const body = JSON.stringify(dashboard.Properties.DashboardBody);
      for (const text of [
        'SubmissionsAccepted',
        'TicketsDelivered',
        'TicketsRejected',
        'DeliveryLatency',
        'ApproximateNumberOfMessagesVisible',
        'Webhook_exhausted',
        'TicketsFailed_',
        'CertificatesPinLocked',
        'CertificatesNotResealed',
      ]) {
        expect(body, text).toContain(text);
      }
    });
  });

  describe('least privilege', () => {
    it("lets a reading function read, and write nothing but the count of its callers' requests", () => {
      const granted = actions(dev, 'getStatus');
      expect(granted).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'kms:Decrypt']));
      const counters = JSON.stringify(arnOf(dev.stack.getLogicalId(dev.stack.node.findChild('rateLimitsTable').node.defaultChild as CfnElement)));
      const writes = statements(dev, 'getStatus').filter((s) => [s.Action].flat().some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)));
      expect(writes.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining(counters)]);
      expect(JSON.stringify(writes)).not.toMatch(/ticketsTable|apiKeysTable/);
      expect(granted.filter((action) => /^(s3|sqs):/.test(action))).toEqual([]);
    });

    it('lets only the submit functions reach the idempotency table', () => {
      const table = JSON.stringify(arnOf(dev.stack.getLogicalId(dev.stack.node.findChild('idempotencyTable').node.defaultChild as CfnElement)));
      const reaching = [...dev.stack.functions.keys()].filter((name) =>
        statements(dev, name).some((statement) => JSON.stringify(statement.Resource).includes(table)),
      );
      expect(reaching.sort()).toEqual(kinds.map(submitFunction).sort());
      expect(fnProps(dev, 'submitEst').Environment.Variables).toHaveProperty('IDEMPOTENCY_TABLE');
    });

    it('lets only the submit functions (a wrong PIN noted, a lock set), the job sealing again and those keeping mailbox schedules update certificates, and none of them write one anew', () => {
      const table = JSON.stringify(arnOf(dev.stack.getLogicalId(dev.stack.node.findChild('certificatesTable').node.defaultChild as CfnElement)));
      const onCertificates = (name: FunctionName) =>
        statements(dev, name)
          .filter((statement) => JSON.stringify(statement.Resource).includes(table))
          .flatMap((statement) => [statement.Action].flat());
      const updating = [...dev.stack.functions.keys()].filter((name) => onCertificates(name).includes('dynamodb:UpdateItem'));
      expect(updating.sort()).toEqual(['mailboxUpkeep', 'resealCertificates', 'setMailboxSchedule', ...kinds.map(submitFunction)].sort());
      expect(onCertificates('submitUstva').sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
      expect(onCertificates('resealCertificates').sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Scan', 'dynamodb:UpdateItem']);
      expect(onCertificates('mailboxUpkeep').sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
      expect(onCertificates('setMailboxSchedule').sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    });

    it('lets exactly the authenticating functions count requests, by conditional update, without reading counters', () => {
      const table = JSON.stringify(arnOf(dev.stack.getLogicalId(dev.stack.node.findChild('rateLimitsTable').node.defaultChild as CfnElement)));
      const reaching = [...dev.stack.functions.keys()].filter((name) =>
        statements(dev, name).some((statement) => JSON.stringify(statement.Resource).includes(table)),
      );
      const authenticating = (Object.keys(functions) as FunctionName[]).filter((name) => (functions[name] as FunctionSpec).tables?.apiKeys);
      expect(reaching.sort()).toEqual(authenticating.sort());
      expect(reaching).toEqual(expect.arrayContaining(['submitUstva', 'getStatus', 'getProtocol', 'receiverRun']));
      const counting = statements(dev, 'getStatus').filter((statement) => JSON.stringify(statement.Resource).includes(table));
      const granted = counting.flatMap((statement) => [statement.Action].flat());
      expect(granted).toContain('dynamodb:UpdateItem');
      expect(granted).not.toContain('dynamodb:GetItem');
      expect(fnProps(dev, 'getStatus').Environment.Variables).toHaveProperty('RATE_LIMITS_TABLE');
    });

    it('grants every function exactly the table calls and bucket folders its manifest entry names, listing any grant wider or missing per function', () => {
      const objectActions: Record<BucketAccess, string[]> = {
        read: ['s3:GetObject'],
        write: ['s3:PutObject'],
        readWrite: ['s3:GetObject', 's3:PutObject'],
        delete: ['s3:DeleteObject'],
      };
      const tableOf = (resource: string) => (Object.keys(tables) as TableName[]).find((table) => resource.includes(`${table}Table`));
      const folderOf = (resource: string) => (Object.keys(bucketFolders) as BucketFolder[]).find((folder) => resource.includes(`/${bucketFolders[folder]}*`));
      const differing: Record<string, { wider?: string[]; missing?: string[] }> = {};
      for (const name of dev.stack.functions.keys()) {
        const spec = functions[name] as FunctionSpec;
        const allowed = new Set([
          ...Object.entries(spec.tables ?? {}).flatMap(([table, granted]) => granted.map((action) => `dynamodb:${action} on ${table}`)),
          ...Object.entries(spec.bucket ?? {}).flatMap(([folder, access]) => objectActions[access].map((action) => `${action} on ${folder}`)),
          ...(spec.bucketSettings ?? []).map(() => 's3:GetBucketObjectLockConfiguration on the bucket'),
        ]);
        const granted = statements(dev, name).flatMap((statement) =>
          [statement.Action]
            .flat()
            .filter((action) => action.startsWith('dynamodb:') || action.startsWith('s3:'))
            .flatMap((action) =>
              [statement.Resource].flat().map((resource) => {
                const text = JSON.stringify(resource);
                const on = action === 's3:GetBucketObjectLockConfiguration' ? 'the bucket' : action.startsWith('s3:') ? folderOf(text) : tableOf(text);
                return `${action} on ${on ?? text}`;
              }),
            ),
        );
        const wider = [...new Set(granted)].filter((grant) => !allowed.has(grant));
        const missing = [...allowed].filter((grant) => !granted.includes(grant));
        if (wider.length || missing.length) differing[name] = { ...(wider.length && { wider }), ...(missing.length && { missing }) };
      }
      expect(differing).toEqual({});
      // And the check would see a wider grant: the re-drive may not delete a ticket, the getters not scan.
      expect(actions(dev, 'redrive')).not.toContain('dynamodb:DeleteItem');
      expect(actions(dev, 'getStatus')).not.toContain('dynamodb:Scan');
      expect([...new Set(actions(dev, 'getProtocol').filter((action) => action.startsWith('dynamodb:')))].sort()).toEqual([
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
      ]);
    });

    it('gives every function exactly the resource variables and queue sends its manifest entry derives, none missing and none more', () => {
      const resourceVariable = /^(BUCKET|BUCKET_PREFIX|\w+_TABLE|\w+_QUEUE_URL|\w+_DLQ_URL)$/;
      const queueOf = (id: string) =>
        (Object.keys(queues) as (keyof typeof queues)[]).find((queue) => id.startsWith(`${queue}Queue`) || id.startsWith(`${queue}DeadLetterQueue`));
      const differing: Record<string, unknown> = {};
      for (const name of dev.stack.functions.keys()) {
        const given = variablesOf(name);
        const variables = Object.keys(fnProps(dev, name).Environment.Variables);
        const resources = variables.filter((variable) => resourceVariable.test(variable)).sort();
        const expected = [...given].filter((variable) => resourceVariable.test(variable)).sort();
        if (JSON.stringify(resources) !== JSON.stringify(expected)) differing[`${name} variables`] = { template: resources, manifest: expected };
        // Every steuerbote setting a function is given is one of its groups'; the stage sets some of them only.
        const foreign = variables.filter(
          (variable) => Object.values(settingNames).includes(variable as never) && !given.has(variable) && !common.has(variable),
        );
        if (foreign.length) differing[`${name} settings`] = foreign;
        const sends = statements(dev, name)
          .filter((s) => [s.Action].flat().includes('sqs:SendMessage'))
          .flatMap((s) => [s.Resource].flat().map((resource: any) => resource['Fn::GetAtt'][0] as string))
          .filter((id) => !id.startsWith('FailedRunsQueue'))
          .map((id) => `${queueOf(id)}${id.includes('DeadLetter') ? ' dead letters' : ''}`)
          .sort();
        const spec = functions[name] as FunctionSpec;
        const expectedSends = [...(spec.sendsTo ?? []), ...(spec.deadLetters ?? []).map((queue) => `${queue} dead letters`)].sort();
        if (JSON.stringify(sends) !== JSON.stringify(expectedSends)) differing[`${name} sends`] = { template: sends, manifest: expectedSends };
      }
      expect(differing).toEqual({});
      // The wake-up of a retry: transmit sends to its own queue, by the URL it is told.
      expect(fnProps(dev, 'transmit').Environment.Variables).toHaveProperty('TRANSMIT_QUEUE_URL');
      expect(fnProps(dev, 'deliverWebhook').Environment.Variables).toHaveProperty('WEBHOOK_QUEUE_URL');
    });

    it('lets a producer send to its queues without receiving from them', () => {
      const granted = actions(dev, 'submitUstva');
      expect(granted).toContain('sqs:SendMessage');
      expect(granted).not.toContain('sqs:ReceiveMessage');
      expect(granted).not.toContain('s3:GetObject');
      const send = statements(dev, 'submitUstva').find((s) => [s.Action].flat().includes('sqs:SendMessage'))!;
      expect(JSON.stringify(send.Resource)).toMatch(/transmitQueue/);
      expect(JSON.stringify(send.Resource)).not.toMatch(/webhookQueue/);
    });

    it('confines the example receiver to its folder of the bucket, listing included', () => {
      const s3 = statements(dev, 'receiverEndpoint').filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
      expect(s3.map((statement) => statement.Action)).toEqual([['s3:GetObject', 's3:PutObject']]);
      expect(JSON.stringify(s3[0]!.Resource)).toMatch(/"\/receiver\/\*"/);
      expect(fnProps(dev, 'receiverEndpoint').Environment.Variables.BUCKET_PREFIX).toBe('receiver/');
    });

    it('grants exactly the object calls the stores make: GetObject and PutObject, and no listing', () => {
      const s3 = (name: FunctionName) =>
        actions(dev, name)
          .filter((action) => action.startsWith('s3:'))
          .sort();
      expect(s3('getProtocol')).toEqual(['s3:GetObject']);
      expect(s3('deliverWebhook')).toEqual(['s3:GetObject']);
      expect(s3('getNutzdaten')).toEqual(['s3:GetObject']);
      expect(s3('submitUstva')).toEqual(['s3:PutObject']);
      // A letter's submit reads the uploads it names; the function that signs their upload URL only writes them.
      expect(s3('submitNachricht')).toEqual(['s3:GetObject', 's3:PutObject']);
      expect(s3('createAttachment')).toEqual(['s3:PutObject']);
      expect(s3('receiverEndpoint')).toEqual(['s3:GetObject', 's3:PutObject']);
      // And whether the bucket's Object Lock is on, before it sends a live filing: the bucket's setting, no object.
      expect(s3('transmit')).toEqual(['s3:GetBucketObjectLockConfiguration', 's3:GetObject', 's3:PutObject']);
      const lockCheck = statements(dev, 'transmit').filter((s) => [s.Action].flat().includes('s3:GetBucketObjectLockConfiguration'));
      expect(lockCheck.map((s) => [[s.Action].flat(), JSON.stringify(s.Resource)])).toEqual([
        [['s3:GetBucketObjectLockConfiguration'], expect.not.stringContaining('/*')],
      ]);
    });

    it('lets only the sweep delete objects, only submitted data, never old versions', () => {
      for (const name of dev.stack.functions.keys()) {
        if (name === 'sweep') continue;
        expect(
          actions(dev, name).filter((action) => action.startsWith('s3:Delete')),
          name,
        ).toEqual([]);
      }
      const s3 = statements(dev, 'sweep').filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
      // It finds bodies without a ticket by their notes in the table, and lists nothing.
      expect(s3.flatMap((s) => [s.Action].flat())).toEqual(['s3:DeleteObject']);
      expect(JSON.stringify(s3[0]!.Resource)).toMatch(/"\/submissions\/\*"/);
      // It sends nothing but the record of a run that failed every try.
      const sends = statements(dev, 'sweep').filter((s) => [s.Action].flat().some((a) => /^sqs:/.test(a)));
      expect(sends.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringMatching(/FailedRunsQueue/)]);
      expect(actions(dev, 'sweep').filter((action) => /^secretsmanager:/.test(action))).toEqual([]);
    });
  });

  describe('configuration', () => {
    it('names resources through the manifest environment variables', () => {
      const [[ticketsId]] = ofType(dev, 'AWS::DynamoDB::Table').filter(([, t]) => t.Properties.KeySchema[0].AttributeName === tables.tickets.partitionKey) as [
        [string, Resource],
      ];
      expect(fnProps(dev, 'getStatus').Environment.Variables).toMatchObject({
        TICKETS_TABLE: ref(ticketsId),
        API_KEYS_TABLE: { Ref: expect.any(String) },
      });
      expect(Object.keys(fnProps(dev, 'submitUstva').Environment.Variables)).toEqual(
        expect.arrayContaining(['TICKETS_TABLE', 'API_KEYS_TABLE', 'BUCKET', 'TRANSMIT_QUEUE_URL']),
      );
      expect(fnProps(dev, 'getStatus').Environment.Variables).not.toHaveProperty('BUCKET');
    });

    it('configures the tax authority and webhooks only where the manifest asks', () => {
      expect(fnProps(dev, 'transmit').Environment.Variables).toMatchObject({
        TAX_AUTHORITY: 'sandbox',
        ALLOW_LIVE_SUBMISSIONS: 'false',
        ELSTER_HERSTELLER_ID: '74931',
        HOOK_ENABLED: 'false',
      });
      expect(fnProps(dev, 'transmit').Environment.Variables).not.toHaveProperty('HOOK_URI');
      expect(fnProps(dev, 'submitUstva').Environment.Variables).toMatchObject({ ALLOW_LIVE_SUBMISSIONS: 'false' });
      expect(fnProps(dev, 'getVersion').Environment.Variables).toMatchObject({ TAX_AUTHORITY: 'sandbox' });
      expect(fnProps(dev, 'getVersion').Environment.Variables).not.toHaveProperty('ALLOW_LIVE_SUBMISSIONS');
      expect(fnProps(dev, 'getStatus').Environment.Variables).not.toHaveProperty('TAX_AUTHORITY');
      expect(fnProps(dev, 'getStatus').Environment.Variables).not.toHaveProperty('HOOK_ENABLED');
    });

    it('leaves ERiC out of a sandbox stage: no layer, no ERIC_ variables, no koffi beside the bundles', () => {
      dev.template.resourceCountIs('AWS::Lambda::LayerVersion', 0);
      for (const [id, fn] of serviceFunctions(dev)) {
        expect(fn.Properties.Layers, id).toBeUndefined();
        expect(
          Object.keys(fn.Properties.Environment.Variables).filter((name) => name.startsWith('ERIC_')),
          id,
        ).toEqual([]);
      }
      expect(existsSync(path.join(bundleDir(dev, 'transmit'), 'node_modules', 'koffi'))).toBe(false);
    });

    it("ships the sandbox's fonts beside the bundles of transmit and the mailbox check, where shared/sandbox/fonts.ts finds them", () => {
      for (const name of ['transmit', 'checkMailbox'] as const) {
        const beside = createRequire(path.join(bundleDir(dev, name), 'index.mjs'));
        for (const file of fontFiles) expect(readFileSync(beside.resolve(file))).toEqual(readFileSync(path.join(repoRoot, 'node_modules', file)));
      }
    });

    it("hands a stage's per-client budget to the authenticating functions only, and leaves the default to them otherwise", () => {
      expect(fnProps(dev, 'getStatus').Environment.Variables).not.toHaveProperty('RATE_LIMIT_PER_MINUTE');
      const tuned = synth({ stage: 'qa', rateLimitPerMinute: '120' }, { bundle: false });
      for (const name of ['submitUstva', 'submitEst', 'getStatus', 'getTicket', 'getProtocol', 'receiverRun'] as const) {
        expect(fnProps(tuned, name).Environment.Variables, name).toMatchObject({ RATE_LIMIT_PER_MINUTE: '120' });
      }
      for (const name of ['getVersion', 'notFound', 'transmit', 'redrive'] as const) {
        expect(fnProps(tuned, name).Environment.Variables ?? {}, name).not.toHaveProperty('RATE_LIMIT_PER_MINUTE');
      }
    });
  });
});

describe('stage settings', () => {
  const settingsOf = (context: Record<string, string>) => stageSettings(stageApp(context));

  it('requires a well-formed stage name', () => {
    expect(() => settingsOf({})).toThrow(/"stage" is required/);
    expect(() => settingsOf({ stage: 'Dev' })).toThrow(/"stage" must be/);
    expect(() => settingsOf({ stage: 'dev_1' })).toThrow(/"stage" must be/);
  });

  it('treats prod and production as production unless told otherwise', () => {
    expect(settingsOf({ stage: 'prod' }).production).toBe(true);
    expect(settingsOf({ stage: 'production' }).production).toBe(true);
    expect(settingsOf({ stage: 'prod', production: 'false' }).production).toBe(false);
    expect(settingsOf({ stage: 'qa', production: 'true' }).production).toBe(true);
    expect(() => settingsOf({ stage: 'qa', production: 'yes' })).toThrow(/"production" must be true or false/);
  });

  it('takes whole numbers for the limits, and 0 only to turn the per-client budget off', () => {
    expect(settingsOf({ stage: 'dev' }).limits).toEqual({
      throttleRate: 200,
      throttleBurst: 400,
      perClientPerMinute: undefined,
      transmitConcurrency: 5,
      webhookConcurrency: 10,
    });
    expect(settingsOf({ stage: 'dev', rateLimitPerMinute: '0' }).limits.perClientPerMinute).toBe('0');
    expect(() => settingsOf({ stage: 'dev', throttleRate: '0' })).toThrow(/"throttleRate" must be a whole number/);
    expect(() => settingsOf({ stage: 'dev', throttleBurst: '1.5' })).toThrow(/"throttleBurst" must be a whole number/);
    expect(() => settingsOf({ stage: 'dev', rateLimitPerMinute: '-1' })).toThrow(/"rateLimitPerMinute" must be a whole number/);
  });

  it('rejects a tax authority it does not know', () => {
    expect(() => settingsOf({ stage: 'dev', taxAuthority: 'elster' })).toThrow(/"taxAuthority" must be sandbox or eric/);
  });

  it('points enabled webhooks at the example receiver by default; the signing secret is fetched, never embedded, by those that sign or verify', () => {
    const stage = synth({ stage: 'dev', hookEnabled: 'true', hookSecretName: 'steuerbote/dev/hook' }, { bundle: false });
    const receiverId = stage.stack.getLogicalId(stage.stack.node.findChild('receiverApi').node.defaultChild as CfnElement);
    for (const name of ['transmit', 'deliverWebhook', 'receiverRun', 'receiverEndpoint'] as const) {
      const variables = fnProps(stage, name).Environment.Variables;
      // The example receiver only verifies and stores what reaches it; it sends nothing.
      if (name !== 'receiverEndpoint') {
        expect(variables, name).toMatchObject({
          HOOK_ENABLED: 'true',
          HOOK_URI: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [receiverId, 'ApiEndpoint'] }, '/dummy/hook-endpoint']] },
        });
      }
      expect(variables, name).not.toHaveProperty('HOOK_SECRET');
      const signs = name === 'deliverWebhook' || name === 'receiverEndpoint';
      expect(variables.HOOK_SECRET_ID, name).toBe(signs ? 'steuerbote/dev/hook' : undefined);
      expect(actions(stage, name).includes('secretsmanager:GetSecretValue'), name).toBe(signs);
    }
    expect(actions(stage, 'getStatus')).not.toContain('secretsmanager:GetSecretValue');
    expect(JSON.stringify(stage.template)).not.toContain('resolve:secretsmanager');
  });

  it('answers browsers only for the origins a stage names, and serves the API under its own domain when asked', () => {
    const plain = synth({ stage: 'qa' }, { bundle: false });
    for (const [, api] of ofType(plain, 'AWS::ApiGatewayV2::Api')) expect(api.Properties).not.toHaveProperty('CorsConfiguration');
    plain.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);

    const open = synth(
      {
        stage: 'qa',
        corsOrigins: 'https://app.example.com, http://localhost:5173',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
      },
      { bundle: false },
    );
    open.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      Name: 'steuerbote-qa-api',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['https://app.example.com', 'http://localhost:5173'],
        AllowHeaders: Match.arrayWith(['authorization', 'idempotency-key', 'elster-pin']),
        ExposeHeaders: Match.arrayWith(['location', 'retry-after']),
      }),
    });
    open.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: 'steuerbote-qa-receiver', CorsConfiguration: Match.absent() });
    open.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123' })],
    });
    open.template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    open.template.hasOutput('apiDomainTarget', {});

    expect(() => synth({ stage: 'qa', corsOrigins: '*' }, { bundle: false })).toThrow(/"corsOrigins" must list origins/);
    expect(() => synth({ stage: 'qa', domainName: 'api.example.com' }, { bundle: false })).toThrow(/go together/);
  });

  it('needs an explicit https hook URI to enable webhooks on production', () => {
    expect(() => synth({ stage: 'prod', hookEnabled: 'true' }, { bundle: false })).toThrow(/"hookUri" is required/);
    expect(() => synth({ stage: 'prod', hookEnabled: 'true', hookUri: 'http://hooks.example.com/elster' }, { bundle: false })).toThrow(
      /must use https on a production stage/,
    );
    const stage = synth({ stage: 'prod', hookEnabled: 'true', hookUri: 'https://hooks.example.com/elster' }, { bundle: false });
    expect(fnProps(stage, 'deliverWebhook').Environment.Variables).toMatchObject({
      HOOK_URI: 'https://hooks.example.com/elster',
      HOOK_REQUIRE_HTTPS: 'true',
    });
  });

  it('lets the webhook function park deliveries in its dead-letter queue, and names every resource in the outputs', () => {
    const stage = synth({ stage: 'dev' }, { bundle: false });
    const deadLetters = ofType(stage, 'AWS::SQS::Queue').find(([id]) => id.startsWith('webhookDeadLetterQueue'))![0];
    expect(fnProps(stage, 'deliverWebhook').Environment.Variables.WEBHOOK_DLQ_URL).toEqual(ref(deadLetters));
    const send = statements(stage, 'deliverWebhook').filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
    expect(JSON.stringify(send)).toContain(deadLetters);
    expect(Object.keys(stage.template.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['BucketName', 'ticketsTableName', 'apiKeysTableName', 'webhookQueueUrl', 'webhookDeadLetterQueueUrl', 'transmitQueueUrl']),
    );
  });
});
