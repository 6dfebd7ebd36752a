// steuerbote on one machine: the stand-ins and the example receiver on threads of their own, the
// stand-ins provisioned from the manifest, the API behind a local gateway, and pollers feeding the
// queue-triggered functions.

import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { handlerLoader, httpLambdaOf } from '#local/handlers.ts';
import { startGateway, type Gateway } from '#local/http-gateway.ts';
import { provision } from '#local/provision.ts';
import { startScheduler, type ScheduledLambda } from '#local/scheduler.ts';
import { startRemotePollers } from '#local/remote-pollers.ts';
import type { SqsLambda } from '#local/sqs-poller.ts';
import type { MissingKeys } from '#local/s3-stand-in.ts';
import { apiUrlSetting, runtimeFile } from '../shared/runtime-file.ts';
import { startThread } from '#local/thread.ts';
import { allowLiveSubmissions, herstellerId, webhookConfig, rateLimitPerMinute, redriveConfig, retentionConfig, transmitConfig } from '../shared/config.ts';
import { newApiKey } from '../shared/domain/api-key.ts';
import { describeError } from '../shared/logger.ts';
import { resetAll } from '../shared/once.ts';
import { taxAuthority } from '../shared/wiring/tax-authority.ts';
import { keepMailboxesUp, redriveOwedWork, sweepExpiredSubmissions } from '../shared/wiring/scheduled-jobs.ts';
import { parseSecrets } from '../shared/webhooks/signature.ts';
import { apiKeyStore } from '../shared/wiring/adapters.ts';
import { apis, type QueueName, queues, type ScheduleName, schedules } from '../shared/manifest.ts';
import { resourceEnv, settingNames } from '../shared/setting-names.ts';

export interface LocalRuntimeOptions {
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  apiPort?: number;
  receiverPort?: number;
  /** Connections the API serves at once (docs/reference/limits.md, "Transport"); the default is `transportLimits.maxConnections`. */
  maxConnections?: number;
  /** Seconds a request's headers may take to arrive (docs/reference/limits.md, "Transport"); the default is `transportLimits.headersTimeoutSeconds`. */
  headersTimeoutSeconds?: number;
  /** Seconds a whole request may take to arrive; the default is `transportLimits.requestTimeoutSeconds`. */
  requestTimeoutSeconds?: number;
  /** Environment for the functions, on top of the process's own. */
  env?: Record<string, string>;
  /** The development key; otherwise the one kept under the data directory, or a new one. */
  devApiKey?: string;
  visibilityTimeoutSeconds?: Partial<Record<QueueName, number>>;
  pollerConcurrency?: number;
  /** Runs every manifest schedule this often instead, so tests need not wait minutes. */
  scheduleEverySeconds?: number;
  onError?: (error: unknown) => void;
  /**
   * How the S3 stand-in answers a read of a key that is not there: NoSuchKey by default, or
   * AccessDenied, as S3 answers every function of a stage, none of which may list the bucket.
   */
  s3MissingKeys?: MissingKeys;
}

export interface LocalRuntime {
  apiUrl: string;
  receiverUrl: string;
  apiKey: string;
  /** The stand-ins' and the receiver's threads, for measuring them (their event loops, CPU profiles). */
  standIns: Worker;
  receiver: Worker;
  /** Settles with the part's name if a thread ends on its own after the start: the runtime can no longer serve. */
  partEnded: Promise<string>;
  createApiKey(clientId: string): Promise<string>;
  stop(): Promise<void>;
}

// What the caller passes, then what the operator set before the first start, win over the runtime's
// defaults on every start, while defaults tied to one run (such as the receiver's port) are chosen afresh.
const launchEnv = { ...process.env };
const setDefaults = (defaults: Record<string, string>, given: Record<string, string> = {}) => {
  for (const [name, value] of Object.entries(defaults)) process.env[name] = given[name] ?? launchEnv[name] ?? value;
};

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // Metrics would print an embedded-metric line per delivery; CloudWatch reads them, a terminal need not.
  setDefaults({ POWERTOOLS_METRICS_DISABLED: 'true', [settingNames.sealingKeyFile]: join(dataDir, 'sealing.key') }, options.env);
  Object.assign(process.env, options.env);

  const onError = (part: string) => options.onError ?? ((error: unknown) => console.error(`${part}: ${describeError(error).message}`));
  const pollers = new MessageChannel();
  const standIns = await startThread<Record<string, string>>(
    new URL('./stand-ins-thread.ts', import.meta.url),
    { dataDir, pollers: pollers.port2, s3MissingKeys: options.s3MissingKeys },
    onError('stand-ins'),
    [pollers.port2],
  );
  Object.assign(process.env, standIns.ready);
  // A start is every function's cold start: nothing built for an earlier run may survive it.
  resetAll();
  // The runtime file lives from provisioning until a clean stop: found at a start, the last run was killed.
  const killedBefore = existsSync(runtimeFile(dataDir));
  const resources = await provision({ visibilityTimeoutSeconds: options.visibilityTimeoutSeconds, killedBefore });
  Object.assign(process.env, resources);
  // Operator commands (`npm run webhooks`) find the running stand-ins through this file.
  const hook = { [settingNames.hookEnabled]: process.env[settingNames.hookEnabled] ?? 'false' };
  const settings = { ...standIns.ready, ...resources, ...hook };
  await writeFile(runtimeFile(dataDir), JSON.stringify(settings), { mode: 0o600 });

  const load = handlerLoader();
  const httpLambda = httpLambdaOf(load);

  const stoppers: (() => Promise<void>)[] = [() => standIns.stop(), () => rm(runtimeFile(dataDir), { force: true })];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne();
  };
  try {
    const receiver = await startThread<string>(
      new URL('./receiver-thread.ts', import.meta.url),
      { host, port: options.receiverPort ?? 8080 },
      onError('receiver'),
    );
    stoppers.push(() => receiver.stop());
    setDefaults({ [settingNames.hookUri]: `${receiver.ready}/dummy/hook-endpoint`, [settingNames.receiverStoreDir]: join(dataDir, 'receiver') }, options.env);
    checkConfiguration();

    const apiKey = await ensureDevKey(dataDir, options.devApiKey ?? process.env[settingNames.devApiKey]);
    const api: Gateway = await startGateway(apis.api, httpLambda, {
      host,
      port: options.apiPort ?? 3000,
      maxConnections: options.maxConnections,
      headersTimeoutSeconds: options.headersTimeoutSeconds,
      requestTimeoutSeconds: options.requestTimeoutSeconds,
      keys: apiKeyStore,
    });
    stoppers.push(() => api.close());
    await writeFile(runtimeFile(dataDir), JSON.stringify({ ...settings, [apiUrlSetting]: api.url }), { mode: 0o600 });

    const handlers: Record<string, SqsLambda> = {};
    const specs = [];
    for (const name of Object.keys(queues) as QueueName[]) {
      const spec = queues[name];
      handlers[spec.consumer] = (await load(spec.consumer)) as SqsLambda;
      const queueUrl = process.env[resourceEnv.queue(name)]!;
      specs.push({ functionName: spec.consumer, queueUrl, batchSize: spec.batchSize, concurrency: options.pollerConcurrency ?? 2 });
    }
    const consumers = startRemotePollers(pollers.port1, specs, handlers, onError);
    stoppers.push(() => consumers.stop());

    // The queues live in memory: whatever wake-ups and postponed webhooks the last run left in them
    // are gone, so everything owed is woken now, without the grace the scheduled re-drive gives.
    await redriveOwedWork({ leasesExpired: true });
    // So are the mailbox checks' wake-ups: every check not yet done runs again, from what it stored.
    await keepMailboxesUp({ all: true });
    // A local run is often shorter than the sweep's interval: without this, data would outlive its retention.
    await sweepExpiredSubmissions();
    for (const name of Object.keys(schedules) as ScheduleName[]) {
      const spec = schedules[name];
      const scheduler = startScheduler({
        ruleName: name,
        functionName: spec.function,
        everySeconds: options.scheduleEverySeconds ?? spec.everyMinutes * 60,
        handler: (await load(spec.function)) as ScheduledLambda,
        onError: onError(spec.function),
      });
      stoppers.push(() => scheduler.stop());
    }

    return {
      apiUrl: api.url,
      receiverUrl: receiver.ready,
      apiKey,
      standIns: standIns.worker,
      receiver: receiver.worker,
      partEnded: Promise.race([standIns.ended.then(() => 'stand-ins'), receiver.ended.then(() => 'example receiver')]),
      async createApiKey(clientId) {
        const { key, record } = newApiKey(clientId);
        await apiKeyStore().put(record);
        return key;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Reads every setting once, so a bad one stops the start with its one-line message. */
function checkConfiguration() {
  webhookConfig();
  parseSecrets(process.env[settingNames.hookSecret]);
  transmitConfig();
  redriveConfig();
  retentionConfig();
  rateLimitPerMinute();
  allowLiveSubmissions();
  herstellerId();
  taxAuthority();
}

async function ensureDevKey(dataDir: string, offered: string | undefined): Promise<string> {
  const file = join(dataDir, 'dev-api-key');
  const key =
    offered ??
    (await readFile(file, 'utf8').then(
      (text) => text.trim(),
      () => undefined,
    ));
  if (key && (await apiKeyStore().findByHash(newApiKey('dev', key).record.key_hash))) return key;
  const created = newApiKey('dev', key);
  await apiKeyStore().put(created.record);
  if (!offered) await writeFile(file, `${created.key}\n`, { mode: 0o600 });
  return created.key;
}
