// A mailbox check killed with SIGKILL at each point it can die (in the middle of a download, between
// storing its notices and confirming them, and while confirming) loses nothing: after the restart the
// check runs again from its table item, and every notice is stored once and confirmed exactly once
// (the sandbox's own counters say so), never before it was stored. The sandbox's test tax numbers
// hold the check at each point long enough to kill it there (docs/notices.md, "Sandbox"); the kill
// waits for the state each point leaves, read from the child's stores.

import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startChild, type ChildRuntime } from '#test/faults/child-runtime.ts';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { estSample } from '#test/support/samples.ts';
import { sandboxMailboxRecords } from '#test/support/sandbox-mailbox.ts';

type Records = Awaited<ReturnType<typeof sandboxMailboxRecords>>;

// The sandbox's test tax numbers: a plain record; one whose first download breaks off, in every
// run; and one for each point, holding the check there.
const plain = '9198011310010';
const failingDownload = '9198080000112';
const slowDownload = '9198080000104';
const heldConfirm = '9198080000120';
const slowConfirm = '9198080000139';
const env = { SANDBOX_NOTICE_DELAY_SECONDS: '0', POWERTOOLS_LOG_LEVEL: 'ERROR' };

const of = (records: Records, taxNumber: string) => records.find((record) => record.tax_number === taxNumber)!;

interface Point {
  name: string;
  holding: string;
  /** Whether the child's stores show the check held at the point. */
  reached(records: Records): boolean;
  /** What the stores show at the kill. */
  atKill(records: Records): void;
}

const points: Point[] = [
  {
    name: 'in the middle of a download',
    holding: slowDownload,
    reached: (records) => of(records, slowDownload).downloads > 0 && !of(records, slowDownload).notice,
    atKill: (records) => expect(records.every((record) => record.confirmations === 0)).toBe(true),
  },
  {
    name: 'between storing and confirming',
    holding: heldConfirm,
    reached: (records) => of(records, heldConfirm).confirm_attempts > 0,
    atKill: (records) => {
      expect(records.map((record) => record.notice?.state)).toEqual(['stored', 'stored', 'stored']);
      expect(records.map((record) => record.confirmations)).toEqual([0, 0, 0]);
    },
  },
  {
    name: 'while confirming',
    holding: slowConfirm,
    // Every record of the call taken, its answer not yet come.
    reached: (records) => records.every((record) => record.confirmations === 1),
    atKill: (records) => expect(records.map((record) => record.notice?.state)).toEqual(['stored', 'stored', 'stored']),
  },
];

describe('a mailbox check killed', () => {
  let service: LocalService | undefined;
  let child: ChildRuntime | undefined;
  afterEach(async () => {
    await child?.kill();
    child = undefined;
    await service?.stop();
    service = undefined;
  });

  for (const point of points) {
    it(`${point.name} stores and confirms every notice exactly once after the restart`, { timeout: 240_000 }, async () => {
      const dataDir = await newDataDir();
      service = await startService({ dataDir, env });
      const key = service.runtime.apiKey;
      const tickets: string[] = [];
      for (const tax_number of [plain, failingDownload, point.holding])
        tickets.push((await service.submit('est', { ...estSample(), tax_number, bescheiddaten: true })).json.data.ticket);
      for (const ticket of tickets) await service.waitForStatus(ticket, ['delivered']);
      await service.stop();
      service = undefined;

      child = await startChild(dataDir, env);
      await child.useStandIns();
      const accepted = await fetch(`${child.apiUrl}/v2/mailbox/checks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ test: true }),
      });
      expect(accepted.status).toBe(202);
      const checkId = ((await accepted.json()) as any).data.check_id;
      const atKill = await eventually(async () => {
        const records = await sandboxMailboxRecords();
        return records.length === tickets.length && point.reached(records) && records;
      }, 120_000);
      await child.kill();
      child = undefined;
      point.atKill(atKill);
      for (const record of atKill) if (record.confirmations > 0) expect(record.notice).toBeDefined();

      service = await startService({ dataDir, env });
      expect((await checkDone(service, checkId)).unconfirmed).toBe(0);

      for (const ticket of tickets) {
        const notices = (await service.call('GET', `/v2/ticket/${ticket}/notices`)).json.data.notices;
        expect(notices).toHaveLength(1);
        const [notice] = notices;
        expect(notice.state).toBe('confirmed');
        const data = await service.call('GET', `/v2/notices/${notice.notice_id}/data`);
        expect(sha256(data.bytes)).toBe(notice.data.file_sha256);
        for (const attachment of notice.attachments) {
          const file = await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/${attachment.n}`);
          expect(sha256(file.bytes)).toBe(attachment.file_sha256);
        }
      }
      expect((await service.call('GET', '/v2/notices')).json.data.notices).toHaveLength(tickets.length);

      const records = await sandboxMailboxRecords();
      expect(records.map((record) => record.confirmations)).toEqual([1, 1, 1]);
      for (const record of records) {
        expect(record.notice!.created_at <= record.confirmed_at!).toBe(true);
        // A notice stored before the kill is never downloaded again.
        if (of(atKill, record.tax_number).notice) expect(record.downloads).toBe(of(atKill, record.tax_number).downloads);
      }

      const again = await service.post('/v2/mailbox/checks', { test: true });
      expect(await checkDone(service, again.json.data.check_id)).toMatchObject({ found: 0, stored: 0, unconfirmed: 0 });
      expect((await sandboxMailboxRecords()).map((record) => record.confirmations)).toEqual([1, 1, 1]);
    });
  }
});

/** Waits until the check is done; its view. */
const checkDone = (target: LocalService, checkId: string) =>
  eventually(
    async () => {
      const reply = await target.call('GET', `/v2/mailbox/checks/${checkId}`);
      return reply.json.data.status === 'done' && reply.json.data;
    },
    120_000,
    250,
  );

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
