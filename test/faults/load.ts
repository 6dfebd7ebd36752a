// Load with faults: the sandbox fails 30 % of transmissions transiently and the receiver 50 % of
// webhooks; every accepted return must still be filed exactly once and announced exactly once.

import { join } from 'node:path';
import { newDataDir, startService } from '#test/support/local-service.ts';
import './authority-ledger.ts';
import { settle } from './audit.ts';
import { quiet } from './env.ts';
import type { Scenario } from './figures.ts';
import { startFlakyReceiver } from './flaky-receiver.ts';
import { prng } from './prng.ts';
import { receivedFiles } from './receiver-files.ts';
import { submit } from './submitter.ts';

export interface LoadOptions {
  n: number;
  seed?: number;
  drainMs?: number;
  /** HOOK_BACKOFF_SCALE; the default 0.001 still waits up to 22 s between late attempts. */
  hookBackoffScale?: number;
  transmitRetryDelaySeconds?: number;
}

export const loadWithFaults: Scenario<LoadOptions> = {
  name: 'load with faults',
  mustBeZero: ['lost', 'transmittedTwice', 'resentAfterCrash', 'webhooksUndelivered', 'duplicateFiles', 'filesMissing'],
  async run({ n, seed = 1, drainMs = 240_000, hookBackoffScale = 0.001, transmitRetryDelaySeconds = 1 }) {
    const dataDir = await newDataDir();
    const ledgerFile = join(dataDir, 'authority-ledger.jsonl');
    let receiverUrl = '';
    const flaky = await startFlakyReceiver({ target: () => `${receiverUrl}/dummy/hook-endpoint`, failureRate: 0.5, random: prng(seed) });
    let handlerErrors = 0;
    const service = await startService({
      dataDir,
      env: {
        ...quiet,
        SANDBOX_TRANSIENT_FAILURE_RATE: '0.3',
        HOOK_ENABLED: 'true',
        HOOK_URI: flaky.url,
        HOOK_BACKOFF_SCALE: String(hookBackoffScale),
        TRANSMIT_RETRY_DELAY_SECONDS: String(transmitRetryDelaySeconds),
        FAULTS_LEDGER: ledgerFile,
      },
      // A failed webhook attempt is reported as a failed message: expected here, so counted, not printed.
      onError: () => handlerErrors++,
    });
    receiverUrl = service.runtime.receiverUrl;
    try {
      const load = await submit({ apiUrl: () => service.runtime.apiUrl, apiKey: service.runtime.apiKey, concurrency: 16, count: n });
      const { figures, tickets } = await settle({
        apiUrl: service.runtime.apiUrl,
        apiKey: service.runtime.apiKey,
        tickets: load.tickets,
        ledgerFile,
        webhooks: true,
        drainMs,
        announced: flaky.announced,
      });
      const files = await receivedFiles(join(dataDir, 'receiver'));
      const delivered = [...tickets.values()].filter((data) => data.status === 'delivered').map((data) => data.ticket as string);
      return {
        submitted: load.submitted,
        refused: load.refused + load.unanswered,
        ...figures,
        webhookRequests: flaky.requests,
        webhookRequestsFailed: flaky.failed,
        handlerErrors,
        duplicateFiles: [...files.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0),
        filesMissing: delivered.filter((ticket) => !files.get(ticket)).length,
      };
    } finally {
      await service.stop();
      await flaky.close();
    }
  },
};
