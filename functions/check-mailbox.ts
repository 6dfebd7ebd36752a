import { metrics } from '#shared/metrics.ts';
import { runMailboxCheck } from '#shared/notices/check-mailbox.ts';
import { readMailboxMessage } from '#shared/queue/mailbox-message.ts';
import { checkDeps } from '#shared/wiring/tax-mailbox.ts';
import { queueConsumer } from '#shared/wiring/queue-consumer.ts';

// A check that throws is delivered again by its queue and runs again from its table item: what it
// stored stays stored, and nothing is confirmed before it is.
export const handler = queueConsumer({
  queue: 'mailbox',
  read: readMailboxMessage,
  handle: async (checkId) => {
    await runMailboxCheck(checkId, { ...(await checkDeps()), metrics: metrics() });
  },
});
