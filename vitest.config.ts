import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/**/*.test.ts',
      'shared/**/*.test.ts',
      'infra/**/*.test.ts',
      'local/**/*.test.ts',
      'functions/**/*.test.ts',
      'receiver/**/*.test.ts',
      'client/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // What needs ELSTER's own files, which the repository never holds (test/support/elster.ts).
    tags: [{ name: 'elster', description: "needs ELSTER's files: skipped without them, failed without them under CI" }],
    // Builds the ERiC and Otto test doubles (C libraries) that the eric tests load; fails without a C compiler.
    globalSetup: ['test/eric-double/setup.ts', 'test/otto-double/setup.ts'],
    // Handlers log through Powertools; tests read behaviour, not log lines, nor metric lines (off, as
    // in the local runtime). Which years and periods are open depends on the day: the tests hold one
    // fixed day, so they mean the same on any.
    env: { POWERTOOLS_LOG_LEVEL: 'ERROR', POWERTOOLS_METRICS_DISABLED: 'true', STEUERBOTE_TODAY: '2026-11-24' },
    // Generous: the suite must pass on a busy two-core machine, where a local runtime answers slowly.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration files each start a whole local runtime; two at a time fit two cores.
    maxWorkers: 2,
    // CI also keeps a machine-readable result, from which .ci/run prints a plain closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/results.json' }]] : ['default'],
  },
});
