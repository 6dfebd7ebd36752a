// A mailbox check killed with SIGKILL at each point it can die (in the middle of a download, between
// storing its notices and confirming them, and while confirming) loses nothing: after the restart the
// check runs again from its table item, and every notice is stored once and confirmed exactly once
// (the tax authority's own counters say so), never before it was stored. Once for each tax authority:
// the sandbox, whose test tax numbers hold the check at each point (docs/notices.md, "Sandbox"); and
// ERiC with Otto, whose test doubles hold it by their settings and count downloads and confirmations
// in files. The kill waits for the state each point leaves, read from the child's stores.

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { noticeId, stageMailbox, type Notice } from '#shared/domain/notice.ts';
import { noticeStore } from '#shared/wiring/adapters.ts';
import { doubleCertificate, doublePin, ericDoubleHome } from '#test/eric-double/double.ts';
import { datenabholungFolder, type DoubleRecord } from '#test/eric-double/datenabholung.ts';
import { startChild, stopRuntimes, type ChildRuntime } from '#test/faults/child-runtime.ts';
import { ottoDoubleHome, ottoObjects } from '#test/otto-double/double.ts';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';
import { sandboxMailboxRecords } from '#test/support/sandbox-mailbox.ts';

/** One record of the mailbox as the tax authority counts it, with the notice stored for it. */
interface Counted {
  downloads: number;
  confirmations: number;
  /** Otto's downloads that handed out their last block. */
  completed?: number;
  /** The sandbox's confirm calls that reached it, answered or not. */
  confirm_attempts?: number;
  confirmed_at?: string;
  notice?: Notice;
}

interface Point {
  name: string;
  /** The sandbox's record that holds the check there: an index into its held tax numbers. */
  holding?: number;
  /** The child's settings that hold it there. */
  env?: Record<string, string>;
  /** Whether the child's stores show the check held at the point. */
  reached(records: Counted[]): boolean;
  /** What the stores show at the kill. */
  atKill(records: Counted[]): void;
}

interface Authority {
  name: string;
  /** Three records in the mailbox, the second's first download breaking off, the third held at the point; the runtime's settings and API key. */
  prepare(dataDir: string, point: Point): Promise<{ env: Record<string, string>; key: string }>;
  records(): Promise<Counted[]>;
  points: Point[];
}

const quiet = { POWERTOOLS_LOG_LEVEL: 'ERROR' };

const middleOfDownload = (reached: (record: Counted) => boolean): Point => ({
  name: 'in the middle of a download',
  reached: (records) => reached(records[2]!) && !records[2]!.notice,
  atKill: (records) => expect(records.every((record) => record.confirmations === 0)).toBe(true),
});
const storedNotConfirmed = (records: Counted[]) => {
  expect(records.map((record) => record.notice?.state)).toEqual(['stored', 'stored', 'stored']);
  expect(records.map((record) => record.confirmations)).toEqual([0, 0, 0]);
};
const whileConfirming: Point = {
  name: 'while confirming',
  // Every record of the call taken, its answer not yet come.
  reached: (records) => records.every((record) => record.confirmations === 1),
  atKill: (records) => expect(records.map((record) => record.notice?.state)).toEqual(['stored', 'stored', 'stored']),
};

// The sandbox's test tax numbers: a plain record; one whose first download breaks off, in every
// run; and one for each point, holding the check there.
const sandboxNumbers = { plain: '9198011310010', failingDownload: '9198080000112', held: ['9198080000104', '9198080000120', '9198080000139'] };

const sandbox: Authority = {
  name: 'sandbox',
  async prepare(dataDir, point) {
    const env = { ...quiet, SANDBOX_NOTICE_DELAY_SECONDS: '0' };
    const service = await startService({ dataDir, env });
    const tickets: string[] = [];
    for (const tax_number of [sandboxNumbers.plain, sandboxNumbers.failingDownload, sandboxNumbers.held[point.holding!]!])
      tickets.push((await service.submit('est', { ...estSample(), tax_number, bescheiddaten: true })).json.data.ticket);
    for (const ticket of tickets) await service.waitForStatus(ticket, ['delivered']);
    await service.stop();
    return { env, key: service.runtime.apiKey };
  },
  async records() {
    const order = (record: { tax_number: string }) =>
      record.tax_number === sandboxNumbers.plain ? 0 : record.tax_number === sandboxNumbers.failingDownload ? 1 : 2;
    return (await sandboxMailboxRecords()).sort((a, b) => order(a) - order(b));
  },
  points: [
    { ...middleOfDownload((record) => record.downloads > 0), holding: 0 },
    { name: 'between storing and confirming', holding: 1, reached: (records) => (records[2]!.confirm_attempts ?? 0) > 0, atKill: storedNotConfirmed },
    { ...whileConfirming, holding: 2 },
  ],
};

// ERiC's records: three ESB answers to one filing, each a data package of Otto's; the second's first
// download times out, the third's first download is slow.
const ericRecords: DoubleRecord[] = [1, 2, 3].map((n) => ({
  id: `be1237nw3vymf411strc2fk7rhakxdv${n}`,
  provisionTicket: `et2501jbenyw7w6yw8c0tivbcj3rfvs${n}`,
  data: `32550000-0000-0000-0000-00000000000${n}`,
}));
let ericFiles: { confirmations: string; counters: () => ReturnType<Awaited<ReturnType<typeof ottoObjects>>['counters']> } | undefined;

const eric: Authority = {
  name: 'ERiC with Otto',
  async prepare(dataDir, point) {
    const objects = await ottoObjects(1024);
    for (const [n, record] of ericRecords.entries())
      await objects.put(record.data, Buffer.concat([Buffer.from(`<Bescheiddaten n="${n}">`), randomBytes(8 * 1024)]), {
        ...(n === 1 && { fault: 'timeout 2000 1' }),
        ...(n === 2 && point.name === 'in the middle of a download' && { fault: 'slow 1000 1' }),
      });
    const folder = await mkdtemp(join(tmpdir(), 'steuerbote-datenabholung-'));
    const confirmations = join(folder, 'confirmations.txt');
    ericFiles = { confirmations, counters: () => objects.counters() };
    const env = {
      ...quiet,
      TAX_AUTHORITY: 'eric',
      ERIC_HOME: ericDoubleHome(41),
      ERIC_CERT_PATH: await doubleCertificate(),
      ERIC_CERT_PIN: doublePin,
      ERIC_DOUBLE_DATENABHOLUNG_DIR: folder,
      ERIC_DOUBLE_CONFIRMATIONS: confirmations,
      OTTO_HOME: ottoDoubleHome(),
      ...objects.env,
    };
    const service = await startService({ dataDir, env });
    const filing = await service.waitForStatus((await service.submit('ustva', ustvaSample())).json.data.ticket, ['delivered']);
    await datenabholungFolder(
      ericRecords.map((record) => ({ ...record, erklaerungsticket: filing.transfer_ticket })),
      folder,
    );
    await service.stop();
    return { env, key: service.runtime.apiKey };
  },
  async records() {
    const { confirmations, counters } = ericFiles!;
    const confirmed = (await readFile(confirmations, 'utf8').catch(() => '')).split('\n');
    const downloads = await counters();
    return Promise.all(
      ericRecords.map(async (record) => {
        const notice = await noticeStore().get(noticeId(stageMailbox, record.id));
        return {
          downloads: downloads.get(record.data)?.begun ?? 0,
          completed: downloads.get(record.data)?.completed ?? 0,
          confirmations: confirmed.filter((id) => id === record.id).length,
          ...(notice && { notice }),
        };
      }),
    );
  },
  points: [
    middleOfDownload((record) => record.downloads > 0),
    {
      name: 'between storing and confirming',
      env: { ERIC_DOUBLE_CONFIRM_HOLD_MS: '120000' },
      reached: (records) => records.every((record) => record.notice?.announced_at !== undefined),
      atKill: storedNotConfirmed,
    },
    { ...whileConfirming, env: { ERIC_DOUBLE_CONFIRMED_HOLD_MS: '120000' } },
  ],
};

describe.each([sandbox, eric])('a mailbox check on $name killed', (authority) => {
  let service: LocalService | undefined;
  let child: ChildRuntime | undefined;
  afterEach(async () => {
    await stopRuntimes(child, service);
    child = service = undefined;
  });

  for (const point of authority.points) {
    it(`${point.name} stores and confirms every notice exactly once after the restart`, { timeout: 240_000 }, async () => {
      const dataDir = await newDataDir();
      const { env, key } = await authority.prepare(dataDir, point);

      child = await startChild(dataDir, { ...env, ...point.env });
      await child.useStandIns();
      const accepted = await fetch(`${child.apiUrl}/v2/mailbox/checks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ test: true }),
      });
      expect(accepted.status).toBe(202);
      const checkId = ((await accepted.json()) as any).data.check_id;
      const atKill = await eventually(async () => {
        const records = await authority.records();
        return records.length === 3 && point.reached(records) && records;
      }, 120_000);
      await child.kill();
      child = undefined;
      point.atKill(atKill);
      for (const record of atKill) if (record.confirmations > 0) expect(record.notice).toBeDefined();

      service = await startService({ dataDir, env });
      expect((await checkDone(service, checkId)).unconfirmed).toBe(0);

      const notices = (await service.call('GET', '/v2/notices')).json.data.notices;
      expect(notices).toHaveLength(3);
      for (const notice of notices) {
        expect(notice.state).toBe('confirmed');
        const data = await service.call('GET', `/v2/notices/${notice.notice_id}/data`);
        expect(sha256(data.bytes)).toBe(notice.data.file_sha256);
        for (const attachment of notice.attachments) {
          const file = await service.call('GET', `/v2/notices/${notice.notice_id}/attachments/${attachment.n}`);
          expect(sha256(file.bytes)).toBe(attachment.file_sha256);
        }
      }

      const records = await authority.records();
      expect(records.map((record) => record.confirmations)).toEqual([1, 1, 1]);
      for (const [n, record] of records.entries()) {
        expect(record.downloads).toBeGreaterThan(0);
        // Each record downloaded whole exactly once, the one its confirmation follows.
        if (record.completed !== undefined) expect(record.completed).toBe(1);
        if (record.confirmed_at !== undefined) expect(record.notice!.created_at <= record.confirmed_at).toBe(true);
        // A notice stored before the kill is never downloaded again.
        if (atKill[n]!.notice) expect(record.downloads).toBe(atKill[n]!.downloads);
      }

      const again = await service.post('/v2/mailbox/checks', { test: true });
      expect(await checkDone(service, again.json.data.check_id)).toMatchObject({ found: 0, stored: 0, unconfirmed: 0 });
      expect((await authority.records()).map((record) => record.confirmations)).toEqual([1, 1, 1]);
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
