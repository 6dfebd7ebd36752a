// A mailbox check killed with SIGKILL in the middle of a download loses nothing: after the restart
// the check runs again from its table item, and every notice is stored and confirmed exactly once
// (the sandbox's own counters say so). The other points a run can die are in
// shared/notices/check-mailbox.test.ts.

import { afterAll, describe, expect, it } from 'vitest';
import { startChild, type ChildRuntime } from '#test/faults/child-runtime.ts';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { estSample } from '#test/support/samples.ts';
import { sandboxMailboxCounters } from '#test/support/sandbox-mailbox.ts';

// The sandbox's test tax numbers: a plain record, one whose download pauses before its last block, one whose first download breaks off.
const taxNumbers = ['9198011310010', '9198080000104', '9198080000112'];
const env = { SANDBOX_NOTICE_DELAY_SECONDS: '0', POWERTOOLS_LOG_LEVEL: 'ERROR' };

describe('a mailbox check killed mid-download', () => {
  let service: LocalService | undefined;
  let child: ChildRuntime | undefined;
  afterAll(async () => {
    await child?.kill();
    await service?.stop();
  });

  it('stores and confirms every notice exactly once after the restart', async () => {
    const dataDir = await newDataDir();
    service = await startService({ dataDir, env });
    const key = service.runtime.apiKey;
    const tickets: string[] = [];
    for (const tax_number of taxNumbers) tickets.push((await service.submit('est', { ...estSample(), tax_number, bescheiddaten: true })).json.data.ticket);
    for (const ticket of tickets) await service.waitForStatus(ticket, ['delivered']);
    await service.stop();
    service = undefined;

    child = await startChild(dataDir, env);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const accepted = await fetch(`${child.apiUrl}/v2/mailbox/checks`, { method: 'POST', headers, body: JSON.stringify({ test: true }) });
    expect(accepted.status).toBe(202);
    const checkId = ((await accepted.json()) as any).data.check_id;
    // Running: listing, then downloading; the slow record holds its download for seconds.
    await eventually(async () => {
      const reply = await fetch(`${child!.apiUrl}/v2/mailbox/checks/${checkId}`, { headers });
      return ((await reply.json()) as any).data.status === 'running';
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await child.kill();
    child = undefined;

    service = await startService({ dataDir, env });
    const done = await eventually(async () => {
      const reply = await service!.call('GET', `/v2/mailbox/checks/${checkId}`);
      return reply.json.data.status === 'done' && reply.json.data;
    }, 60_000);
    expect(done.unconfirmed).toBe(0);
    for (const ticket of tickets) {
      const notices = (await service.call('GET', `/v2/ticket/${ticket}/notices`)).json.data.notices;
      expect(notices).toHaveLength(1);
      expect(notices[0].state).toBe('confirmed');
    }
    const counters = await sandboxMailboxCounters();
    expect(counters.map((record) => record.confirmations)).toEqual([1, 1, 1]);
  });
});
