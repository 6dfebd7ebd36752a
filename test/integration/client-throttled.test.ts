// A 429 from the service is waited out: the command keeps to Retry-After and files every file, with
// a budget of two requests a minute.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '#test/support/cli.ts';
import { serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile({ env: { RATE_LIMIT_PER_MINUTE: '2' } });

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
  const run = await runCli(['submit', 'ustva', ...files, '--concurrency', '1', '--json'], { env });
  expect(run.stderr).toMatch(/the service answered 429; trying again in ([1-9]|[1-5]\d|60) s/);
  expect(run.code).toBe(0);
  const results = JSON.parse(run.stdout);
  expect(results.map((result: any) => result.status)).toEqual(['accepted', 'accepted', 'accepted']);
  expect(new Set(results.map((result: any) => result.ticket)).size).toBe(3);
}, 120_000);
