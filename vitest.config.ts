import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'shared/**/*.test.ts', 'infra/**/*.test.ts', 'functions/**/*.test.ts', 'receiver/**/*.test.ts'],
    // Builds the ERiC test double (a C library) that the eric tests load; fails without a C compiler.
    globalSetup: ['test/eric-double/setup.ts'],
    // Handlers log through Powertools; tests read behaviour, not log lines.
    env: { POWERTOOLS_LOG_LEVEL: 'ERROR' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start a whole local runtime; two at a time fit two cores.
    maxWorkers: 2,
    // CI also keeps a machine-readable result, from which .ci/run prints a plain closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/results.json' }]] : ['default'],
  },
});
