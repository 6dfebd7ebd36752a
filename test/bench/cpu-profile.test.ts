// The profile summary behind bench/profile.json: a delta whose 32-bit counter wrapped must not turn
// into an hour of self time or a thread busy for more than all of its wall time.

import { describe, expect, it } from 'vitest';
import { summarize, type CpuProfile } from '../../bench/cpu-profile.ts';

const frame = (id: number, functionName: string, url = '') => ({ id, callFrame: { functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '0' } });

describe('summarize', () => {
  it('reads a wrapped sample delta as the small time it is', () => {
    const profile: CpuProfile = {
      nodes: [frame(1, '(root)'), frame(2, 'work', 'file:///app/shared/work.js'), frame(3, '(idle)')],
      startTime: 0,
      endTime: 3_000,
      samples: [2, 2, 3, 2],
      // The third delta is 500 µs with the counter wrapped; the fourth 1 µs below zero, read unsigned.
      timeDeltas: [0, 1_000, 2 ** 32 + 500, 2 ** 32 - 1],
    };
    const summary = summarize(profile);
    expect(summary.busy_ms).toBe(1.5);
    expect(summary.busy_pct).toBeLessThanOrEqual(100);
    expect(summary.top[0]).toMatchObject({ function: 'work', self_ms: 1.5 });
  });
});
