import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { describeError, logger } from '#shared/logger.ts';

/**
 * An SQS-triggered handler that reports partial batch failures: a record that throws is the only
 * one the queue delivers again; the others are deleted.
 */
export function sqsHandler<T>(parse: (body: unknown) => T, handle: (message: T) => Promise<void>) {
  const processor = new BatchProcessor(EventType.SQS);
  const processRecord = async (record: SQSRecord) => {
    try {
      await handle(parse(JSON.parse(record.body)));
    } catch (error) {
      logger.warn('message failed; it will be retried', { message_id: record.messageId, error: describeError(error) });
      throw error;
    }
  };
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false });
}
