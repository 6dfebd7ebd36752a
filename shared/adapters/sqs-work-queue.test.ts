import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type Message,
  type ReceiveMessageCommandOutput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import type { QueueName } from '#shared/manifest.ts';
import { SqsWorkQueue } from '#shared/adapters/sqs-work-queue.ts';
import type { TicketDelivery, WebhookDelivery } from '#shared/ports/work-queue.ts';

const url = (name: QueueName) => `https://sqs.test/000000000000/${name}`;
const dlqUrl = (name: QueueName) => `https://sqs.test/000000000000/${name}-dlq`;

type AnyCommand =
  SendMessageCommand | SendMessageBatchCommand | GetQueueAttributesCommand | ChangeMessageVisibilityCommand | ReceiveMessageCommand | DeleteMessageCommand;

/**
 * An SQS client whose `send` answers by command type. `batches` are what successive receives from
 * the dead-letter queue hand out; once they are used up, the queue is empty. `log` keeps every
 * call in order, in a form short enough to compare whole.
 */
function sqs(batches: Message[][] = [], refusals: string[][] = []) {
  const log: string[] = [];
  const sent: SendMessageCommand['input'][] = [];
  const send = vi.fn(async (command: AnyCommand): Promise<unknown> => {
    if (command instanceof SendMessageBatchCommand) {
      const refused = refusals.shift() ?? [];
      log.push(`batch ${command.input.QueueUrl} ${command.input.Entries!.map((entry) => entry.MessageBody).join(' ')}`);
      return { Failed: refused.map((Id) => ({ Id, Code: 'InternalError', SenderFault: false })) };
    }
    if (command instanceof GetQueueAttributesCommand) {
      const counts = { ApproximateNumberOfMessages: '3', ApproximateNumberOfMessagesDelayed: '2', ApproximateNumberOfMessagesNotVisible: '1' };
      return { Attributes: command.input.QueueUrl!.endsWith('transmit') ? counts : { ...counts, ApproximateNumberOfMessages: '30' } };
    }
    if (command instanceof SendMessageCommand) {
      sent.push(command.input);
      log.push(`send ${command.input.QueueUrl} ${command.input.MessageBody}`);
      return {};
    }
    if (command instanceof ChangeMessageVisibilityCommand) {
      log.push(`hide ${command.input.QueueUrl} ${command.input.ReceiptHandle} ${command.input.VisibilityTimeout}`);
      return {};
    }
    if (command instanceof ReceiveMessageCommand) {
      log.push(`receive ${command.input.QueueUrl}`);
      return { Messages: batches.shift() ?? [], $metadata: {} } satisfies ReceiveMessageCommandOutput;
    }
    if (command instanceof DeleteMessageCommand) {
      log.push(`delete ${command.input.QueueUrl} ${command.input.ReceiptHandle}`);
      return {};
    }
    throw new Error('unexpected command');
  });
  const queue = new SqsWorkQueue({ send } as unknown as SQSClient, url, dlqUrl);
  return { queue, send, sent, log };
}

const dead = (handle: string, body: string): Message => ({ ReceiptHandle: handle, Body: body });
// Ticket and webhook IDs of the shapes the service hands out, numbered.
const delivery = (n: number): TicketDelivery => ({ ticket: `tk_${String(n).padStart(22, '0')}`, webhook_id: `msg_${String(n).padStart(22, '0')}` });
const deadDelivery = (n: number): Message => dead(`rh-${n}`, JSON.stringify(delivery(n)));

describe('SqsWorkQueue', () => {
  it('sends a transmit wake-up with its delay to the transmit queue', async () => {
    const { sent, queue } = sqs();
    await queue.wakeTransmit('tk_a');
    await queue.wakeTransmit('tk_b', 60);
    expect(sent).toEqual([
      { QueueUrl: url('transmit'), MessageBody: '{"ticket":"tk_a"}', DelaySeconds: 0 },
      { QueueUrl: url('transmit'), MessageBody: '{"ticket":"tk_b"}', DelaySeconds: 60 },
    ]);
  });

  it('caps a delay at the 900 seconds SQS accepts', async () => {
    const { sent, queue } = sqs();
    await queue.wakeTransmit('tk_a', 900);
    await queue.wakeTransmit('tk_a', 4 * 300);
    expect(sent.map((input) => input.DelaySeconds)).toEqual([900, 900]);
  });

  it('sends many wake-ups and deliveries ten to a call', async () => {
    const { log, queue } = sqs();
    const tickets = Array.from({ length: 12 }, (_, i) => `tk_${i}`);
    await queue.wakeTransmits(tickets);
    await queue.enqueueWebhooks([delivery(1)]);
    expect(log).toEqual([
      `batch ${url('transmit')} ${tickets
        .slice(0, 10)
        .map((ticket) => `{"ticket":"${ticket}"}`)
        .join(' ')}`,
      `batch ${url('transmit')} {"ticket":"tk_10"} {"ticket":"tk_11"}`,
      `batch ${url('webhook')} ${JSON.stringify(delivery(1))}`,
    ]);
  });

  it('sends what a batch call refused once more, and throws when it is refused again', async () => {
    const again = sqs([], [['1']]);
    await again.queue.wakeTransmits(['tk_a', 'tk_b']);
    expect(again.log).toEqual([`batch ${url('transmit')} {"ticket":"tk_a"} {"ticket":"tk_b"}`, `batch ${url('transmit')} {"ticket":"tk_b"}`]);
    const refused = sqs([], [['0'], ['0']]);
    await expect(refused.queue.wakeTransmits(['tk_a'])).rejects.toThrow(/refused 1 of a batch twice: InternalError/);
  });

  it('counts every message each queue holds: waiting, delayed and in hand', async () => {
    expect(await sqs().queue.messagesHeld()).toEqual({ transmit: 6, webhook: 33 });
  });

  it('sends a webhook delivery to the webhook queue', async () => {
    const { sent, queue } = sqs();
    await queue.enqueueWebhook({ ticket: 'tk_a', webhook_id: 'msg_1' });
    expect(sent).toEqual([{ QueueUrl: url('webhook'), MessageBody: '{"ticket":"tk_a","webhook_id":"msg_1"}', DelaySeconds: 0 }]);
  });

  it('postpones a received message by changing its visibility in its own queue', async () => {
    const { send, queue } = sqs();
    await queue.postpone('webhook', 'rh-1', 3600);
    await queue.postpone('transmit', 'rh-2', 0);
    expect(send.mock.calls.map(([command]) => [command.constructor.name, command.input])).toEqual([
      ['ChangeMessageVisibilityCommand', { QueueUrl: url('webhook'), ReceiptHandle: 'rh-1', VisibilityTimeout: 3600 }],
      ['ChangeMessageVisibilityCommand', { QueueUrl: url('transmit'), ReceiptHandle: 'rh-2', VisibilityTimeout: 0 }],
    ]);
  });

  it('parks a message it was handed, as it came, in the dead-letter queue of its queue', async () => {
    const { sent, queue } = sqs();
    await queue.deadLetter('transmit', 'not json');
    expect(sent).toEqual([{ QueueUrl: dlqUrl('transmit'), MessageBody: 'not json', DelaySeconds: 0 }]);
  });

  it('parks a delivery in the webhook dead-letter queue', async () => {
    const { sent, queue } = sqs();
    await queue.deadLetterWebhook({ ticket: 'tk_a', webhook_id: 'msg_1' });
    expect(sent).toEqual([{ QueueUrl: dlqUrl('webhook'), MessageBody: '{"ticket":"tk_a","webhook_id":"msg_1"}', DelaySeconds: 0 }]);
  });

  describe('reviveDeadLetters', () => {
    it('sends a revived delivery back to the webhook queue before deleting it from the dead-letter queue', async () => {
      const { log, queue } = sqs([[deadDelivery(1)]]);
      const revive = vi.fn(async () => true);
      expect(await queue.reviveDeadLetters(revive)).toBe(1);
      expect(revive.mock.calls).toEqual([[delivery(1)]]);
      expect(log).toEqual([
        `receive ${dlqUrl('webhook')}`,
        `send ${url('webhook')} ${JSON.stringify(delivery(1))}`,
        `delete ${dlqUrl('webhook')} rh-1`,
        `receive ${dlqUrl('webhook')}`,
      ]);
    });

    it('only deletes a delivery that is not to be revived', async () => {
      const { log, sent, queue } = sqs([[deadDelivery(1)]]);
      expect(await queue.reviveDeadLetters(async () => false)).toBe(0);
      expect(sent).toEqual([]);
      expect(log).toContain(`delete ${dlqUrl('webhook')} rh-1`);
    });

    it('deletes a message it cannot read without asking about it', async () => {
      const bodies = ['not json', JSON.stringify({ ticket: delivery(1).ticket }), JSON.stringify({ ...delivery(1), ticket: 1 }), 'null', ''];
      const { log, sent, queue } = sqs([bodies.map((body, i) => dead(`rh-${i}`, body))]);
      const revive = vi.fn(async () => true);
      expect(await queue.reviveDeadLetters(revive)).toBe(0);
      expect(revive).not.toHaveBeenCalled();
      expect(sent).toEqual([]);
      expect(log.filter((line) => line.startsWith('delete'))).toEqual(bodies.map((_, i) => `delete ${dlqUrl('webhook')} rh-${i}`));
    });

    it('receives until the dead-letter queue is empty and counts what it moved', async () => {
      const first = Array.from({ length: 10 }, (_, i) => deadDelivery(i));
      const second = [deadDelivery(10), deadDelivery(11), deadDelivery(12)];
      const { log, sent, queue } = sqs([first, second]);
      // Odd tickets were meanwhile delivered or replaced.
      const revive = async (dead: WebhookDelivery) => 'ticket' in dead && Number(dead.ticket.slice(3)) % 2 === 0;
      expect(await queue.reviveDeadLetters(revive)).toBe(7);
      expect(sent.map((input) => input.MessageBody)).toEqual([0, 2, 4, 6, 8, 10, 12].map((n) => JSON.stringify(delivery(n))));
      expect(sent.every((input) => input.QueueUrl === url('webhook'))).toBe(true);
      expect(log.filter((line) => line.startsWith('receive'))).toHaveLength(3);
      expect(log.filter((line) => line.startsWith('delete'))).toHaveLength(13);
    });

    it('receives from the dead-letter queue, up to ten at a time', async () => {
      const { send, queue } = sqs();
      expect(await queue.reviveDeadLetters(async () => true)).toBe(0);
      expect(send).toHaveBeenCalledTimes(1);
      const [command] = send.mock.calls[0]!;
      expect(command).toBeInstanceOf(ReceiveMessageCommand);
      expect(command.input).toMatchObject({ QueueUrl: dlqUrl('webhook'), MaxNumberOfMessages: 10 });
    });

    it('keeps a delivery in the dead-letter queue when reviving it fails', async () => {
      const { log, queue } = sqs([[deadDelivery(1)]]);
      await expect(
        queue.reviveDeadLetters(async () => {
          throw new Error('DynamoDB down');
        }),
      ).rejects.toThrow('DynamoDB down');
      expect(log.some((line) => line.startsWith('delete'))).toBe(false);
    });

    it('keeps a delivery in the dead-letter queue when it cannot be sent back', async () => {
      const { send, log, queue } = sqs([[deadDelivery(1)]]);
      const answer = send.getMockImplementation()!;
      send.mockImplementation(async (command) => {
        if (command instanceof SendMessageCommand) throw new Error('SQS down');
        return answer(command);
      });
      await expect(queue.reviveDeadLetters(async () => true)).rejects.toThrow('SQS down');
      expect(log.some((line) => line.startsWith('delete'))).toBe(false);
    });
  });
});
