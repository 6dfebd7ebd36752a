import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { describeError, logger } from '#shared/logger.ts';

/**
 * An SQS-triggered handler that reports partial batch failures: a record that throws is the only
 * one the queue delivers again; the others are deleted.
 */
export function sqsHandler<T>(parse: (record: SQSRecord) => T, handle: (message: T) => Promise<void>) {
  const processRecord = async (record: SQSRecord) => {
    try {
      await handle(parse(record));
    } catch (error) {
      logger.warn('message failed; it will be retried', { message_id: record.messageId, error: describeError(error) });
      throw error;
    }
  };
  // A processor per invocation: one keeps its batch's state in itself, and outside Lambda (the local
  // runtime polls with several loops) concurrent batches would report each other's failures.
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.SQS), { context, throwOnFullBatchFailure: false });
}
