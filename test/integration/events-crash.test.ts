// The runtime killed with SIGKILL between a ticket's write and its event's write loses no event: after
// the restart the client's feed holds every event of the ticket exactly once. The kill comes at the
// claim, whose write notes the creation's event and its own (written together), and at the delivery;
// test/faults/hold-events.ts holds the event's write there until the kill.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChild, stopRuntimes, type ChildRuntime } from '#test/faults/child-runtime.ts';
import { holdEventsPath } from '#test/faults/hold-events.ts';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const quiet = { POWERTOOLS_LOG_LEVEL: 'ERROR', SANDBOX_LATENCY_MS: '0', SANDBOX_TRANSIENT_FAILURE_RATE: '0' };

describe('a runtime killed between a ticket’s write and its event’s', () => {
  let service: LocalService | undefined;
  let child: ChildRuntime | undefined;
  afterEach(async () => {
    await stopRuntimes(child, service);
    child = service = undefined;
  });

  for (const [held, expected] of [
    ['ticket.created', ['ticket.created', 'ticket.status_changed', 'ticket.delivered']],
    ['ticket.delivered', ['ticket.created', 'ticket.status_changed', 'ticket.delivered']],
  ] as const) {
    it(`writing ${held} finds it in the feed once after the restart`, { timeout: 180_000 }, async () => {
      const dataDir = await newDataDir();
      const mark = join(dataDir, 'held-event');
      child = await startChild(dataDir, { ...quiet, HOLD_EVENT_TYPE: held, HOLD_EVENT_MARK: mark }, [holdEventsPath]);
      const key = (await readFile(join(dataDir, 'dev-api-key'), 'utf8')).trim();
      const submitted = await fetch(`${child.apiUrl}/v2/ustva`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(ustvaSample()),
      });
      expect(submitted.status).toBe(202);
      const ticket = ((await submitted.json()) as any).data.ticket as string;
      const heldFor = await eventually(() => readFile(mark, 'utf8').catch(() => ''), 60_000);
      expect(heldFor.trim()).toBe(ticket);
      await child.kill();
      child = undefined;

      service = await startService({ dataDir, env: quiet });
      await service.waitForStatus(ticket, ['delivered']);
      const feed = await eventually(async () => {
        const { events } = (await service!.call('GET', '/v2/events?limit=200')).json.data as { events: any[] };
        const ofTicket = events.filter((event) => event.data.ticket === ticket);
        return ofTicket.some((event) => event.type === 'ticket.delivered') && ofTicket;
      }, 60_000);
      const types = feed.map((event: any) => event.type);
      for (const type of expected) expect(types.filter((seen: string) => seen === type).length, `${type} in ${types}`).toBeGreaterThan(0);
      // A change told twice is one event: no ID twice, and one creation and one delivery.
      expect(new Set(feed.map((event: any) => event.id)).size).toBe(feed.length);
      expect(types.filter((type: string) => type === 'ticket.created')).toHaveLength(1);
      expect(types.filter((type: string) => type === 'ticket.delivered')).toHaveLength(1);
    });
  }
});
