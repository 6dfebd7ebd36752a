// The webhook queue's message: one delivery of one ticket's webhook. The PDF is read when it is
// sent, so no message size ever limits it. Written by the SQS work queue, read by the webhook
// function and by the dead-letter redrive.
import { isTicketId, isWebhookId } from '#shared/domain/ticket.ts';
import type { WebhookDelivery } from '#shared/ports/work-queue.ts';
import { jsonObject } from '#shared/queue/json-object.ts';

export const webhookMessage = ({ ticket, webhook_id }: WebhookDelivery): string => JSON.stringify({ ticket, webhook_id });

/** The delivery a message names, or undefined for a body that is not one. */
export function readWebhookMessage(body: string): WebhookDelivery | undefined {
  const message = jsonObject(body);
  const ticket = message?.ticket;
  const webhookId = message?.webhook_id;
  return typeof ticket === 'string' && isTicketId(ticket) && typeof webhookId === 'string' && isWebhookId(webhookId)
    ? { ticket, webhook_id: webhookId }
    : undefined;
}
