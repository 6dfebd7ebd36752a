import { webhookConfig } from '#shared/config.ts';
import { metrics } from '#shared/metrics.ts';
import { readWebhookMessage } from '#shared/queue/webhook-message.ts';
import { deliverWebhook } from '#shared/webhooks/deliver.ts';
import { webhookSigningKeys } from '#shared/webhooks/signing-keys.ts';
import { eventStore, noticeStore, notifier, protocolStore, ticketStore, webhookAttemptStore, workQueue } from '#shared/wiring/adapters.ts';
import { queueConsumer } from '#shared/wiring/queue-consumer.ts';

export const handler = queueConsumer({
  queue: 'webhook',
  read: readWebhookMessage,
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
