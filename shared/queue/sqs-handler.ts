import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { describeError, logger } from '#shared/logger.ts';
import type { QueueName } from '#shared/manifest.ts';
import { failedRecords } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { traced } from '#shared/tracing.ts';

/** What the queue is told about a message once it is handled: nothing (it is done), or when to deliver it again. */
export type Handled = void | { retryAfterSeconds: number };

/** The queue's own controls, which only this driving side uses: the use cases say what should happen, not how. */
export interface QueueControl {
  /** Keeps a received message hidden for `seconds`, after which the queue delivers it again. */
  postpone(queue: QueueName, receiptHandle: string, seconds: number): Promise<void>;
  /** Parks a message as it came in the queue's dead-letter queue. */
  deadLetter(queue: QueueName, body: string): Promise<void>;
}

export interface SqsHandlerOptions<T> {
  queue: QueueName;
  control: () => QueueControl;
  /** The message a body holds, or undefined when it holds none: that one is parked at once, never handled. */
  read: (body: string) => T | undefined;
  handle: (message: T) => Promise<Handled>;
  /** Handle a batch's records one after another rather than all at once. */
  oneAtATime?: () => boolean;
  /** Where a record that failed is counted (`failedRecords`), the alarm its consumer's deployments roll back on. */
  metrics?: () => MetricSink;
}

/** Marks a record failed after its visibility was set, so the queue keeps it until then. */
class Postponed extends Error {
  override name = 'Postponed';
}

/**
 * An SQS-triggered handler that reports partial batch failures: a record that throws is the only
 * one the queue delivers again (after its visibility timeout, or when the handler asked); the
 * others are deleted.
 */
export function sqsHandler<T>({ queue, control, read, handle, oneAtATime, metrics }: SqsHandlerOptions<T>) {
  const processRecord = async (record: SQSRecord) => {
    const message = read(record.body);
    if (message === undefined) {
      // Its body is not logged: a message is not meant to carry data, but a stray one might.
      logger.error('unreadable message moved to the dead-letter queue', { queue, message_id: record.messageId });
      await control().deadLetter(queue, record.body);
      return;
    }
    let handled: Handled;
    try {
      handled = await handle(message);
    } catch (error) {
      logger.warn('message failed; it will be retried', { queue, message_id: record.messageId, error: describeError(error) });
      metrics?.().addMetric(failedRecords(queue), MetricUnit.Count, 1);
      throw error;
    }
    if (handled) {
      await control().postpone(queue, record.receiptHandle, handled.retryAfterSeconds);
      throw new Postponed(`due again in ${handled.retryAfterSeconds} s`);
    }
  };
  // A processor per invocation: one keeps its batch's state in itself, and outside Lambda (the local
  // runtime polls with several loops) concurrent batches would report each other's failures.
  return traced((event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.SQS), {
      context,
      throwOnFullBatchFailure: false,
      processInParallel: !oneAtATime?.(),
    }),
  );
}
