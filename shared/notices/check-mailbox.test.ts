// The check's promise at every point a run can die: after the crash, a run again stores every
// notice once and confirms each record exactly once, and never downloads a confirmed one.

import { describe, expect, it } from 'vitest';
import { newCheckId, type MailboxCheck, type Notice } from '#shared/domain/notice.ts';
import { runMailboxCheck, type CheckDeps } from '#shared/notices/check-mailbox.ts';
import type { MailboxCheckStore } from '#shared/ports/mailbox-check-store.ts';
import type { NoticeFileStore, StoredFile } from '#shared/ports/notice-file-store.ts';
import type { NoticeStore, UnconfirmedNotice } from '#shared/ports/notice-store.ts';
import type { TaxMailbox } from '#shared/ports/tax-mailbox.ts';
import { SandboxMailbox } from '#shared/sandbox/sandbox-mailbox.ts';
import { MemorySandboxStore, noticeFiling } from '#test/support/memory-sandbox-mailbox.ts';

class Crash extends Error {}

class MemoryNotices implements NoticeStore {
  readonly notices = new Map<string, Notice>();
  async get(id: string) {
    const notice = this.notices.get(id);
    return notice && structuredClone(notice);
  }
  async create(notice: Notice) {
    if (this.notices.has(notice.notice_id)) return false;
    this.notices.set(notice.notice_id, structuredClone(notice));
    return true;
  }
  async markConfirmed(id: string, at: string) {
    const notice = this.notices.get(id)!;
    if (notice.state === 'confirmed') return false;
    Object.assign(notice, { state: 'confirmed', confirmed_at: at });
    return true;
  }
  async updateWebhook() {
    return false;
  }
  async markAnnounced(id: string, at: string) {
    this.notices.get(id)!.announced_at = at;
  }
  async list() {
    return { notices: [...this.notices.values()] };
  }
  async ofTicket(ticket: string) {
    return [...this.notices.values()].filter((notice) => notice.ticket === ticket);
  }
  async unconfirmed(mailbox?: string): Promise<UnconfirmedNotice[]> {
    return [...this.notices.values()].filter((notice) => notice.state === 'stored' && (mailbox === undefined || notice.mailbox === mailbox));
  }
}

class MemoryChecks implements MailboxCheckStore {
  readonly checks = new Map<string, MailboxCheck>();
  async create(check: MailboxCheck) {
    if (this.checks.has(check.check_id)) return false;
    this.checks.set(check.check_id, { ...check });
    return true;
  }
  async get(id: string) {
    const check = this.checks.get(id);
    return check && { ...check };
  }
  async update(id: string, change: Partial<MailboxCheck>) {
    Object.assign(this.checks.get(id)!, change);
    return true;
  }
  async stale() {
    return [];
  }
  async fetching() {
    return false;
  }
}

class MemoryFiles implements NoticeFileStore {
  readonly files = new Map<string, Buffer>();
  async put(key: string, content: AsyncIterable<Uint8Array>): Promise<StoredFile> {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(Buffer.from(chunk));
    this.files.set(key, Buffer.concat(chunks));
    return { size: this.files.get(key)!.length, sha256: 'x'.repeat(64) };
  }
  async get() {
    return undefined;
  }
  async downloadUrl() {
    return '';
  }
}

/** A world of three records in the stage's mailbox, and a check of it; `crashAt` makes the mailbox or the store throw once. */
async function world(crashAt?: 'download' | 'beforeConfirm' | 'afterConfirm', taxNumber = '9198011310010') {
  const store = new MemorySandboxStore();
  const sandbox = new SandboxMailbox({ store, delayMs: 0, divaConsent: true, pageSize: 2 });
  for (let i = 0; i < 3; i++) await sandbox.deposit(noticeFiling(taxNumber), `transfer${i}`.padEnd(32, '0'), new Date(Date.now() - 1000).toISOString());
  let crash = crashAt;
  const mailbox: TaxMailbox = {
    list: (address, query) => sandbox.list(address, query),
    status: (address, tickets) => sandbox.status(address, tickets),
    async download(address, object) {
      const stream = await sandbox.download(address, object);
      if (crash !== 'download') return stream;
      crash = undefined;
      return (async function* () {
        for await (const chunk of stream) {
          yield chunk;
          throw new Crash('killed during the download');
        }
      })();
    },
    async confirm(address, ids) {
      if (crash === 'beforeConfirm') {
        crash = undefined;
        throw new Crash('killed between storing and confirming');
      }
      const results = await sandbox.confirm(address, ids);
      if (crash === 'afterConfirm') {
        crash = undefined;
        throw new Crash('killed while confirming: ELSTER has the confirmation, the notice does not know');
      }
      return results;
    },
  };
  const notices = new MemoryNotices();
  const checks = new MemoryChecks();
  const files = new MemoryFiles();
  const deps: CheckDeps = {
    checks,
    notices,
    files,
    tickets: { byTransferTicket: async () => undefined },
    mailbox,
    address: async () => ({ test: true }),
    announce: async () => {},
    retentionDays: 1,
  };
  const check = async () => {
    const id = newCheckId();
    const at = new Date().toISOString();
    await checks.create({ check_id: id, client_id: 'c', test: true, status: 'queued', created_at: at, updated_at: at });
    return runMailboxCheck(id, deps).catch((error: unknown) => {
      if (!(error instanceof Crash)) throw error;
      return runMailboxCheck(id, deps);
    });
  };
  return { store, notices, files, check };
}

describe('a mailbox check', () => {
  for (const crashAt of [undefined, 'download', 'beforeConfirm', 'afterConfirm'] as const) {
    it(`stores and confirms every record exactly once ${crashAt ? `when killed at ${crashAt}` : 'without a crash'}`, async () => {
      const { store, notices, check } = await world(crashAt);
      const counts = await check();
      expect(counts).toMatchObject({ found: crashAt === 'afterConfirm' ? 0 : 3, confirmed: 3, unconfirmed: 0 });
      expect([...notices.notices.values()].map((notice) => notice.state)).toEqual(['confirmed', 'confirmed', 'confirmed']);
      expect([...store.byId.values()].map((record) => record.confirmations)).toEqual([1, 1, 1]);
      const downloadsBefore = [...store.byId.values()].map((record) => record.downloads);
      expect(await check()).toMatchObject({ found: 0, stored: 0 });
      expect([...store.byId.values()].map((record) => record.downloads)).toEqual(downloadsBefore);
    });
  }
});

describe('a record without a data package', () => {
  it('is stored as a notice without data, its attachments numbered from 1, and confirmed', async () => {
    const { notices, files, check } = await world(undefined, '9198080000147');
    expect(await check()).toMatchObject({ found: 3, stored: 3, confirmed: 3 });
    for (const notice of notices.notices.values()) {
      expect(notice).toMatchObject({
        datenart: 'EPMitteilung',
        state: 'confirmed',
        attachments: [{ key: `${notice.notice_id}/1`, content_type: 'application/pdf' }],
      });
      expect(notice.data).toBeUndefined();
    }
    expect([...files.files.keys()].every((key) => key.endsWith('/1'))).toBe(true);
  });
});
