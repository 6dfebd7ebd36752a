// The sandbox's mailbox table in memory, and a filing that leaves a record in it, for tests of the
// sandbox's mailbox and of the mailbox check without the stand-ins.

import type { SandboxMailboxStore, SandboxRecord } from '#shared/ports/sandbox-mailbox-store.ts';
import type { Transmission } from '#shared/ports/tax-authority.ts';

/** A test income tax return that asks for Bescheiddaten; its tax number picks the record's behaviour. */
export const noticeFiling = (tax_number: string): Transmission => ({
  ticket: 'tk_x',
  attempt: 1,
  kind: 'est',
  test: true,
  year: 2025,
  tax_number,
  datenart_version: 'ESt_2025',
  nutzdaten: '',
  bescheiddaten: true,
});

export class MemorySandboxStore implements SandboxMailboxStore {
  readonly byId = new Map<string, SandboxRecord>();
  async add(record: SandboxRecord) {
    this.byId.set(record.record_id, { ...record });
  }
  async records(mailbox: string) {
    return [...this.byId.values()].filter((record) => record.mailbox === mailbox).map((record) => ({ ...record }));
  }
  async get(_mailbox: string, id: string) {
    const record = this.byId.get(id);
    return record && { ...record };
  }
  async countDownload(_mailbox: string, id: string) {
    this.byId.get(id)!.downloads++;
  }
  async countConfirmAttempt(_mailbox: string, id: string) {
    return ++this.byId.get(id)!.confirm_attempts;
  }
  async confirm(_mailbox: string, id: string, at: string) {
    const record = this.byId.get(id)!;
    if (record.confirmed_at) return false;
    record.confirmed_at = at;
    record.confirmations++;
    return true;
  }
}
