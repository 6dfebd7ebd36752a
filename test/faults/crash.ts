// Crash: the runtime is killed with SIGKILL at random moments while returns keep coming in, and
// started again on the same data directory; afterwards every accepted return is filed, once, and no
// body a crash left without its ticket outlives the sweep.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { orphanGraceSeconds } from '#shared/retention/sweep.ts';
import { sweepExpiredSubmissions } from '#shared/wiring/scheduled-jobs.ts';
import { newDataDir, startService } from '#test/support/local-service.ts';
import { settle } from './audit.ts';
import { startChild, type ChildRuntime } from './child-runtime.ts';
import { quiet } from './env.ts';
import type { Scenario } from './figures.ts';
import { prng } from './prng.ts';
import { orphanedBodies } from './stored-records.ts';
import { submit } from './submitter.ts';

export interface CrashOptions {
  crashes: number;
  seed?: number;
  drainMs?: number;
}

export const crash: Scenario<CrashOptions> = {
  name: 'crash',
  mustBeZero: ['lost', 'transmittedTwice', 'orphans'],
  async run({ crashes, seed = 2, drainMs = 120_000 }) {
    const random = prng(seed);
    const dataDir = await newDataDir();
    const ledgerFile = join(dataDir, 'authority-ledger.jsonl');
    // A slow, flaky tax authority keeps transmissions in flight and retries pending when the kill comes.
    const env = { ...quiet, SANDBOX_LATENCY_MS: '100', SANDBOX_TRANSIENT_FAILURE_RATE: '0.3', FAULTS_LEDGER: ledgerFile };
    let runtime: ChildRuntime = await startChild(dataDir, env);
    const apiKey = (await readFile(join(dataDir, 'dev-api-key'), 'utf8')).trim();
    let apiUrl = runtime.apiUrl;
    let stopped = false;
    const load = submit({
      apiUrl: () => apiUrl,
      apiKey,
      concurrency: 8,
      count: Number.POSITIVE_INFINITY,
      stop: () => stopped,
      pauseOnErrorMs: 200,
    });
    let killed = 0;
    try {
      while (killed < crashes) {
        await new Promise((resolve) => setTimeout(resolve, 300 + random.int(1500)));
        await runtime.kill();
        killed++;
        runtime = await startChild(dataDir, env);
        apiUrl = runtime.apiUrl;
      }
      stopped = true;
      const submitted = await load;
      const { figures } = await settle({ apiUrl, apiKey, tickets: submitted.tickets, ledgerFile, webhooks: false, drainMs });
      await runtime.kill();
      return {
        crashes: killed,
        submitted: submitted.submitted,
        unanswered: submitted.unanswered,
        refused: submitted.refused,
        ...figures,
        ...(await sweptLater(dataDir)),
      };
    } finally {
      stopped = true;
      await runtime.kill();
    }
  },
};

/** Bodies without a ticket on the crashed runtime's data, as found, and after a sweep run past their grace. */
async function sweptLater(dataDir: string) {
  const service = await startService({ dataDir, env: quiet });
  try {
    const orphansLeft = await orphanedBodies();
    await sweepExpiredSubmissions({ now: () => new Date(Date.now() + (orphanGraceSeconds + 60) * 1000) });
    return { orphansLeft, orphans: await orphanedBodies() };
  } finally {
    await service.stop();
  }
}
