// The webhook queue's message: one delivery of one ticket's or notice's webhook. The PDF is read when
// it is sent, so no message size ever limits it. Written by the SQS work queue, read by the webhook
// function and by the dead-letter redrive.
import { isNoticeId } from '#shared/domain/notice.ts';
import { isTicketId, isWebhookId } from '#shared/domain/ticket.ts';
import type { WebhookDelivery } from '#shared/ports/work-queue.ts';
import { jsonObject } from '#shared/queue/json-object.ts';

export const webhookMessage = (delivery: WebhookDelivery): string =>
  JSON.stringify(
    'notice' in delivery ? { notice: delivery.notice, webhook_id: delivery.webhook_id } : { ticket: delivery.ticket, webhook_id: delivery.webhook_id },
  );

/** The delivery a message names, or undefined for a body that is not one. */
export function readWebhookMessage(body: string): WebhookDelivery | undefined {
  const message = jsonObject(body);
  const { ticket, notice, webhook_id: webhookId } = message ?? {};
  if (typeof webhookId !== 'string' || !isWebhookId(webhookId)) return undefined;
  if (typeof ticket === 'string' && isTicketId(ticket)) return { ticket, webhook_id: webhookId };
  if (typeof notice === 'string' && isNoticeId(notice)) return { notice, webhook_id: webhookId };
  return undefined;
}
