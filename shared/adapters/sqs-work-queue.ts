import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { QueueName } from '#infra/manifest.ts';
import type { WebhookDelivery, WorkQueue } from '#shared/ports.ts';

export class SqsWorkQueue implements WorkQueue {
  readonly #client: SQSClient;
  readonly #urlOf: (queue: QueueName) => string;

  /** URLs are resolved on use: a function is only configured with the queues it sends to. */
  constructor(client: SQSClient, urlOf: (queue: QueueName) => string) {
    this.#client = client;
    this.#urlOf = urlOf;
  }

  async wakeTransmit(ticket: string, delaySeconds = 0): Promise<void> {
    await this.#send(this.#urlOf('transmit'), { ticket }, delaySeconds);
  }

  async enqueueWebhook(delivery: WebhookDelivery): Promise<void> {
    await this.#send(this.#urlOf('webhook'), delivery);
  }

  async #send(QueueUrl: string, message: object, DelaySeconds = 0) {
    await this.#client.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(message), DelaySeconds }));
  }
}
