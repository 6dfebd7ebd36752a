// The local runtime as the submit and cold-start benchmarks use it: free ports, a given data
// directory, webhooks off, logging at ERROR. Stopping it also puts back the environment and the
// log level, so the next section starts from what the bench was launched with.

import type { LocalRuntime, LocalRuntimeOptions } from '#local/runtime.ts';

// No per-client budget: the benchmarks send far more than a client may, from one client.
const env = { POWERTOOLS_LOG_LEVEL: 'ERROR', HOOK_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' };

/** `options` adds to the quiet defaults, e.g. the tax authority's variables or the pollers' concurrency. */
export async function startQuietRuntime(dataDir: string, options: Partial<Pick<LocalRuntimeOptions, 'env' | 'pollerConcurrency'>> = {}): Promise<LocalRuntime> {
  const savedEnv = { ...process.env };
  const wanted = { ...env, ...options.env };
  Object.assign(process.env, wanted);
  // Another section may have loaded the logger already, at the level of its day.
  const { logger } = await import('#shared/logger.ts');
  const savedLevel = logger.getLevelName();
  logger.setLogLevel('ERROR');
  const { startLocalRuntime } = await import('#local/runtime.ts');
  const restore = () => {
    logger.setLogLevel(savedLevel);
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  };
  try {
    const runtime = await startLocalRuntime({ dataDir, apiPort: 0, receiverPort: 0, ...options, env: wanted });
    return {
      ...runtime,
      async stop() {
        try {
          await runtime.stop();
        } finally {
          restore();
        }
      },
    };
  } catch (error) {
    restore();
    throw error;
  }
}
