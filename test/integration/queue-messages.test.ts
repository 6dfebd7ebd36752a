// A message nobody can read, on either queue of the local runtime: parked at once in that queue's
// dead-letter queue as it came, with a log line, and never taken for a ticket.

import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { sqs } from '#shared/adapters/sqs-client.ts';
import { deadLetterQueueUrl, queueUrl } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import type { QueueName } from '#shared/manifest.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';

const unreadable = ['not json', '{"ticket":"undefined"}', '{"ticket":"tk_AAAAAAAAAAAAAAAAAAAAAA"}', '{}'];

describe('an unreadable queue message', () => {
  let service: LocalService;

  beforeAll(async () => {
    service = await startService({ env: { HOOK_ENABLED: 'true' } });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it.each<QueueName>(['transmit', 'webhook'])('on the %s queue is dead-lettered as it came, logged, and never looked up', async (queue) => {
    const lookups = [vi.spyOn(DynamoTicketStore.prototype, 'get'), vi.spyOn(DynamoTicketStore.prototype, 'claim')];
    const errors = vi.spyOn(logger, 'error');
    // A webhook message must also name a delivery; a transmit wake-up with a valid ticket is readable, so it is left out there.
    const bodies = queue === 'transmit' ? unreadable.filter((body) => !body.includes('tk_')) : unreadable;
    for (const body of bodies) await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl(queue), MessageBody: body }));

    const parked: string[] = [];
    await eventually(async () => {
      const { Messages = [] } = await sqs().send(
        new ReceiveMessageCommand({ QueueUrl: deadLetterQueueUrl(queue), MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      parked.push(...Messages.map((message) => message.Body ?? ''));
      return parked.length >= bodies.length;
    });
    expect(parked.sort()).toEqual([...bodies].sort());
    const lines = errors.mock.calls.filter(([message]) => message === 'unreadable message moved to the dead-letter queue');
    expect(lines).toHaveLength(bodies.length);
    expect(lines.every(([, fields]) => JSON.stringify(fields).match(/^\{"queue":"\w+","message_id":"[^"]+"\}$/))).toBe(true);
    for (const lookup of lookups) expect(lookup).not.toHaveBeenCalled();
    expect((await service.call('GET', '/v2/version')).status).toBe(200);
    vi.restoreAllMocks();
  });
});
