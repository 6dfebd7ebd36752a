// Each queue's consumer counts a message it failed on, the count its deployments roll back on
// (infra/constructs/operations.ts): its invocation succeeds all the same, and Lambda counts no error.

import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as deliverWebhook } from '#functions/deliver-webhook.ts';
import { handler as transmit } from '#functions/transmit.ts';
import { logger } from '#shared/logger.ts';
import { metrics } from '#shared/metrics.ts';
import { transmitMessage } from '#shared/queue/transmit-message.ts';
import { webhookMessage } from '#shared/queue/webhook-message.ts';
import { context, validTicketId } from '#test/fakes.ts';

afterEach(() => vi.restoreAllMocks());

const event = (body: string): SQSEvent => ({
  Records: [
    {
      messageId: 'm1',
      receiptHandle: 'rh-m1',
      body,
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'test', ApproximateFirstReceiveTimestamp: '0' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:eu-central-1:000000000000:test',
      awsRegion: 'eu-central-1',
    },
  ],
});

describe('a queue consumer', () => {
  // No table is configured here, so the ticket store cannot be made and every message fails.
  it.each([
    ['transmit', transmit, transmitMessage(validTicketId)],
    ['webhook', deliverWebhook, webhookMessage({ ticket: validTicketId, webhook_id: 'msg_AAAAAAAAAAAAAAAAAAAAAA' })],
  ])('of the %s queue counts the message it failed on, and hands it back to the queue', async (queue, handler, body) => {
    vi.stubEnv('HOOK_ENABLED', 'true');
    vi.stubEnv('HOOK_URI', 'https://hooks.example.com/elster');
    const counted = vi.spyOn(metrics(), 'addMetric');
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(await handler(event(body), context())).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(counted.mock.calls).toContainEqual([`FailedRecords_${queue}`, 'Count', 1]);
    vi.unstubAllEnvs();
  });
});
