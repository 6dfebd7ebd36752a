import { hookConfig } from '#shared/config.ts';
import type { WebhookDelivery } from '#shared/ports.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { deliverWebhook } from '#shared/webhooks/deliver.ts';
import { notifier, protocolStore, ticketStore } from '#shared/wiring.ts';

const parse = (body: unknown): WebhookDelivery => {
  const { ticket, webhook_id } = body as Partial<WebhookDelivery>;
  return { ticket: String(ticket), webhook_id: String(webhook_id) };
};

export const handler = sqsHandler(parse, (delivery) =>
  deliverWebhook({ tickets: ticketStore(), protocols: protocolStore(), notifier: notifier(), hook: hookConfig() }, delivery),
);
