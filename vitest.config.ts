import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/support/sequencer.ts';

/**
 * The unit files beside the modules they test share one process per worker (no isolation: each
 * file's imports are loaded once per worker, not once per file); the files under test/ start
 * runtimes, stand-ins and doubles, stub the environment and keep a process each.
 */
export const testFiles = {
  integration: ['test/**/*.test.ts'],
  unit: [
    'shared/**/*.test.ts',
    'infra/**/*.test.ts',
    'local/**/*.test.ts',
    'functions/**/*.test.ts',
    'receiver/**/*.test.ts',
    'client/**/*.test.ts',
    'scripts/**/*.test.ts',
  ],
};

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'integration', include: testFiles.integration } },
      { extends: true, test: { name: 'unit', include: testFiles.unit, isolate: false } },
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
    // The long files first, the unit files last (test/support/sequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    // CI also keeps a machine-readable result, from which .ci/run prints a plain closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/results.json' }]] : ['default'],
  },
});
