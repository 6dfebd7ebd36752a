// The fault scenarios at a size that fits `npm test`; `npm run test:faults` runs them at full size.

import { describe, expect, it } from 'vitest';
import { runAll } from './scenarios.ts';

// Alone it takes about 40 s; beside the suite's bundling and synthesis on two cores, up to three times that.
describe('faults, crashes, bad input and tenancy', () => {
  it('keep every must-be-zero figure at 0', async () => {
    const result = await runAll({ n: 100, crashes: 2, fuzz: 1000, load: { hookBackoffScale: 0.0001, transmitRetryDelaySeconds: 0 } });
    expect(result.failing).toEqual([]);
    expect(result.rows.find((row) => row.figure === 'accepted' && row.scenario === 'load with faults')?.value).toBe(100);
    expect(result.rows.find((row) => row.figure === 'crossClientReads')?.value).toBeGreaterThan(0);
  }, 300_000);
});
