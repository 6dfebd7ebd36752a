import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Needs, QueueName } from '#shared/manifest.ts';
import type { WebhookDelivery, WorkQueue } from '#shared/ports.ts';
import type { QueueControl } from '#shared/queue/sqs-handler.ts';
import { transmitMessage } from '#shared/queue/transmit-message.ts';
import { readWebhookMessage, webhookMessage } from '#shared/queue/webhook-message.ts';

/** A consumer's `postpone` and `deadLetter` of its own queue are the queue's (shared/queue/sqs-handler.ts). */
export const needs = {
  wakeTransmit: { sendsTo: ['transmit'] },
  enqueueWebhook: { sendsTo: ['webhook'] },
  deadLetterWebhook: { deadLetters: ['webhook'] },
} as const satisfies Partial<Record<keyof WorkQueue, Needs>>;

// SQS refuses longer delays; a longer backoff (retry delay × attempts) waits as long as it can.
const maxDelaySeconds = 900;

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

  async #send(QueueUrl: string, MessageBody: string, DelaySeconds = 0) {
    await this.#client.send(new SendMessageCommand({ QueueUrl, MessageBody, DelaySeconds: Math.min(DelaySeconds, maxDelaySeconds) }));
  }
}
