import type { Context, SQSEvent } from 'aws-lambda';
import { flushMetrics, metrics } from '#shared/metrics.ts';
import { runMailboxCheck } from '#shared/notices/check-mailbox.ts';
import { readMailboxMessage } from '#shared/queue/mailbox-message.ts';
import { sqsHandler } from '#shared/queue/sqs-handler.ts';
import { workQueue } from '#shared/wiring/adapters.ts';
import { checkDeps } from '#shared/wiring/tax-mailbox.ts';

// A check that throws is delivered again by its queue and runs again from its table item: what it
// stored stays stored, and nothing is confirmed before it is.
const processBatch = sqsHandler({
  queue: 'mailbox',
  control: workQueue,
  read: readMailboxMessage,
  metrics,
  handle: async (checkId) => {
    await runMailboxCheck(checkId, { ...(await checkDeps()), metrics: metrics() });
  },
});

export const handler = async (event: SQSEvent, context: Context) => {
  try {
    return await processBatch(event, context);
  } finally {
    flushMetrics();
  }
};
