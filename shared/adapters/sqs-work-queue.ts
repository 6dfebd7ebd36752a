import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SendMessageBatchRequestEntry,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Needs, QueueName } from '#shared/manifest.ts';
import type { WebhookDelivery, WorkQueue } from '#shared/ports/work-queue.ts';
import type { QueueControl } from '#shared/queue/sqs-handler.ts';
import { mailboxMessage } from '#shared/queue/mailbox-message.ts';
import { transmitMessage } from '#shared/queue/transmit-message.ts';
import { readWebhookMessage, webhookMessage } from '#shared/queue/webhook-message.ts';

/** A consumer's `postpone` and `deadLetter` of its own queue are the queue's (shared/queue/sqs-handler.ts). */
export const needs = {
  wakeTransmit: { sendsTo: ['transmit'] },
  enqueueWebhook: { sendsTo: ['webhook'] },
  wakeMailboxCheck: { sendsTo: ['mailbox'] },
  // SendMessageBatch is allowed by sqs:SendMessage.
  wakeTransmits: { sendsTo: ['transmit'] },
  enqueueWebhooks: { sendsTo: ['webhook'] },
  messagesHeld: { countsQueues: ['transmit', 'webhook'] },
  deadLetterWebhook: { deadLetters: ['webhook'] },
} as const satisfies Partial<Record<keyof WorkQueue, Needs>>;

// SQS refuses longer delays; a longer backoff (retry delay × attempts) waits as long as it can.
const maxDelaySeconds = 900;
/** The most messages SendMessageBatch takes in one call. */
export const batchSize = 10;
// What a queue holds, in the three counts SQS keeps: every message of the queue is in one of them.
const heldCounts = ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesDelayed', 'ApproximateNumberOfMessagesNotVisible'] as const;

export class SqsWorkQueue implements WorkQueue, QueueControl {
  readonly #client: SQSClient;
  readonly #urlOf: (queue: QueueName) => string;
  readonly #deadLetterUrlOf: (queue: QueueName) => string;

  /** URLs are resolved on use: a function is only configured with the queues it uses. */
  constructor(client: SQSClient, urlOf: (queue: QueueName) => string, deadLetterUrlOf: (queue: QueueName) => string) {
    this.#client = client;
    this.#urlOf = urlOf;
    this.#deadLetterUrlOf = deadLetterUrlOf;
  }

  async wakeTransmit(ticket: string, delaySeconds = 0): Promise<void> {
    await this.#send(this.#urlOf('transmit'), transmitMessage(ticket), delaySeconds);
  }

  async enqueueWebhook(delivery: WebhookDelivery): Promise<void> {
    await this.#send(this.#urlOf('webhook'), webhookMessage(delivery));
  }

  async wakeMailboxCheck(checkId: string): Promise<void> {
    await this.#send(this.#urlOf('mailbox'), mailboxMessage(checkId));
  }

  async wakeTransmits(tickets: readonly string[]): Promise<void> {
    await this.#sendBatches(this.#urlOf('transmit'), tickets.map(transmitMessage));
  }

  async enqueueWebhooks(deliveries: readonly WebhookDelivery[]): Promise<void> {
    await this.#sendBatches(this.#urlOf('webhook'), deliveries.map(webhookMessage));
  }

  async messagesHeld(): Promise<{ transmit: number; webhook: number }> {
    const [transmit, webhook] = await Promise.all((['transmit', 'webhook'] as const).map((queue) => this.#held(queue)));
    return { transmit: transmit!, webhook: webhook! };
  }

  async #held(queue: QueueName): Promise<number> {
    const { Attributes = {} } = await this.#client.send(new GetQueueAttributesCommand({ QueueUrl: this.#urlOf(queue), AttributeNames: [...heldCounts] }));
    return heldCounts.reduce((sum, name) => sum + Number(Attributes[name] ?? 0), 0);
  }

  async postpone(queue: QueueName, receiptHandle: string, seconds: number): Promise<void> {
    await this.#client.send(new ChangeMessageVisibilityCommand({ QueueUrl: this.#urlOf(queue), ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
  }

  async deadLetter(queue: QueueName, body: string): Promise<void> {
    await this.#send(this.#deadLetterUrlOf(queue), body);
  }

  async deadLetterWebhook(delivery: WebhookDelivery): Promise<void> {
    await this.deadLetter('webhook', webhookMessage(delivery));
  }

  async reviveDeadLetters(revive: (delivery: WebhookDelivery) => Promise<boolean>): Promise<number> {
    const deadLetters = this.#deadLetterUrlOf('webhook');
    let moved = 0;
    for (;;) {
      const { Messages = [] } = await this.#client.send(
        // A short long-poll: an immediate receive may answer empty while messages remain.
        new ReceiveMessageCommand({ QueueUrl: deadLetters, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, VisibilityTimeout: 60 }),
      );
      if (!Messages.length) return moved;
      for (const message of Messages) {
        const delivery = readWebhookMessage(message.Body ?? '');
        // Sent back before it is deleted here: a crash in between leaves a copy, never a loss.
        if (delivery && (await revive(delivery))) {
          await this.enqueueWebhook(delivery);
          moved++;
        }
        await this.#client.send(new DeleteMessageCommand({ QueueUrl: deadLetters, ReceiptHandle: message.ReceiptHandle! }));
      }
    }
  }

  /** Ten to a call; the entries SQS could not take are sent once more, and a second refusal throws. */
  async #sendBatches(QueueUrl: string, bodies: readonly string[]): Promise<void> {
    for (let start = 0; start < bodies.length; start += batchSize) {
      let entries: SendMessageBatchRequestEntry[] = bodies.slice(start, start + batchSize).map((MessageBody, i) => ({ Id: String(i), MessageBody }));
      for (let round = 0; entries.length; round++) {
        const { Failed = [] } = await this.#client.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries }));
        if (Failed.length && round > 0) throw new Error(`SQS refused ${Failed.length} of a batch twice: ${Failed[0]!.Code} ${Failed[0]!.Message ?? ''}`.trim());
        entries = entries.filter((entry) => Failed.some((failed) => failed.Id === entry.Id));
      }
    }
  }

  async #send(QueueUrl: string, MessageBody: string, DelaySeconds = 0) {
    await this.#client.send(new SendMessageCommand({ QueueUrl, MessageBody, DelaySeconds: Math.min(DelaySeconds, maxDelaySeconds) }));
  }
}
