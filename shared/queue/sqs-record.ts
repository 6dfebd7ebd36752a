// A record of an SQS event as Lambda's event source mapping hands it to a queue's consumer, for those
// that invoke a consumer with no mapping between: the local runtime's poller, the pre-traffic hook's
// probes and the cold-start bench.
import type { SQSRecord, SQSRecordAttributes } from 'aws-lambda';

/** What names a record and where it comes from; the sender stands where the queue named none. */
export interface RecordOrigin {
  messageId: string;
  receiptHandle: string;
  eventSourceARN: string;
  awsRegion: string;
  senderId: string;
}

/** What the queue said of the message when it was received, where it said anything. */
export type Received = Partial<Pick<SQSRecordAttributes, 'ApproximateReceiveCount' | 'SentTimestamp' | 'SenderId' | 'ApproximateFirstReceiveTimestamp'>> & {
  md5OfBody?: string | undefined;
};

/** The record of `body`: received once, just now, unless `received` says otherwise. */
export function sqsRecord(body: string, origin: RecordOrigin, received: Received = {}): SQSRecord {
  const now = String(Date.now());
  return {
    messageId: origin.messageId,
    receiptHandle: origin.receiptHandle,
    body,
    attributes: {
      ApproximateReceiveCount: received.ApproximateReceiveCount ?? '1',
      SentTimestamp: received.SentTimestamp ?? now,
      SenderId: received.SenderId ?? origin.senderId,
      ApproximateFirstReceiveTimestamp: received.ApproximateFirstReceiveTimestamp ?? now,
    },
    messageAttributes: {},
    md5OfBody: received.md5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: origin.eventSourceARN,
    awsRegion: origin.awsRegion,
  };
}
