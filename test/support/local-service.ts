// Starts the real local runtime on free ports over a fresh data directory and talks to it over HTTP.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '#local/runtime.ts';
import type { Kind } from '#shared/domain/ticket.ts';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed envelope, when the body is JSON. */
  json: any;
  bytes: Uint8Array;
}

export interface LocalService {
  runtime: LocalRuntime;
  dataDir: string;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** POSTs `body` as JSON to `path`. */
  post(path: string, body: unknown, key?: string): Promise<Reply>;
  submit(kind: Kind, body: unknown, key?: string): Promise<Reply>;
  waitForStatus(ticket: string, statuses: string[], key?: string): Promise<any>;
  /** A client of its own with its key, named `<prefix>-<n>`, so that what a test does is counted apart. */
  newClient(prefix: string): Promise<{ clientId: string; apiKey: string }>;
  stop(): Promise<void>;
}

export interface CallOptions {
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** API key to send; `null` sends none. Defaults to the development key. */
  key?: string | null;
  base?: 'api' | 'receiver';
}

export const newDataDir = () => mkdtemp(join(tmpdir(), 'steuerbote-test-'));

export async function startService(options: Partial<LocalRuntimeOptions> = {}): Promise<LocalService> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const runtime = await startLocalRuntime({
    apiPort: 0,
    receiverPort: 0,
    visibilityTimeoutSeconds: { transmit: 1, webhook: 1 },
    ...options,
    dataDir,
  });
  return serviceFor(runtime, dataDir);
}

/**
 * The service a test file's tests talk to: started before the first, stopped after the last. It can
 * be used from any test or hook; the file's top level runs before it starts.
 */
export function serviceOfFile(options: Partial<LocalRuntimeOptions> = {}): LocalService {
  let started: LocalService | undefined;
  beforeAll(async () => {
    started = await startService(options);
  });
  afterAll(() => started?.stop());
  return new Proxy({} as LocalService, {
    get: (_, name) => {
      if (!started) throw new Error(`the service is used before it started (${String(name)})`);
      return Reflect.get(started, name);
    },
  });
}

export function serviceFor(runtime: LocalRuntime, dataDir: string): LocalService {
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? runtime.apiKey : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    const base = options.base === 'receiver' ? runtime.receiverUrl : runtime.apiUrl;
    const response = await fetch(base + path, { method, headers, body: options.body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = Buffer.from(bytes).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json, bytes };
  };
  const post = (path: string, body: unknown, key?: string) =>
    call('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, key });
  let clients = 0;
  const service: LocalService = {
    runtime,
    dataDir,
    call,
    post,
    submit: (kind, body, key) => post(`/v2/${kind}`, body, key),
    async waitForStatus(ticket, statuses, key) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const reply = await call('GET', `/v2/ticket/${ticket}`, { key });
        if (statuses.includes(reply.json?.data?.status)) return reply.json.data;
        if (Date.now() > deadline) throw new Error(`ticket ${ticket} stayed ${reply.json?.data?.status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async newClient(prefix) {
      const clientId = `${prefix}-${++clients}`;
      return { clientId, apiKey: await runtime.createApiKey(clientId) };
    },
    stop: () => runtime.stop(),
  };
  return service;
}

/**
 * Polls until `check` returns something truthy; for work that finishes asynchronously. A check that
 * calls the API over a long wait polls less often (`intervalMs`), so it stays within the client's
 * rate limit.
 */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
