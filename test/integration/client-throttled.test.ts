// A 429 from the service is waited out: the command keeps to Retry-After and files every file, with
// a budget of two requests a minute. The budget counts calendar minutes by the runtime's clock, which
// runs in this process: the test moves that clock on so that a minute ends a few seconds after the
// command starts, and its wait is those seconds rather than whatever was left of the real minute.
// The command, in a process of its own, keeps the real clock.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { runCli } from '#test/support/cli.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile({ env: { RATE_LIMIT_PER_MINUTE: '2' } });

// Time for the command to start and send its first two files, with room for a busy machine: should
// it take longer, the budget runs out in the next minute, and the wait is a whole one.
const leadMs = 6_000;
const minuteMs = 60_000;

it('waits out 429 RATE_LIMITED for Retry-After and files the whole batch', async () => {
  const work = await mkdtemp(join(tmpdir(), 'steuerbote-cli-'));
  const files = await Promise.all(
    ['01', '02', '03'].map(async (period) => {
      const path = join(work, `${period}.json`);
      await writeFile(path, JSON.stringify({ ...ustvaSample(), period }));
      return path;
    }),
  );
  const env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
  const realNow = Date.now.bind(Date);
  const aheadMs = (minuteMs - ((realNow() + leadMs) % minuteMs)) % minuteMs;
  const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + aheadMs);
  try {
    const run = await runCli(['submit', 'ustva', ...files, '--concurrency', '1', '--json'], { env });
    // Once: a retry before the minute named had ended would have been refused again.
    expect(run.stderr.match(/the service answered 429; trying again in ([1-9]|[1-5]\d|60) s/g)).toHaveLength(1);
    expect(run.code).toBe(0);
    const results = JSON.parse(run.stdout);
    expect(results.map((result: any) => result.status)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(new Set(results.map((result: any) => result.ticket)).size).toBe(3);
  } finally {
    clock.mockRestore();
  }
}, 120_000);
