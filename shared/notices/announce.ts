// Tells a notice's client that it arrived: a `notice.available` event, and a webhook queued to the
// stage's receiver (HOOK_URI, as a ticket's) while webhooks are on. A notice owned by no client is
// the operator's and is told to nobody. Announcing it again after a crash writes the same event
// and queues the same delivery (its webhook-id is made of the notice ID), which is dropped once delivered.

import type { WebhookConfig } from '#shared/config.ts';
import { noticeAvailable } from '#shared/domain/event.ts';
import { noticeWebhookId, type Notice } from '#shared/domain/notice.ts';
import type { EventStore } from '#shared/ports/event-store.ts';
import type { NoticeStore } from '#shared/ports/notice-store.ts';
import type { WorkQueue } from '#shared/ports/work-queue.ts';

export interface AnnounceDeps {
  notices: Pick<NoticeStore, 'updateWebhook'>;
  events: Pick<EventStore, 'record'>;
  queue: Pick<WorkQueue, 'enqueueWebhook'>;
  webhooks: Pick<WebhookConfig, 'enabled'>;
}

export async function announceNotice(deps: AnnounceDeps, notice: Notice): Promise<void> {
  const clientId = notice.client_id;
  if (clientId === undefined) return;
  await deps.events.record(noticeAvailable({ ...notice, client_id: clientId }));
  if (!deps.webhooks.enabled) return;
  const webhookId = noticeWebhookId(notice.notice_id);
  if (notice.webhook === undefined) {
    // Started by another run at once: that run queues it, or leaves it unannounced for the next.
    if (!(await deps.notices.updateWebhook(notice.notice_id, undefined, { status: 'pending', attempts: 0, webhook_id: webhookId }))) return;
  } else if (notice.webhook.status !== 'pending') {
    return;
  }
  await deps.queue.enqueueWebhook({ notice: notice.notice_id, webhook_id: webhookId });
}
