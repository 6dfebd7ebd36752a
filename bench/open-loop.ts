// The pipeline benchmark's client side, run in a worker thread so that neither its clock nor its CPU
// time mixes with the service under test (the API and the functions on the main thread):
//  - an open-loop load generator: submission i is sent at start + i / rate by the wall clock,
//    whether or not earlier ones have been answered, and its latency counts from that planned
//    moment, so a stalled service cannot slow the load down and hide its own queueing;
//  - a webhook proxy, which the runtime gets as HOOK_URI: it notes when each ticket's webhook
//    arrives, forwards it unchanged to the example receiver (which verifies and stores the PDF) and
//    notes when the receiver answered. The body itself carries `delivered_at`, so submit → delivered
//    → received → stored comes from one clock (Date, shared by both threads) without polling the
//    API or the receiver's folder. The proxy costs one extra loopback hop of well under a millisecond.

import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';

export interface StepRequest {
  type: 'step';
  apiUrl: string;
  apiKey: string;
  receiverUrl: string;
  rate: number;
  seconds: number;
  /** JSON body of every submission, and its kind (the path `/v2/{kind}`). */
  body: string;
  kind: 'ustva' | 'est';
  /** How long after the last send to wait for outstanding webhooks. */
  drainMs: number;
}

export interface SendRecord {
  /** Planned send time (epoch ms): latencies count from here. */
  due: number;
  sentAt: number;
  respondedAt?: number;
  status?: number;
  ticket?: string;
  error?: string;
}

export interface HookRecord {
  ticket: string;
  deliveredAt: number;
  /** The webhook's body was in at the proxy. */
  arrivedAt: number;
  /** The example receiver answered (the PDF stored). */
  storedAt?: number;
  status?: number;
}

export type WorkerMessage =
  | { type: 'ready'; hookUrl: string }
  | { type: 'window'; phase: 'start' | 'end'; at: number }
  | { type: 'done'; start: number; windowEnd: number; drainedAt: number; sends: SendRecord[]; hooks: HookRecord[] };

const now = () => performance.timeOrigin + performance.now();

// node:http with kept-alive connections rather than fetch: the client shares the service's two
// cores, and fetch spent about twice the CPU per request (BENCHMARKS.md, 2026-11-25).
const agent = new Agent({ keepAlive: true });
function post(url: string, headers: Record<string, string>, body: string | Buffer, signal?: AbortSignal): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (parentPort) {
  const port = parentPort;
  let receiverUrl = '';
  let hooks = new Map<string, HookRecord>();
  let onStored: ((ticket: string) => void) | undefined;

  const proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const arrivedAt = now();
    const raw = Buffer.concat(chunks);
    let ticket = '';
    let deliveredAt = Number.NaN;
    try {
      const parsed = JSON.parse(raw.toString('utf8')) as { ticket?: string; delivered_at?: string };
      ticket = String(parsed.ticket);
      deliveredAt = Date.parse(String(parsed.delivered_at));
    } catch {
      // Forwarded all the same: the receiver answers what it makes of it.
    }
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let status = 502;
    try {
      ({ status } = await post(receiverUrl, headers, raw));
    } catch {
      // 502 tells the service the webhook failed, as an unreachable receiver would.
    }
    const record = hooks.get(ticket) ?? { ticket, deliveredAt, arrivedAt };
    if (record.storedAt === undefined) {
      record.status = status;
      if (status >= 200 && status < 300) record.storedAt = now();
    }
    hooks.set(ticket, record);
    if (record.storedAt !== undefined) onStored?.(ticket);
    response.writeHead(status);
    response.end();
  });
  proxy.keepAliveTimeout = 30_000;
  proxy.listen(0, '127.0.0.1', () => {
    const { port: hookPort } = proxy.address() as AddressInfo;
    port.postMessage({ type: 'ready', hookUrl: `http://127.0.0.1:${hookPort}/hook` } satisfies WorkerMessage);
  });

  port.on('message', (message: StepRequest | { type: 'close' }) => {
    if (message.type === 'close') {
      proxy.closeAllConnections();
      agent.destroy();
      proxy.close(() => port.close());
      return;
    }
    receiverUrl = `${message.receiverUrl}/dummy/hook-endpoint`;
    hooks = new Map();
    void step(message).then((done) => port.postMessage(done satisfies WorkerMessage));
  });

  async function step(request: StepRequest): Promise<WorkerMessage> {
    const count = Math.round(request.rate * request.seconds);
    const interval = 1000 / request.rate;
    const sends: SendRecord[] = [];
    const inFlight: Promise<void>[] = [];
    const accepted = new Set<string>();
    const waiting = new Set<string>();
    let allStored: (() => void) | undefined;
    onStored = (ticket) => {
      waiting.delete(ticket);
      if (!waiting.size) allStored?.();
    };

    // Whatever is still unanswered when the drain gives up is cut off, so the runtime can stop.
    const unanswered = new Set<AbortController>();
    const send = async (record: SendRecord) => {
      const giveUp = new AbortController();
      unanswered.add(giveUp);
      try {
        const response = await post(
          `${request.apiUrl}/v2/${request.kind}`,
          { authorization: `Bearer ${request.apiKey}`, 'content-type': 'application/json' },
          request.body,
          giveUp.signal,
        );
        const text = response.text;
        record.respondedAt = now();
        record.status = response.status;
        if (response.status === 202) {
          const ticket = (JSON.parse(text) as { data?: { ticket?: string } }).data?.ticket;
          if (ticket) {
            record.ticket = ticket;
            accepted.add(ticket);
            if (hooks.get(ticket)?.storedAt === undefined) waiting.add(ticket);
          }
        }
      } catch (error) {
        record.respondedAt = now();
        record.error = error instanceof Error ? error.name : String(error);
      } finally {
        unanswered.delete(giveUp);
      }
    };

    const start = now() + 20;
    port.postMessage({ type: 'window', phase: 'start', at: start } satisfies WorkerMessage);
    for (let i = 0; i < count;) {
      const current = now();
      // Everything that is due goes out now, so a late wake-up catches up rather than thins the load.
      while (i < count && start + i * interval <= current) {
        const record: SendRecord = { due: start + i * interval, sentAt: now() };
        sends.push(record);
        inFlight.push(send(record));
        i++;
      }
      if (i < count) await sleep(Math.max(0, start + i * interval - now()));
    }
    const windowEnd = start + count * interval;
    await sleep(Math.max(0, windowEnd - now()));
    port.postMessage({ type: 'window', phase: 'end', at: now() } satisfies WorkerMessage);

    const deadline = windowEnd + request.drainMs;
    await Promise.race([Promise.allSettled(inFlight), sleep(Math.max(0, deadline - now()))]);
    if (waiting.size) {
      await new Promise<void>((resolve) => {
        allStored = resolve;
        setTimeout(resolve, Math.max(0, deadline - now()));
      });
    }
    onStored = undefined;
    for (const giveUp of unanswered) giveUp.abort();
    return { type: 'done', start, windowEnd, drainedAt: now(), sends, hooks: [...hooks.values()] };
  }
}
