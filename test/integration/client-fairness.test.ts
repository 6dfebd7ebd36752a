// One client at its limit leaves the others' requests alone: a load test on the local runtime, counting
// answers and refusals (no times). The per-client budget runs in the functions (docs/reference/limits.md);
// the edge limits of a stage (infra/constructs/edge-limits.ts) count each API key before them.

import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const budget = 20;
const service = serviceOfFile({ env: { RATE_LIMIT_PER_MINUTE: String(budget) } });

/** All requests of the test fall in one minute of the budget only if none begins just before it ends. */
async function freshMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const countStatuses = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('a client at its limit', () => {
  it("is refused its own excess while another client's requests are all answered", async () => {
    const flooder = await service.runtime.createApiKey('fairness-flooder');
    const other = await service.runtime.createApiKey('fairness-other');
    await freshMinute();

    // The flooder sends three times its budget at once, in waves, and the other client's requests go between them.
    const flood: Promise<number>[] = [];
    const others: number[] = [];
    for (let wave = 0; wave < 6; wave++) {
      for (let i = 0; i < budget / 2; i++)
        flood.push(service.call('GET', '/v2/status/tk_AAAAAAAAAAAAAAAAAAAAAA', { key: flooder }).then((reply) => reply.status));
      const reply = wave % 2 ? await service.call('GET', '/v2/tickets', { key: other }) : await service.submit('ustva', ustvaSample(), other);
      others.push(reply.status);
    }
    const flooded = countStatuses(await Promise.all(flood));

    expect(flooded).toEqual({ 404: budget, 429: 2 * budget });
    expect(others).toEqual([202, 200, 202, 200, 202, 200]);
  }, 180_000);
});
