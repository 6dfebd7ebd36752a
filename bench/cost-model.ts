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
// Prices: eu-central-1, on-demand list prices at the time of writing (check before relying on them).

import { DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableName } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { tables, type TableName } from '#shared/manifest.ts';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { synth } from '#test/infra/stage-template.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { figure, type Row } from './stats.ts';

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
  alarm: 0.1,
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
};

/** Lambda's own lines per invocation (START, END, REPORT), about this many bytes. */
const lambdaLinesBytes = 330;
/** One line of the API access log (infra/stack.ts, accessLogFormat), filled in, about this many bytes. */
const accessLogLineBytes = 330;
/** Billed durations per invocation, as the local runs show them, rounded up for AWS's network. */
const durations = { api: 0.03, transmitSandbox: 0.06, ericSend: 1.5, webhook: 0.08 };

interface Counted {
  calls: Map<string, number>;
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
  removeStageApps();

  const row = (name: string, unit: string, value: number): Row => ({ section, name, unit, value: figure([value]) });
  const per = (count: number) => (count / submissions) * million;
  const fn = (name: string) => functionOf(template, name);
  const apiRequests = 5;
  const invocations = measured.invocations;
  const lambdaCompute = (name: string, seconds: number) => seconds * (fn(name).memoryMb / 1024) * prices.lambdaGbSecond[fn(name).architecture];
  const items = {
    'API Gateway (5 requests: submit, 3 polls, 1 protocol)': apiRequests * million * prices.httpApiRequest,
    'Lambda invocations (counted)': per(invocations.total) * prices.lambdaInvocation,
    'Lambda compute, API functions': apiRequests * million * lambdaCompute('getStatus', durations.api),
    'Lambda compute, webhook': million * lambdaCompute('deliverWebhook', durations.webhook),
    [`DynamoDB writes: ${(measured.counted.writeUnits / submissions).toFixed(1)} table + ${(measured.counted.indexWriteUnits / submissions).toFixed(1)} index write units`]:
      per(measured.counted.writeUnits + measured.counted.indexWriteUnits) * prices.writeUnit,
    [`DynamoDB reads: ${(measured.counted.readUnits / submissions).toFixed(1)} read units`]: per(measured.counted.readUnits) * prices.readUnit,
    [`S3 PUT: ${((measured.counted.calls.get('S3 PutObject') ?? 0) / submissions).toFixed(1)}`]:
      per(measured.counted.calls.get('S3 PutObject') ?? 0) * prices.s3Put,
    [`S3 GET: ${((measured.counted.calls.get('S3 GetObject') ?? 0) / submissions).toFixed(1)}`]:
      per(measured.counted.calls.get('S3 GetObject') ?? 0) * prices.s3Get,
    [`SQS: ${(measured.sqsRequests / submissions).toFixed(1)} requests`]: per(measured.sqsRequests) * prices.sqsRequest,
    [`CloudWatch Logs: ${(measured.logBytes / submissions / 1024).toFixed(1)} KB`]: (per(measured.logBytes) / 1024 ** 3) * prices.logGbIngested,
  };
  const base = Object.values(items).reduce((sum, value) => sum + value, 0);
  const transmitSandbox = million * lambdaCompute('transmit', durations.transmitSandbox);
  const transmitEric = million * lambdaCompute('transmit', durations.ericSend);
  const rows = Object.entries(items).map(([name, value]) => row(`per million submissions: ${name}`, '$', value));
  rows.push(
    row('per million submissions: Lambda compute, transmit, sandbox (60 ms)', '$', transmitSandbox),
    row('per million submissions: Lambda compute, transmit, ERiC (1.5 s a send)', '$', transmitEric),
    row('per million submissions: total, sandbox', '$', base + transmitSandbox),
    row('per million submissions: total, ERiC at 1.5 s a send', '$', base + transmitEric),
    // shared/certificates/signer.ts: a stored PIN is unsealed with the container at transmit (2 Decrypt);
    // a per-submission PIN also opens the container at submit to check it and seals the PIN (1 Decrypt, 1 GenerateDataKey).
    row('per million certificate-signed submissions, KMS: stored PIN (2 calls)', '$', 2 * million * prices.kmsRequest),
    row('per million certificate-signed submissions, KMS: per-submission PIN (4 calls)', '$', 4 * million * prices.kmsRequest),
  );
  const stored = storagePerMonth(measured.sizes, template);
  for (const [name, value] of Object.entries(stored)) rows.push(row(`per million stored tickets a month: ${name}`, '$', value));
  for (const [name, value] of Object.entries(fixed)) rows.push(row(`fixed per stage a month: ${name}`, '$', value));
  const edge = fixedPerMonth(
    stageTemplate({
      stage: 'prod',
      region: 'eu-central-1',
      edgeLimitPerMinute: '300',
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
    }),
  );
  removeStageApps();
  rows.push(row('fixed per stage a month, with edge limits: WAF web ACL and rules', '$', edge['WAF web ACL and rules'] ?? 0));
  rows.push(row('per million API requests with edge limits: WAF', '$', million * prices.wafRequest));
  rows.push(
    row('per million API requests with edge limits: a REST API in place of the HTTP API', '$', million * (prices.restApiRequest - prices.httpApiRequest)),
  );
  return rows;
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
  const customMetrics = new Set(
    ofType(resources, 'AWS::CloudWatch::Alarm')
      .filter(([, alarm]) => alarm.Properties.Namespace && !String(alarm.Properties.Namespace).startsWith('AWS/'))
      .map(([, alarm]) => alarm.Properties.MetricName),
  );
  // The rules that match events (a production stage's records, infra/constructs/records.ts) run nothing on a clock.
  const schedules = ofType(resources, 'AWS::Events::Rule')
    .filter(([, rule]) => rule.Properties.ScheduleExpression)
    .map(([, rule]) => String(rule.Properties.ScheduleExpression));
  const runsPerMonth = schedules.reduce((sum, expression) => sum + (30 * 24 * 60) / rateMinutes(expression), 0);
  const acls = ofType(resources, 'AWS::WAFv2::WebACL');
  const rules = acls.reduce((sum, [, acl]) => sum + (acl.Properties.Rules?.length ?? 0), 0);
  return {
    [`${alarms} alarms`]: alarms * prices.alarm,
    [`${dashboards} dashboard(s)`]: dashboards * prices.dashboard,
    [`${keys} KMS keys`]: keys * prices.kmsKey,
    [`${secretVariables.size} secret(s) read (with webhooks or ERiC: one each)`]: secretVariables.size * prices.secret,
    [`${customMetrics.size} custom metrics the alarms watch (a lower bound: every metric name and dimension set counts)`]:
      customMetrics.size * prices.customMetric,
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

function storagePerMonth(sizes: Sizes, resources: Resources): Record<string, number> {
  const gb = (bytes: number) => (bytes * million) / 1024 ** 3;
  const kept = Object.values(sizes.keptObjectBytes).reduce((sum, bytes) => sum + bytes, 0);
  const pitr = ofType(resources, 'AWS::DynamoDB::Table').some(([, table]) => table.Properties.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled);
  const tableBytes = sizes.ticketItemBytes + sizes.indexItemBytes;
  return {
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
  const counted: Counted = { calls: new Map(), writeUnits: 0, indexWriteUnits: 0, readUnits: 0, putBytes: 0, sqsSends: 0 };
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

  // Each function builds its own clients (infra/local/function-scope.ts), so every client's `send` is counted.
  const restores: (() => void)[] = [];
  const instrument = (client: { prototype: { send: Send } }, count: (command: string, input: any, send: () => Promise<any>) => Promise<any>) => {
    const send = client.prototype.send;
    client.prototype.send = function (this: unknown, command: { constructor: { name: string }; input: any }, ...rest: unknown[]) {
      return count(command.constructor.name.replace(/Command$/, ''), command.input, () => send.call(this, command, ...rest));
    } as Send;
    restores.push(() => (client.prototype.send = send));
  };
  instrument(DynamoDBClient as never, async (command, input, send) => {
    note(`DynamoDB ${command}`);
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
        counted.indexWriteUnits += indexes.get(name)!.reduce((sum, index) => sum + indexWriteUnits(before, after, index, tableKeys), 0);
      }
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
    if (command === 'PutObject') {
      const bytes = typeof input.Body === 'string' ? Buffer.byteLength(input.Body) : (input.Body?.length ?? 0);
      counted.putBytes += bytes;
      const folder = String(input.Key).split('/')[0]!;
      if (folder !== 'submissions') sizes.keptObjectBytes[folder] = (sizes.keptObjectBytes[folder] ?? 0) + bytes / submissions;
    }
    return send();
  });
  instrument(SQSClient as never, async (command, _input, send) => {
    note(`SQS ${command}`);
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
      return { status: response.status, body: await response.arrayBuffer() };
    };
    const tickets: string[] = [];
    for (let i = 0; i < submissions; i++) {
      const { body } = await call('POST', '/v2/ustva', ustvaSample());
      tickets.push(JSON.parse(Buffer.from(body).toString()).data.ticket);
    }
    // Waiting reads the table directly, uncounted; then each ticket gets what the model's caller does.
    for (const ticket of tickets) {
      await waitFor(async () => (await current(tableName('tickets'), { ticket: { S: ticket } }))?.webhook?.M?.status?.S === 'delivered');
    }
    for (const ticket of tickets) {
      for (let poll = 0; poll < 3; poll++) await call('GET', `/v2/status/${ticket}`);
      const { status } = await call('GET', `/v2/protocol/${ticket}`);
      if (status !== 200) throw new Error(`bench: the protocol of ${ticket} answered ${status}`);
    }
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
  // One invocation per API request (the model's 5) and per queue message: transmit and webhook, one each per submission here.
  const invocations = { total: submissions * 5 + submissions * 2 };
  const sqsRequests = counted.sqsSends + 2 * 2 * submissions;
  return { counted, invocations, sqsRequests, logBytes: logBytes + (invocations.total * lambdaLinesBytes + submissions * 5 * accessLogLineBytes), sizes };
}

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('bench: a ticket did not finish within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
