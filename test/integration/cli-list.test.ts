// `steuerbote list` against the real local runtime over HTTP: the client's tickets newest first, the
// filters passed to the service, --limit followed across pages, --json, and a filter the service refuses.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '#test/support/cli.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

let service: LocalService;
let env: Record<string, string>;
/** Ticket IDs, newest first. */
const made: string[] = [];
let between: string;

beforeAll(async () => {
  service = await startService();
  env = { STEUERBOTE_URL: service.runtime.apiUrl, STEUERBOTE_API_KEY: service.runtime.apiKey };
  const bodies: ['ustva' | 'est', object][] = [
    ['ustva', { ...ustvaSample(), period: '01', client_reference: 'january' }],
    ['est', estSample()],
    ['ustva', { ...ustvaSample(), period: '02', client_reference: 'february' }],
  ];
  for (const [kind, body] of bodies) {
    const { ticket, created_at } = (await service.submit(kind, body)).json.data;
    made.unshift(ticket);
    if (made.length === 2) between = created_at;
    await service.waitForStatus(ticket, ['delivered', 'rejected', 'failed']);
  }
}, 120_000);
afterAll(() => service?.stop());

describe('steuerbote list', () => {
  it('shows every ticket newest first in a table, exit 0', async () => {
    const run = await runCli(['list'], { env });
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^TICKET\s+KIND\s+STATUS\s+PERIOD\s+CREATED \(UTC\)\s+REFERENCE$/);
    expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(made);
    expect(rows[0]).toMatch(/\sustva\s+\w+\s+2026-02\s.*\sfebruary$/);
  });

  it('passes the filters to the service, and follows pages up to --limit, saying that more match', async () => {
    const listed = async (args: string[]) => {
      const run = await runCli(['list', ...args, '--json'], { env });
      expect(run.code, args.join(' ')).toBe(0);
      return (JSON.parse(run.stdout) as { ticket: string }[]).map((t) => t.ticket);
    };
    expect(await listed(['--kind', 'est'])).toEqual([made[1]]);
    expect(await listed(['--reference', 'january'])).toEqual([made[2]]);
    expect(await listed(['--since', between])).toEqual(made.slice(0, 2));
    expect(await listed(['--until', between])).toEqual([made[2]]);
    expect(await listed(['--status', 'queued'])).toEqual([]);
    const limited = await runCli(['list', '--limit', '2'], { env });
    expect(
      limited.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(/\s+/)[0]),
    ).toEqual(made.slice(0, 2));
    expect(limited.stderr).toMatch(/more tickets match than the 2 shown/);
  });

  it('says so when nothing matches, and names a filter the service refuses by its flag, once: exit 2', async () => {
    expect((await runCli(['list', '--reference', 'nothing'], { env })).stdout).toBe('no tickets match\n');
    const run = await runCli(['list', '--status', 'done'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('steuerbote: --status must be one of queued, processing, delivered, rejected, failed, not "done"\n');
  });
});
