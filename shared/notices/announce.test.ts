import { describe, expect, it } from 'vitest';
import type { ClientEvent } from '#shared/domain/event.ts';
import { noticeWebhookId, type Notice } from '#shared/domain/notice.ts';
import type { WebhookState } from '#shared/domain/ticket.ts';
import { announceNotice } from '#shared/notices/announce.ts';
import { deliverWebhook, type DeliverDeps } from '#shared/webhooks/deliver.ts';
import { MemoryProtocolStore, MemoryTicketStore, MemoryWebhookAttemptStore, MemoryWorkQueue, ScriptedNotifier } from '#test/fakes.ts';

const id = 'ntc_AAAAAAAAAAAAAAAAAAAAAA';
const object = { key: `${id}/data`, size: 10, sha256: 'ab', content_type: 'application/xml', file_name: 'ESB_1.xml' };
const aNotice = (overrides: Partial<Notice> = {}): Notice => ({
  notice_id: id,
  client_id: 'client-1',
  mailbox: 'stage',
  record_id: '1',
  provision_ticket: 'p',
  datenart: 'ESB',
  test: true,
  data: object,
  attachments: [],
  state: 'stored',
  check_id: 'chk_AAAAAAAAAAAAAAAAAAAAAA',
  created_at: '2026-11-29T08:00:00.000Z',
  ...overrides,
});

/** The notices table as far as announcing and delivering use it: the webhook state, replaced under its condition. */
class Notices {
  readonly notices = new Map<string, Notice>();
  async get(noticeId: string) {
    return structuredClone(this.notices.get(noticeId));
  }
  async updateWebhook(noticeId: string, expectedWebhookId: string | undefined, webhook: WebhookState, expectedAttempts?: number) {
    const notice = this.notices.get(noticeId);
    if (!notice || notice.webhook?.webhook_id !== expectedWebhookId) return false;
    if (expectedAttempts !== undefined && notice.webhook?.attempts !== expectedAttempts) return false;
    notice.webhook = structuredClone(webhook);
    return true;
  }
}

function setup(notice: Notice, enabled = true) {
  const notices = new Notices();
  notices.notices.set(notice.notice_id, notice);
  const events: ClientEvent[] = [];
  const queue = new MemoryWorkQueue();
  const webhooks = { enabled, uri: 'https://receiver.test/hook', timeoutMs: 1000, maxAttempts: 3, backoffScale: 1 };
  const notifier = new ScriptedNotifier([{ status: 200 }, { status: 200 }]);
  const announce = async () =>
    announceNotice({ notices, events: { record: async (event) => void events.push(event) }, queue, webhooks }, (await notices.get(id))!);
  const deliver: DeliverDeps = {
    tickets: new MemoryTicketStore(),
    notices,
    protocols: new MemoryProtocolStore(),
    notifier,
    attempts: new MemoryWebhookAttemptStore(),
    queue,
    webhooks,
    signingKeys: async () => [],
  };
  return { notices, events, queue, notifier, announce, deliver };
}

describe('announceNotice', () => {
  it('writes the event and queues one delivery, named by the notice', async () => {
    const { events, queue, announce } = setup(aNotice({ ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA', year: 2025, tax_number: '*********0010' }));
    await announce();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'notice.available',
        client_id: 'client-1',
        data: { notice_id: id, datenart: 'ESB', test: true, year: 2025, ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA' },
      }),
    ]);
    expect(queue.webhooks).toEqual([{ notice: id, webhook_id: noticeWebhookId(id) }]);
  });

  it('announced again after a crash, sends the notice once: the repeated delivery is dropped once the first is delivered', async () => {
    const { notices, events, queue, notifier, announce, deliver } = setup(aNotice());
    await announce();
    await announce();
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
    expect(new Set(queue.webhooks.map((delivery) => delivery.webhook_id)).size).toBe(1);
    const outcomes = [];
    for (const delivery of queue.webhooks) outcomes.push((await deliverWebhook(deliver, delivery)).outcome);
    expect(outcomes).toEqual(['delivered', 'superseded']);
    expect(notifier.requests).toHaveLength(1);
    expect((await notices.get(id))!.webhook).toMatchObject({ status: 'delivered', attempts: 1 });

    await announce();
    expect(queue.webhooks).toHaveLength(2);
  });

  it('tells nobody of a notice no client owns, and only the feed while webhooks are off', async () => {
    const unowned = setup(aNotice({ client_id: undefined }));
    await unowned.announce();
    expect(unowned.events).toEqual([]);
    expect(unowned.queue.webhooks).toEqual([]);

    const off = setup(aNotice(), false);
    await off.announce();
    expect(off.events).toHaveLength(1);
    expect(off.queue.webhooks).toEqual([]);
    expect((await off.notices.get(id))!.webhook).toBeUndefined();
  });
});
