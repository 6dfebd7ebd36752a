// What a stage costs, counted rather than written down: the fixed part from the synthesized
// templates (alarms, dashboards, keys, secrets, custom metrics, schedules, indexes, each function's
// memory and architecture), the part per submission from the calls a run of the local runtime makes.
// So the model stays true as alarms, functions and indexes come and go.
//
// The run: BENCH_COST_SUBMISSIONS UStVA submissions through the sandbox with webhooks to the example
// receiver, then, per ticket, what the model assumes a caller does: three status polls and one
// protocol download. Every DynamoDB, S3 and SQS call of the functions is counted by wrapping the
// SDK clients' `send`: DynamoDB's write and read units as the stand-in
// reports them for the table, plus the writes of each global secondary index the template declares,
// worked out from the item before and after (an index item put, removed or changed is one write per
// KB, a moved key two); S3's PUTs with their bytes; SQS's sends. Receives and deletes of the queues'
// pollers run on another thread and are taken as one each per message (an upper bound: Lambda
// receives and deletes in batches). Log bytes are every line the functions write at INFO, plus
// Lambda's own START/END/REPORT lines and one API access log line per request.
//
// After the run, the sweep's later work on the same tickets, under its own function as the schedule
// runs it: once their submissions' retention has passed, and once their notes are old enough to be
// checked for bodies without a ticket.
//
// Durations are as on AWS, not as here: each call a function makes costs one network round trip
// within the region (`roundTripMs`, stated below), and its CPU, measured on this machine's main
// thread, is stretched by the share of a vCPU its memory buys (Lambda gives 1,769 MB one vCPU).
//
// Prices: eu-central-1, on-demand list prices at the time of writing (check before relying on them).

import { DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAs, runningFunction } from '#local/function-scope.ts';
import { retentionConfig, tableName } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { metricNames } from '#shared/metric-names.ts';
import { tables, type FunctionName, type TableName } from '#shared/manifest.ts';
import { orphanGraceSeconds } from '#shared/retention/sweep.ts';
import { sweepExpiredSubmissions } from '#shared/wiring/scheduled-jobs.ts';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { synth } from '#test/infra/stage-template.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { figure, type Row } from './stats.ts';
import { threadCpu } from './thread-cpu.ts';

const section = 'cost';
const submissions = Number(process.env.BENCH_COST_SUBMISSIONS ?? 20);
const million = 1_000_000;

export const prices = {
  httpApiRequest: 1.2 / million,
  // What the API behind the edge limits is instead (infra/constructs/edge-api.ts).
  restApiRequest: 4.25 / million,
  lambdaInvocation: 0.2 / million,
  lambdaGbSecond: { arm64: 0.0000133334, x86_64: 0.0000166667 },
  writeUnit: 0.7625 / million,
  readUnit: 0.1525 / million,
  s3Put: 0.0054 / 1000,
  s3Get: 0.00043 / 1000,
  sqsRequest: 0.4 / million,
  logGbIngested: 0.63,
  kmsRequest: 0.03 / 10_000,
  // a month
  dashboard: 3,
  kmsKey: 1,
  secret: 0.4,
  customMetric: 0.3,
  s3GbMonth: 0.0245,
  dynamoGbMonth: 0.306,
  pitrGbMonth: 0.2448,
  wafAcl: 5,
  wafRule: 1,
  wafRequest: 0.6 / million,
  /** Data transfer out to the internet, the first 10 TB a month. */
  egressGb: 0.09,
  /** AWS Backup's warm storage of DynamoDB tables, the same in the backup account's vault. */
  backupGbMonth: 0.1142,
  /** A month's standard-resolution alarm, per metric it watches (a metric math alarm pays for each). */
  alarmMetric: 0.1,
};

/** Lambda's own lines per invocation (START, END, REPORT), about this many bytes. */
const lambdaLinesBytes = 330;
/** One line of the API access log (infra/stack.ts, accessLogFormat), filled in, about this many bytes. */
const accessLogLineBytes = 330;
/**
 * One network round trip within the region, in ms, per call: what a function waits for each call on
 * AWS, where the local stand-ins answer on loopback. Stated, not measured here; the webhook's post
 * goes to the caller's own server, outside AWS.
 */
export const roundTripMs = { dynamodb: 6, s3Put: 30, s3Get: 15, s3Delete: 15, sqs: 10, webhookPost: 80 };
/** ERiC's send to ELSTER, as the model assumes it (BENCHMARKS.md, the ERiC peak day). */
const ericSendSeconds = 1.5;
/** Lambda gives a function one vCPU at 1,769 MB and a share of one below. */
const vcpuMb = 1769;
/** What a caller of the model does per submission: the submission, three status polls, one protocol download. */
const requestsPerSubmission = { submit: 1, status: 3, protocol: 1 } as const;
const apiRequests = requestsPerSubmission.submit + requestsPerSubmission.status + requestsPerSubmission.protocol;

interface Counted {
  calls: Map<string, number>;
  /** Round trips each function waited for, in ms, by the function making the calls. */
  waitedMs: Map<string, number>;
  writeUnits: number;
  indexWriteUnits: number;
  readUnits: number;
  putBytes: number;
  sqsSends: number;
}

export async function costModel(): Promise<Row[]> {
  const template = stageTemplate({ stage: 'prod' });
  const fixed = fixedPerMonth(template);
  const measured = await measureRun(template);
  const withCopies = stageTemplate({ stage: 'prod', account: '111111111111', backupAccount: '222222222222', region: 'eu-central-1' });
  const edge = stageTemplate({
    stage: 'prod',
    region: 'eu-central-1',
    edgeLimitPerMinute: '300',
    domainName: 'api.example.com',
    certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
  });
  removeStageApps();

  const row = (name: string, unit: string, value: number): Row => ({ section, name, unit, value: figure([value]) });
  const per = (count: number) => (count / submissions) * million;
  const fn = (name: string) => functionOf(template, name);
  const gbSeconds = (name: string, seconds: number) => seconds * (fn(name).memoryMb / 1024) * prices.lambdaGbSecond[fn(name).architecture];
  /** A function's billed seconds per submission: its round trips, and its CPU at its share of a vCPU. */
  const billed = (name: FunctionName, cpuMs: number) =>
    ((measured.counted.waitedMs.get(name) ?? 0) / submissions + cpuMs * Math.max(1, vcpuMb / fn(name).memoryMb)) / 1000;
  const { cpu } = measured;
  const compute = {
    submit: gbSeconds('submitUstva', billed('submitUstva', cpu.submit)),
    status: gbSeconds('getStatus', billed('getStatus', cpu.status * requestsPerSubmission.status)),
    protocol: gbSeconds('getProtocol', billed('getProtocol', cpu.protocol)),
    // The post to the caller's server, and CPU as a status request's: the webhook's own runs beside transmit here.
    webhook: gbSeconds('deliverWebhook', billed('deliverWebhook', cpu.status) + roundTripMs.webhookPost / 1000),
    sweep: gbSeconds('sweep', billed('sweep', cpu.sweep)),
    transmit: gbSeconds('transmit', billed('transmit', cpu.transmit)),
    eric: gbSeconds('transmit', ericSendSeconds),
  };
  const writeUnits = measured.counted.writeUnits + measured.counted.indexWriteUnits;
  const egressBytes = measured.responseBytes / submissions + measured.webhookBytes / submissions;
  const items = {
    [`API Gateway (${apiRequests} requests: submit, ${requestsPerSubmission.status} polls, 1 protocol)`]: apiRequests * million * prices.httpApiRequest,
    'Lambda invocations (counted)': per(measured.invocations) * prices.lambdaInvocation,
    [`Lambda compute, API functions (submit ${ms(billed('submitUstva', cpu.submit))}, status ${ms(billed('getStatus', cpu.status * 3) / 3)}, protocol ${ms(billed('getProtocol', cpu.protocol))} billed)`]:
      million * (compute.submit + compute.status + compute.protocol),
    [`Lambda compute, webhook (${ms(billed('deliverWebhook', cpu.status) + roundTripMs.webhookPost / 1000)} billed)`]: million * compute.webhook,
    [`DynamoDB writes: ${(measured.counted.writeUnits / submissions).toFixed(1)} table + ${(measured.counted.indexWriteUnits / submissions).toFixed(1)} index write units`]:
      per(writeUnits) * prices.writeUnit,
    [`DynamoDB reads: ${(measured.counted.readUnits / submissions).toFixed(1)} read units`]: per(measured.counted.readUnits) * prices.readUnit,
    [`S3 PUT: ${((measured.counted.calls.get('S3 PutObject') ?? 0) / submissions).toFixed(1)}`]:
      per(measured.counted.calls.get('S3 PutObject') ?? 0) * prices.s3Put,
    [`S3 GET: ${((measured.counted.calls.get('S3 GetObject') ?? 0) / submissions).toFixed(1)}`]:
      per(measured.counted.calls.get('S3 GetObject') ?? 0) * prices.s3Get,
    [`SQS: ${(measured.sqsRequests / submissions).toFixed(1)} requests`]: per(measured.sqsRequests) * prices.sqsRequest,
    [`CloudWatch Logs: ${(measured.logBytes / submissions / 1024).toFixed(1)} KB`]: (per(measured.logBytes) / 1024 ** 3) * prices.logGbIngested,
    [`data out: ${(egressBytes / 1024).toFixed(1)} KB (answers, the protocol's download and its webhook)`]:
      ((egressBytes * million) / 1024 ** 3) * prices.egressGb,
    [`the sweep's later work (${ms(billed('sweep', cpu.sweep))} billed)`]: million * compute.sweep,
  };
  const base = Object.values(items).reduce((sum, value) => sum + value, 0);
  const transmitSandbox = million * compute.transmit;
  const transmitEric = million * (compute.transmit + compute.eric);
  const rows = Object.entries(items).map(([name, value]) => row(`per million submissions: ${name}`, '$', value));
  // Behind the edge limits every API request is a REST API request in place of an HTTP API one, and one of WAF's.
  const edgePerSubmission = apiRequests * (prices.restApiRequest - prices.httpApiRequest + prices.wafRequest);
  // With backupAccount every object under protocols/ is replicated: one more PUT there, and stored again.
  const replicated = measured.counted.calls.get('S3 PutObject protocols/') ?? 0;
  rows.push(
    row(`per million submissions: Lambda compute, transmit, sandbox (${ms(billed('transmit', cpu.transmit))} billed)`, '$', transmitSandbox),
    row(`per million submissions: Lambda compute, transmit, ERiC (${ericSendSeconds} s a send and the rest)`, '$', transmitEric),
    row('per million submissions: total, sandbox', '$', base + transmitSandbox),
    row(`per million submissions: total, ERiC at ${ericSendSeconds} s a send`, '$', base + transmitEric),
    row(`per million submissions, behind the edge limits: ${apiRequests} REST API in place of HTTP API requests, and WAF's`, '$', million * edgePerSubmission),
    row(`per million submissions, with backupAccount: ${(replicated / submissions).toFixed(1)} replicated PUTs`, '$', per(replicated) * prices.s3Put),
    // shared/certificates/signer.ts: a stored PIN is unsealed with the container at transmit (2 Decrypt);
    // a per-submission PIN also opens the container at submit to check it and seals the PIN (1 Decrypt, 1 GenerateDataKey).
    row('per million certificate-signed submissions, KMS: stored PIN (2 calls)', '$', 2 * million * prices.kmsRequest),
    row('per million certificate-signed submissions, KMS: per-submission PIN (4 calls)', '$', 4 * million * prices.kmsRequest),
  );
  for (const [name, value] of Object.entries(levers(measured, template, compute.eric))) rows.push(row(`lever: ${name}`, '$', value));
  const stored = storagePerMonth(measured.sizes, template);
  for (const [name, value] of Object.entries(stored)) rows.push(row(`per million stored tickets a month: ${name}`, '$', value));
  const copied = storagePerMonth(measured.sizes, withCopies);
  for (const [name, value] of Object.entries(copied)) {
    if (!(name in stored)) rows.push(row(`per million stored tickets a month, with backupAccount: ${name}`, '$', value));
  }
  for (const [name, value] of Object.entries(fixed)) rows.push(row(`fixed per stage a month: ${name}`, '$', value));
  const fixedEdge = fixedPerMonth(edge);
  rows.push(row('fixed per stage a month, with edge limits: WAF web ACL and rules', '$', fixedEdge['WAF web ACL and rules'] ?? 0));
  return rows;
}

/** Projections narrower than ALL an index of the tickets table could have: its readers would then read each ticket from the table. */
const narrowerProjections: Record<string, string[]> = { 'only its keys': [], 'its keys and status': ['status'] };

const ms = (seconds: number) => `${Math.ceil(seconds * 1000)} ms`;

/**
 * What each lever the model can measure would save per million submissions, from the same run: the
 * index writes of the same items under a narrower projection, the budget's write per request, and
 * transmit's memory were ERiC content with less. None of these is a changed assumption: each is
 * the run's own calls priced again.
 */
function levers(measured: Measured, resources: Resources, ericCompute: number): Record<string, number> {
  const perSubmission = (units: number) => (units / submissions) * million * prices.writeUnit;
  const result: Record<string, number> = {};
  for (const [name, narrower] of Object.entries(measured.narrowerIndexUnits)) {
    const [index, variant] = [name.slice(0, name.indexOf(' ')), name.slice(name.indexOf(' ') + 1)];
    const saved = measured.indexUnitsByIndex[index]! - narrower;
    if (saved > 0) result[`tickets' index ${index} holding ${variant} (saves)`] = perSubmission(saved);
  }
  result[`the per-client budget's write on each of the ${apiRequests} API requests (costs)`] = perSubmission(measured.budgetWriteUnits);
  const transmit = functionOf(resources, 'transmit');
  for (const memoryMb of [512, 256]) {
    result[`transmit at ${memoryMb} MB instead of ${transmit.memoryMb} MB, were ERiC content with it (saves, ERiC's send alone)`] =
      million * ericCompute * (1 - memoryMb / transmit.memoryMb);
  }
  return result;
}

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

/** The resources of a stage's stacks, its nested stacks' among them. */
function stageTemplate(context: Record<string, string>): Resources {
  return synth(context, { bundle: false }).resources;
}

const ofType = (resources: Resources, type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

function functionOf(resources: Resources, name: string): { memoryMb: number; architecture: 'arm64' | 'x86_64' } {
  const found = ofType(resources, 'AWS::Lambda::Function').find(([id]) => id.startsWith(name) && !id.slice(name.length, name.length + 1).match(/[a-z]/));
  if (!found) throw new Error(`bench: no function ${name} in the template`);
  return { memoryMb: found[1].Properties.MemorySize ?? 128, architecture: found[1].Properties.Architectures?.[0] ?? 'x86_64' };
}

/** What a stage costs a month before any traffic, each item counted in the template. */
function fixedPerMonth(resources: Resources): Record<string, number> {
  const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').length;
  const dashboards = ofType(resources, 'AWS::CloudWatch::Dashboard').length;
  const keys = ofType(resources, 'AWS::KMS::Key').length;
  // Secrets the stage reads are made outside the stack; a function's variable names each one.
  const secretVariables = new Set(
    ofType(resources, 'AWS::Lambda::Function').flatMap(([, fn]) =>
      Object.entries(fn.Properties.Environment?.Variables ?? {})
        .filter(([name]) => /SECRET_(ID|ARN)$/.test(name))
        .map(([, value]) => JSON.stringify(value)),
    ),
  );
  // Every metric an alarm watches, a metric math alarm's each: alarms are priced per metric.
  const watched = ofType(resources, 'AWS::CloudWatch::Alarm').flatMap(([, { Properties: alarm }]) =>
    alarm.MetricName
      ? [{ Namespace: alarm.Namespace, MetricName: alarm.MetricName, Dimensions: alarm.Dimensions ?? [] }]
      : (alarm.Metrics ?? []).filter((metric: any) => metric.MetricStat).map((metric: any) => metric.MetricStat.Metric),
  );
  const custom = (metric: { Namespace?: string }) => metric.Namespace !== undefined && !String(metric.Namespace).startsWith('AWS/');
  const watchedCustom = new Set(watched.filter(custom).map((metric) => JSON.stringify([metric.MetricName, metric.Dimensions ?? []])));
  // What the code publishes that no alarm watches is a custom metric too, once per name with the service's dimensions (a lower bound: TicketsFailed_{code} counts once per code met).
  const watchedNames = new Set(watched.filter(custom).map((metric) => metric.MetricName as string));
  const unwatched = Object.values(metricNames).filter((name) => !watchedNames.has(name));
  const customMetrics = watchedCustom.size + unwatched.length;
  // The rules that match events (a production stage's records, infra/constructs/records.ts) run nothing on a clock.
  const schedules = ofType(resources, 'AWS::Events::Rule')
    .filter(([, rule]) => rule.Properties.ScheduleExpression)
    .map(([, rule]) => String(rule.Properties.ScheduleExpression));
  const runsPerMonth = schedules.reduce((sum, expression) => sum + (30 * 24 * 60) / rateMinutes(expression), 0);
  const acls = ofType(resources, 'AWS::WAFv2::WebACL');
  const rules = acls.reduce((sum, [, acl]) => sum + (acl.Properties.Rules?.length ?? 0), 0);
  return {
    [`${alarms} alarms watching ${watched.length} metrics`]: watched.length * prices.alarmMetric,
    [`${dashboards} dashboard(s)`]: dashboards * prices.dashboard,
    [`${keys} KMS keys`]: keys * prices.kmsKey,
    [`${secretVariables.size} secret(s) read (with webhooks or ERiC: one each)`]: secretVariables.size * prices.secret,
    [`${customMetrics} custom metrics: ${watchedCustom.size} the alarms watch, ${unwatched.length} published unwatched`]: customMetrics * prices.customMetric,
    // A scheduled run that finds nothing: one invocation and 100 ms at its memory, and no more.
    [`${Math.round(runsPerMonth)} scheduled runs`]: runsPerMonth * (prices.lambdaInvocation + 0.1 * 0.25 * prices.lambdaGbSecond.arm64),
    ...(acls.length && { 'WAF web ACL and rules': acls.length * prices.wafAcl + rules * prices.wafRule }),
  };
}

const minutesPer: Record<string, number> = { minute: 1, hour: 60, day: 24 * 60 };

/** The minutes between runs of an EventBridge rate expression: `rate(5 minutes)`, `rate(1 day)`. */
function rateMinutes(expression: string): number {
  const [, count, unit] = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression) ?? [];
  if (!count || !unit) throw new Error(`bench: no rate in the schedule ${expression}`);
  return Number(count) * minutesPer[unit]!;
}

interface Sizes {
  ticketItemBytes: number;
  indexItemBytes: number;
  /** Objects kept after the submission's retention: protocol and transmitted Nutzdaten, by folder. */
  keptObjectBytes: Record<string, number>;
}

/**
 * Full copies of a table AWS Backup keeps at any time, in the stage's vault and in the backup
 * account's: each rule's retention over how often it runs (a daily or a monthly cron).
 */
function backupCopies(resources: Resources): { tables: string[]; here: number; there: number } {
  const rules = ofType(resources, 'AWS::Backup::BackupPlan').flatMap(([, plan]) => plan.Properties.BackupPlan.BackupPlanRule as any[]);
  const everyDays = (cron: string) => (/^cron\(\S+ \S+ \* \* \? \*\)$/.test(cron) ? 1 : /^cron\(\S+ \S+ \d+ \* \? \*\)$/.test(cron) ? 30 : Number.NaN);
  const kept = (days: number, cron: string) => Math.ceil(days / everyDays(cron));
  const here = rules.reduce((sum, rule) => sum + kept(rule.Lifecycle.DeleteAfterDays, rule.ScheduleExpression), 0);
  const there = rules.reduce(
    (sum, rule) =>
      sum + (rule.CopyActions ?? []).reduce((copies: number, copy: any) => copies + kept(copy.Lifecycle.DeleteAfterDays, rule.ScheduleExpression), 0),
    0,
  );
  if (Number.isNaN(here + there)) throw new Error('bench: a backup rule runs neither daily nor monthly');
  const selected = JSON.stringify(ofType(resources, 'AWS::Backup::BackupSelection').map(([, selection]) => selection.Properties));
  const tablesBackedUp = ofType(resources, 'AWS::DynamoDB::Table')
    .map(([id]) => id)
    .filter((id) => selected.includes(`"${id}"`));
  return { tables: tablesBackedUp, here, there };
}

function storagePerMonth(sizes: Sizes, resources: Resources): Record<string, number> {
  const gb = (bytes: number) => (bytes * million) / 1024 ** 3;
  const kept = Object.values(sizes.keptObjectBytes).reduce((sum, bytes) => sum + bytes, 0);
  const pitr = ofType(resources, 'AWS::DynamoDB::Table').some(([, table]) => table.Properties.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled);
  const tableBytes = sizes.ticketItemBytes + sizes.indexItemBytes;
  const backups = backupCopies(resources);
  // A backup copies the table's items; its indexes are built again on a restore.
  const ticketsBackedUp = backups.tables.some((id) => id.startsWith('ticketsTable'));
  const replicated = JSON.stringify(ofType(resources, 'AWS::S3::Bucket').map(([, bucket]) => bucket.Properties.ReplicationConfiguration ?? null)).includes(
    '"protocols/"',
  );
  return {
    ...(ticketsBackedUp && {
      [`AWS Backup: ${backups.here} full copies of the tickets kept at a time`]: gb(sizes.ticketItemBytes) * backups.here * prices.backupGbMonth,
    }),
    ...(ticketsBackedUp &&
      backups.there > 0 && {
        [`AWS Backup: ${backups.there} copies of those in the backup account`]: gb(sizes.ticketItemBytes) * backups.there * prices.backupGbMonth,
      }),
    ...(replicated && { 'S3: protocols/ replicated to the backup account': gb(sizes.keptObjectBytes.protocols ?? 0) * prices.s3GbMonth }),
    [`DynamoDB: ticket ${sizes.ticketItemBytes} B + its index items ${sizes.indexItemBytes} B`]: gb(tableBytes) * prices.dynamoGbMonth,
    ...(pitr && { 'DynamoDB point-in-time recovery of the table': gb(sizes.ticketItemBytes) * prices.pitrGbMonth }),
    [`S3: ${Object.entries(sizes.keptObjectBytes)
      .map(([folder, bytes]) => `${folder} ${Math.round(bytes)} B`)
      .join(', ')}`]: gb(kept) * prices.s3GbMonth,
  };
}

/** DynamoDB's size of an item: names and values, as its pricing counts them. */
function itemBytes(item: Record<string, AttributeValue> | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value), 0);
}
function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.replace(/^-|\.|e.*$/gi, '').length / 2) + 1;
  if (value.B !== undefined) return value.B.length;
  if (value.M !== undefined) return 3 + itemBytes(value.M);
  if (value.L !== undefined) return 3 + value.L.reduce((sum, each) => sum + 1 + valueBytes(each), 0);
  return 1;
}

interface IndexDefinition {
  keys: string[];
  projected: string[] | 'ALL';
}

/** The global secondary indexes each table has in the template, by the manifest's table name. */
function indexesByTable(resources: Resources): Map<TableName, IndexDefinition[]> {
  const found = new Map<TableName, IndexDefinition[]>();
  for (const name of Object.keys(tables) as TableName[]) {
    const table = ofType(resources, 'AWS::DynamoDB::Table').find(([id]) => id.startsWith(`${name}Table`));
    const indexes = (table?.[1].Properties.GlobalSecondaryIndexes ?? []).map((index: any) => ({
      keys: index.KeySchema.map((key: { AttributeName: string }) => key.AttributeName),
      projected: index.Projection.ProjectionType === 'ALL' ? 'ALL' : (index.Projection.NonKeyAttributes ?? []),
    }));
    found.set(name, indexes);
  }
  return found;
}

/** The item an index holds for a table item, or none when the item lacks the index's keys. */
function indexItem(item: Record<string, AttributeValue> | undefined, index: IndexDefinition, tableKeys: string[]) {
  if (!item || index.keys.some((key) => item[key] === undefined)) return undefined;
  if (index.projected === 'ALL') return item;
  const names = new Set([...index.keys, ...tableKeys, ...index.projected]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.has(name)));
}

/** Write units an index spends on one table write, from the item before and after it. */
function indexWriteUnits(
  before: Record<string, AttributeValue> | undefined,
  after: Record<string, AttributeValue> | undefined,
  index: IndexDefinition,
  tableKeys: string[],
) {
  const old = indexItem(before, index, tableKeys);
  const now = indexItem(after, index, tableKeys);
  const units = (item: Record<string, AttributeValue>) => Math.ceil((itemBytes(item) + 100) / 1024);
  if (!old && !now) return 0;
  if (!old) return units(now!);
  if (!now) return units(old);
  if (JSON.stringify(old) === JSON.stringify(now)) return 0;
  const moved = index.keys.some((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]));
  return moved ? units(old) + units(now) : Math.max(units(old), units(now));
}

type Send = (command: any, ...rest: unknown[]) => Promise<any>;

async function measureRun(resources: Resources) {
  const dir = await mkdtemp(join(tmpdir(), 'steuerbote-cost-'));
  // With the per-client budget on, as a stage runs: each API request counts one write.
  const runtime = await startQuietRuntime(dir, { env: { HOOK_ENABLED: 'true', POWERTOOLS_LOG_LEVEL: 'INFO', RATE_LIMIT_PER_MINUTE: '100000' } });
  logger.setLogLevel('INFO');
  const counted: Counted = { calls: new Map(), waitedMs: new Map(), writeUnits: 0, indexWriteUnits: 0, readUnits: 0, putBytes: 0, sqsSends: 0 };
  // By index of the tickets table (its keys): the units spent, and what the same writes would spend under each narrower projection.
  const indexUnitsByIndex: Record<string, number> = {};
  const narrowerIndexUnits: Record<string, number> = {};
  let budgetWriteUnits = 0;
  const note = (name: string, count = 1) => counted.calls.set(name, (counted.calls.get(name) ?? 0) + count);
  const indexes = indexesByTable(resources);
  const byLocalName = new Map((Object.keys(tables) as TableName[]).map((name) => [tableName(name), name]));
  const reader = new DynamoDBClient({});
  // Bound before `send` is counted below: the model's own reads are not the service's.
  const read = DynamoDBClient.prototype.send.bind(reader) as Send;
  const keyOf = (name: TableName, input: any) => {
    const spec = tables[name] as { partitionKey: string; sortKey?: string };
    const source = input.Key ?? input.Item;
    return Object.fromEntries([spec.partitionKey, spec.sortKey].filter((key): key is string => !!key).map((key) => [key, source[key]]));
  };
  const current = async (localName: string, key: Record<string, AttributeValue>) =>
    ((await read(new GetItemCommand({ TableName: localName, Key: key, ConsistentRead: true }))) as { Item?: Record<string, AttributeValue> }).Item;
  let sizes: Sizes = { ticketItemBytes: 0, indexItemBytes: 0, keptObjectBytes: {} };
  let responseBytes = 0;
  let webhookBytes: number | undefined;
  const cpu = { submit: 0, transmit: 0, status: 0, protocol: 0, sweep: 0 };

  // Each function builds its own clients (local/function-scope.ts), so every client's `send` is counted.
  const restores: (() => void)[] = [];
  const instrument = (client: { prototype: { send: Send } }, count: (command: string, input: any, send: () => Promise<any>) => Promise<any>) => {
    const send = client.prototype.send;
    client.prototype.send = function (this: unknown, command: { constructor: { name: string }; input: any }, ...rest: unknown[]) {
      return count(command.constructor.name.replace(/Command$/, ''), command.input, () => send.call(this, command, ...rest));
    } as Send;
    restores.push(() => (client.prototype.send = send));
  };
  const wait = (service: keyof typeof roundTripMs) => {
    const name = runningFunction() ?? 'gateway';
    counted.waitedMs.set(name, (counted.waitedMs.get(name) ?? 0) + roundTripMs[service]);
  };
  instrument(DynamoDBClient as never, async (command, input, send) => {
    note(`DynamoDB ${command}`);
    wait('dynamodb');
    const name = byLocalName.get(input.TableName);
    const writes = ['PutItem', 'UpdateItem', 'DeleteItem'].includes(command);
    const indexed = writes && name !== undefined && (indexes.get(name)?.length ?? 0) > 0;
    const before = indexed ? await current(input.TableName, keyOf(name, input)) : undefined;
    input.ReturnConsumedCapacity = 'TOTAL';
    try {
      const output = await send();
      const units = output.ConsumedCapacity?.CapacityUnits ?? 0;
      if (writes) counted.writeUnits += units;
      else counted.readUnits += units;
      if (indexed) {
        const after = await current(input.TableName, keyOf(name, input));
        const spec = tables[name] as { partitionKey: string; sortKey?: string };
        const tableKeys = [spec.partitionKey, spec.sortKey].filter((key): key is string => !!key);
        for (const index of indexes.get(name)!) {
          const units = indexWriteUnits(before, after, index, tableKeys);
          counted.indexWriteUnits += units;
          if (name !== 'tickets') continue;
          const id = index.keys.join('+');
          indexUnitsByIndex[id] = (indexUnitsByIndex[id] ?? 0) + units;
          for (const [variant, projected] of Object.entries(narrowerProjections)) {
            const narrower = `${id} ${variant}`;
            narrowerIndexUnits[narrower] = (narrowerIndexUnits[narrower] ?? 0) + indexWriteUnits(before, after, { keys: index.keys, projected }, tableKeys);
          }
        }
      }
      if (name === 'rateLimits') budgetWriteUnits += units;
      return output;
    } catch (error) {
      // A refused conditional write still costs a write unit.
      if (writes) counted.writeUnits += 1;
      throw error;
    }
  });
  instrument(S3Client as never, async (command, input, send) => {
    // The example receiver's files stand for the caller's own server.
    if (String(input.Key ?? '').startsWith('receiver/')) return send();
    note(`S3 ${command}`);
    wait(command === 'PutObject' ? 's3Put' : command === 'DeleteObject' ? 's3Delete' : 's3Get');
    if (command === 'PutObject') {
      note(`S3 PutObject ${String(input.Key).split('/')[0]}/`);
      const bytes = typeof input.Body === 'string' ? Buffer.byteLength(input.Body) : (input.Body?.length ?? 0);
      counted.putBytes += bytes;
      const folder = String(input.Key).split('/')[0]!;
      if (folder !== 'submissions') sizes.keptObjectBytes[folder] = (sizes.keptObjectBytes[folder] ?? 0) + bytes / submissions;
    }
    return send();
  });
  instrument(SQSClient as never, async (command, _input, send) => {
    note(`SQS ${command}`);
    wait('sqs');
    counted.sqsSends += 1;
    return send();
  });

  let logBytes = 0;
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: any[]) => {
    logBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  const silence = process.stdout.write;
  try {
    const headers = { authorization: `Bearer ${runtime.apiKey}`, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${runtime.apiUrl}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
      const answer = await response.arrayBuffer();
      responseBytes += answer.byteLength;
      return { status: response.status, body: answer };
    };
    // Main-thread CPU of a phase, per submission: the gateway's and the functions' work (the stand-ins run on a thread of their own).
    const cpuOf = async (work: () => Promise<void>) => {
      const before = threadCpu()?.mainMs ?? 0;
      await work();
      return ((threadCpu()?.mainMs ?? 0) - before) / submissions;
    };
    const tickets: string[] = [];
    // An upper bound for submit: transmit and the webhook start on the first tickets meanwhile.
    cpu.submit = await cpuOf(async () => {
      for (let i = 0; i < submissions; i++) {
        const { body } = await call('POST', '/v2/ustva', ustvaSample());
        tickets.push(JSON.parse(Buffer.from(body).toString()).data.ticket);
      }
    });
    // Waiting reads the table directly, uncounted; then each ticket gets what the model's caller does.
    // What is left of transmit's and the webhook's work once the submissions are in: a lower bound for transmit.
    cpu.transmit = await cpuOf(async () => {
      for (const ticket of tickets) {
        await waitFor(async () => (await current(tableName('tickets'), { ticket: { S: ticket } }))?.webhook?.M?.status?.S === 'delivered');
      }
    });
    cpu.status =
      (await cpuOf(async () => {
        for (const ticket of tickets) for (let poll = 0; poll < requestsPerSubmission.status; poll++) await call('GET', `/v2/status/${ticket}`);
      })) / requestsPerSubmission.status;
    const beforeDownloads = responseBytes;
    cpu.protocol = await cpuOf(async () => {
      for (const ticket of tickets) {
        const { status } = await call('GET', `/v2/protocol/${ticket}`);
        if (status !== 200) throw new Error(`bench: the protocol of ${ticket} answered ${status}`);
      }
    });
    // The webhook carries the protocol base64-encoded in its JSON body (shared/webhooks/deliver.ts).
    webhookBytes = ((responseBytes - beforeDownloads) * 4) / 3;
    // The sweep's later work on these tickets, as its schedule runs it: once their submissions'
    // retention has passed, and once their notes are old enough to be checked for bodies without a ticket.
    const created = Date.now();
    cpu.sweep = await cpuOf(async () => {
      for (const at of [created + (orphanGraceSeconds + 60) * 1000, created + (retentionConfig().submissionRetentionSeconds + 3600) * 1000]) {
        await runAs('sweep', () => sweepExpiredSubmissions({ now: () => new Date(at) }));
      }
    });
    const swept = await current(tableName('tickets'), { ticket: { S: tickets[0]! } });
    if (swept?.unswept_shard) throw new Error('bench: the sweep left the first ticket unswept');
    const item = await current(tableName('tickets'), { ticket: { S: tickets[0]! } });
    const tableKeys = [tables.tickets.partitionKey];
    sizes = {
      ...sizes,
      ticketItemBytes: itemBytes(item) + 100,
      indexItemBytes: indexes
        .get('tickets')!
        .reduce((sum, index) => sum + (indexItem(item, index, tableKeys) ? itemBytes(indexItem(item, index, tableKeys)) + 100 : 0), 0),
    };
  } finally {
    if (process.stdout.write === silence) process.stdout.write = write;
    for (const restore of restores) restore();
    await runtime.stop();
    await rm(dir, { recursive: true, force: true });
  }
  // One invocation per API request and per queue message: transmit and webhook, one each per submission here.
  const invocations = submissions * apiRequests + submissions * 2;
  const sqsRequests = counted.sqsSends + 2 * 2 * submissions;
  return {
    counted,
    invocations,
    sqsRequests,
    logBytes: logBytes + (invocations * lambdaLinesBytes + submissions * apiRequests * accessLogLineBytes),
    sizes,
    cpu,
    responseBytes,
    webhookBytes: webhookBytes ?? 0,
    budgetWriteUnits,
    indexUnitsByIndex,
    narrowerIndexUnits,
  };
}

type Measured = Awaited<ReturnType<typeof measureRun>>;

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('bench: a ticket did not finish within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
