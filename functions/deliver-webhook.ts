import type { Context, SQSEvent } from 'aws-lambda';
import { webhookConfig } from '#shared/config.ts';
import { flushMetrics, metrics } from '#shared/metrics.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { readWebhookMessage } from '#shared/queue/webhook-message.ts';
import { deliverWebhook } from '#shared/webhooks/deliver.ts';
import { webhookSigningKeys } from '#shared/webhooks/signing-keys.ts';
import { eventStore, noticeStore, notifier, protocolStore, ticketStore, webhookAttemptStore, workQueue } from '#shared/wiring/adapters.ts';

const processBatch = sqsHandler({
  queue: 'webhook',
  control: workQueue,
  read: readWebhookMessage,
  metrics,
  handle: async (delivery) => {
    const deps = {
      tickets: ticketStore(),
      notices: noticeStore(),
      protocols: await protocolStore(),
      notifier: notifier(),
      attempts: webhookAttemptStore(),
      queue: workQueue(),
      webhooks: webhookConfig(),
      signingKeys: webhookSigningKeys,
      events: eventStore(),
      metrics: metrics(),
    };
    const result = await deliverWebhook(deps, delivery);
    if (result.outcome === 'retry') return { retryAfterSeconds: result.afterSeconds };
  },
});

export const handler = async (event: SQSEvent, context: Context) => {
  try {
    return await processBatch(event, context);
  } finally {
    flushMetrics();
  }
};
