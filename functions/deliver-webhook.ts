import type { Context, SQSEvent } from 'aws-lambda';
import { parseDelivery } from '#shared/adapters/sqs-work-queue.ts';
import { hookConfig } from '#shared/config.ts';
import { metrics } from '#shared/metrics.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { deliverWebhook } from '#shared/webhooks/deliver.ts';
import { hookSigningKeys } from '#shared/webhooks/signing-keys.ts';
import { notifier, protocolStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';

const processBatch = sqsHandler(
  (record) => ({ delivery: parseDelivery(record.body) ?? { ticket: '', webhook_id: '' }, receiptHandle: record.receiptHandle }),
  (message) =>
    deliverWebhook(
      {
        tickets: ticketStore(),
        protocols: protocolStore(),
        notifier: notifier(),
        queue: workQueue(),
        hook: hookConfig(),
        signingKeys: hookSigningKeys,
        metrics,
      },
      message,
    ),
);

export const handler = async (event: SQSEvent, context: Context) => {
  try {
    return await processBatch(event, context);
  } finally {
    // A batch of superseded deliveries records nothing, and publishing nothing only earns a warning.
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  }
};
