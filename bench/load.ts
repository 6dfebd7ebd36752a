// A closed-loop HTTP load generator: `concurrency` callers, each sending its next request as soon as
// the last one was answered, over keep-alive connections. It runs in a worker thread, so its own
// work does not share an event loop with the servers it measures (which live in the bench process).

import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  /** Sent first at the same concurrency and not recorded: connections, JIT and caches warm up. */
  warmup: number;
  /** Recorded requests, shared by all callers. */
  requests: number;
  /** Every answer must carry this status, or the run is void. */
  expectStatus: number;
}

/** Latencies in milliseconds of every recorded request, in the order they finished. */
export function runLoad(options: LoadOptions): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    let settled = false;
    worker.once('message', (message: { latencies?: number[]; error?: string }) => {
      settled = true;
      if (message.error) reject(new Error(message.error));
      else resolve(message.latencies!);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

async function closedLoop(options: LoadOptions, count: number, agent: Agent): Promise<number[]> {
  const latencies: number[] = [];
  let issued = 0;
  const caller = async () => {
    while (issued < count) {
      issued++;
      const started = performance.now();
      const status = await send(options, agent);
      latencies.push(performance.now() - started);
      if (status !== options.expectStatus) throw new Error(`${options.method} ${options.url} answered ${status}, expected ${options.expectStatus}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, caller));
  return latencies;
}

function send(options: LoadOptions, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }) };
    const req = request(options.url, { method: options.method, headers, agent }, (response) => {
      // The answer counts as received once its whole body has arrived.
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

if (!isMainThread && parentPort) {
  const options = workerData as LoadOptions;
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    await closedLoop(options, options.warmup, agent);
    const latencies = await closedLoop(options, options.requests, agent);
    parentPort.postMessage({ latencies });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    agent.destroy();
  }
}
