// Plays Lambda's SQS event source mapping: long-polls a queue, hands the handler a real SQSEvent
// batch, and deletes only what the handler did not report as failed.

import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { EventSource, InvokedFunction } from '#local/event-source.ts';
import { lambdaContext } from '#local/lambda-context.ts';
import { region } from '#local/region.ts';
import { leanSettings } from '../shared/adapters/lean-client.ts';
import { sqsRecord } from '../shared/queue/sqs-record.ts';

export type SqsLambda = (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse | undefined>;

export interface PollerOptions extends InvokedFunction<SqsLambda> {
  queueUrl: string;
  batchSize: number;
  /** Parallel pollers, as Lambda runs several concurrent batches. */
  concurrency: number;
}

export function startPoller(options: PollerOptions): EventSource {
  const client = new SQSClient({ ...leanSettings, useQueueUrlAsEndpoint: false });
  const stopping = new AbortController();
  const loops = Array.from({ length: options.concurrency }, () => loop());

  async function loop() {
    while (!stopping.signal.aborted) {
      try {
        const { Messages = [] } = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: options.batchSize,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: stopping.signal },
        );
        if (Messages.length) await invoke(Messages);
      } catch (error) {
        if (!stopping.signal.aborted) options.onError(error);
      }
    }
  }

  async function invoke(messages: Message[]) {
    const records = messages.map((message) => toRecord(message, options.queueUrl));
    let failed: Set<string>;
    try {
      const result = await options.handler({ Records: records }, lambdaContext(options.functionName));
      failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      // A thrown handler fails the whole batch, as on Lambda: every message comes back.
      options.onError(error);
      return;
    }
    const done = messages.filter((message) => !failed.has(message.MessageId!));
    if (!done.length) return;
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle! })),
      }),
    );
  }

  return {
    async stop() {
      stopping.abort();
      await Promise.allSettled(loops);
      client.destroy();
    },
  };
}

function toRecord(message: Message, queueUrl: string): SQSRecord {
  const queueName = queueUrl.split('/').pop();
  return sqsRecord(
    message.Body ?? '',
    {
      messageId: message.MessageId!,
      receiptHandle: message.ReceiptHandle!,
      eventSourceARN: `arn:aws:sqs:${region}:000000000000:${queueName}`,
      awsRegion: region,
      senderId: 'local',
    },
    { ...message.Attributes, md5OfBody: message.MD5OfBody },
  );
}
