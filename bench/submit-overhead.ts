// What the service adds on top of the storage work a request cannot avoid: `POST /v2/ustva` and
// `GET /v2/status/{ticket}` through the local gateway and the real handlers, against bare node:http
// servers that do only the storage calls, on the very same stand-ins, in the same process.
//
// Baselines, and what they leave out on purpose:
// - submit: the storage work a submission owes, one call after the other in the service's order
//   (note before body before ticket before wake-up), since that order is what makes a crash
//   harmless: the body's note for the sweep (a PutItem: the sweep finds a body left without a ticket
//   by its note, never by listing the bucket), S3 PutObject of the body, a conditional PutItem of
//   the ticket as the service writes it, with the key of the index of owed work (the re-drive reads
//   what is owed there) and of `by_client`, and SQS SendMessage to the transmit queue.
// - status: one consistent GetItem of the ticket.
// Neither authenticates: the service's API key lookup (cached for apiKeyCacheSeconds) and, with a
// budget, its per-client count are the service's overhead, as are its middlewares and logging.
//
// The transmit worker: the runtime's pollers consume the transmit queue in this same process while
// submits run, rendering a PDF and writing to the stand-ins for each ticket. Rather than hide that,
// the baseline writes a ticket of the same shape and sends the same message to the same queue, so
// the worker does the same work for a baseline submit as for a service submit. After each submit run
// the bench waits for the queue to drain, so no run starts with another's backlog.
//
// Runs alternate service and baseline, and swap which goes first every round, so drift (the table
// and bucket grow with every submit) falls on both alike. The load generator runs in a worker thread
// (bench/load.ts), off the event loop of the servers it measures.

import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { shards } from '#shared/adapters/shards.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { runLoad, type LoadOptions } from './load.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { compare, figure, percentile, sortNumbers, type Row } from './stats.ts';
import { threadCpu } from './thread-cpu.ts';

const rounds = 5;
// Per run: `warmup` unrecorded requests, then the recorded ones; at least 100, so a run's p99 is
// not simply its slowest request. Sized so the section takes about 1.5 minutes on 2 cores.
const plan = [
  { concurrency: 1, warmup: 10, submits: 100, reads: 200 },
  { concurrency: 16, warmup: 32, submits: 240, reads: 480 },
] as const;
const goal = { ratio: 1.3 };

type Target = 'service' | 'baseline';

export async function submitOverhead(): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'steuerbote-bench-'));
  const runtime = await startQuietRuntime(dataDir);
  const baseline = await startBaseline();
  try {
    const auth = { authorization: `Bearer ${runtime.apiKey}` };
    const body = JSON.stringify(ustvaSample());
    const submitTo = (target: Target): Omit<LoadOptions, 'concurrency' | 'requests' | 'warmup'> => ({
      url: target === 'service' ? `${runtime.apiUrl}/v2/ustva` : `${baseline.url}/submit`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
      expectStatus: 202,
    });

    const first = await fetch(`${runtime.apiUrl}/v2/ustva`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    if (first.status !== 202) throw new Error(`bench: the first submit answered ${first.status}`);
    const ticket = ((await first.json()) as { data: { ticket: string } }).data.ticket;
    const readFrom = (target: Target): Omit<LoadOptions, 'concurrency' | 'requests' | 'warmup'> => ({
      url: target === 'service' ? `${runtime.apiUrl}/v2/status/${ticket}` : `${baseline.url}/status/${ticket}`,
      method: 'GET',
      headers: auth,
      expectStatus: 200,
    });

    // Once through everything before anything counts: handlers load, clients connect, code gets hot.
    for (const target of ['service', 'baseline'] as const) {
      await runLoad({ ...submitTo(target), concurrency: 16, warmup: 0, requests: 120 });
      await baseline.drained();
      await runLoad({ ...readFrom(target), concurrency: 16, warmup: 0, requests: 240 });
    }

    // "submit 16 service" → each run's p50 and p99
    const results = new Map<string, { p50: number[]; p99: number[] }>();
    // Main-thread CPU per request: the gateway, handlers and SDK clients, or the bare servers, all
    // on this thread (the stand-ins have their own); less swayed by the machine's other load than latency.
    const cpuPerRequest = new Map<string, number[]>();
    const measure = async (key: string, options: LoadOptions) => {
      const before = threadCpu();
      const latencies = await runLoad(options);
      const after = threadCpu();
      if (before && after) cpuPerRequest.set(key, [...(cpuPerRequest.get(key) ?? []), (after.mainMs - before.mainMs) / (options.warmup + options.requests)]);
      record(key, latencies);
    };
    const record = (key: string, latencies: number[]) => {
      const sorted = sortNumbers(latencies);
      const entry = results.get(key) ?? { p50: [], p99: [] };
      entry.p50.push(percentile(sorted, 50));
      entry.p99.push(percentile(sorted, 99));
      results.set(key, entry);
    };
    for (let round = 0; round < rounds; round++) {
      const order: Target[] = round % 2 === 0 ? ['service', 'baseline'] : ['baseline', 'service'];
      for (const { concurrency, warmup, submits, reads } of plan) {
        for (const target of order) {
          await measure(`submit ${concurrency} ${target}`, { ...submitTo(target), concurrency, warmup, requests: submits });
          await baseline.drained();
        }
        for (const target of order) {
          await measure(`status ${concurrency} ${target}`, { ...readFrom(target), concurrency, warmup, requests: reads });
        }
      }
    }

    const rows: Row[] = [];
    for (const [kind, label] of [
      ['submit', 'POST /v2/ustva'],
      ['status', 'GET /v2/status'],
    ] as const) {
      for (const { concurrency } of plan) {
        const service = results.get(`${kind} ${concurrency} service`)!;
        const bare = results.get(`${kind} ${concurrency} baseline`)!;
        for (const p of ['p50', 'p99'] as const) {
          rows.push(
            compare(
              {
                section: 'submit',
                name: `${label} ${p} @${concurrency}`,
                unit: 'ms',
                value: figure(service[p]),
                baseline: figure(bare[p]),
                goal: `ratio <= ${goal.ratio}`,
              },
              goal,
            ),
          );
        }
      }
      const service = cpuPerRequest.get(`${kind} 16 service`);
      const bare = cpuPerRequest.get(`${kind} 16 baseline`);
      if (service && bare) {
        rows.push(compare({ section: 'submit', name: `${label} main-thread CPU per request @16`, unit: 'ms', value: figure(service), baseline: figure(bare) }));
      }
    }
    return rows;
  } finally {
    await baseline.close();
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface Baseline {
  url: string;
  /** Resolves once the transmit queue holds nothing, visible or in flight. */
  drained(): Promise<void>;
  close(): Promise<void>;
}

/** The bare servers: only the storage calls, configured as shared/adapters/*-client.ts do. */
async function startBaseline(): Promise<Baseline> {
  const table = process.env.TICKETS_TABLE!;
  const notes = process.env.STORED_BODIES_TABLE!;
  const bucket = process.env.BUCKET!;
  const queueUrl = process.env.TRANSMIT_QUEUE_URL!;
  const dynamo = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });

  async function submit(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const body = JSON.parse(raw.toString('utf8')) as { test: boolean; year: number; period: string; tax_number: string };
    const ticket = `tk_${randomBytes(16).toString('base64url')}`;
    const now = new Date().toISOString();
    const shard = { S: String(randomInt(shards)) };
    await dynamo.send(
      new PutItemCommand({
        TableName: notes,
        Item: { shard, noted: { S: `${now}#${ticket}` }, ticket: { S: ticket }, expires_at: { N: String(Math.floor(Date.now() / 1000) + 86_400) } },
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `submissions/${ticket}.json`, Body: raw, ContentType: 'application/json' }));
    // The same item the service writes, so the transmit worker does the same work for it.
    await dynamo.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          ticket: { S: ticket },
          client_id: { S: 'dev' },
          kind: { S: 'ustva' },
          status: { S: 'queued' },
          test: { BOOL: body.test },
          year: { N: String(body.year) },
          period: { S: body.period },
          type: { S: 'voranmeldung' },
          tax_number_masked: { S: `${'*'.repeat(body.tax_number.length - 4)}${body.tax_number.slice(-4)}` },
          datenart_version: { S: `UStVA_${body.year}` },
          created_at: { S: now },
          updated_at: { S: now },
          attempts: { N: '0' },
          webhook: { M: { status: { S: 'disabled' }, attempts: { N: '0' } } },
          owed_shard: shard,
        },
        ConditionExpression: 'attribute_not_exists(ticket)',
      }),
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ ticket }), DelaySeconds: 0 }));
    answer(response, 202, { ticket, status: 'queued' }, { location: `/v2/ticket/${ticket}` });
  }

  async function status(ticket: string, response: ServerResponse) {
    const { Item } = await dynamo.send(new GetItemCommand({ TableName: table, Key: { ticket: { S: ticket } }, ConsistentRead: true }));
    if (!Item) return answer(response, 404, { ticket });
    answer(response, 200, { ticket, status: Item.status?.S, attempts: Number(Item.attempts?.N) });
  }

  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    const done =
      request.method === 'POST' && path === '/submit' ? submit(request, response) : path.startsWith('/status/') ? status(path.slice(8), response) : undefined;
    if (!done) return answer(response, 404, {});
    done.catch((error: unknown) => answer(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async drained() {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { Attributes = {} } = await sqs.send(
          new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
        );
        if (Number(Attributes.ApproximateNumberOfMessages ?? 0) + Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error('bench: the transmit queue did not drain within 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      dynamo.destroy();
      s3.destroy();
      sqs.destroy();
    },
  };
}

function answer(response: ServerResponse, status: number, data: object, headers: Record<string, string> = {}) {
  const text = JSON.stringify(data);
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
