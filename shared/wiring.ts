// The one place where ports meet their adapters. Each getter builds on first use, so a function
// only needs configuration for what it actually touches, and unused adapters drop out of its bundle.

import { DynamoApiKeyStore } from '#shared/adapters/dynamodb-api-key-store.ts';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { dynamo, s3, sqs } from '#shared/adapters/aws-clients.ts';
import { FileReceivedStore } from '#shared/adapters/file-received-store.ts';
import { HttpNotifier } from '#shared/adapters/http-notifier.ts';
import { S3ProtocolStore, S3ReceivedFileStore, S3SubmissionStore } from '#shared/adapters/s3-stores.ts';
import { SqsWorkQueue } from '#shared/adapters/sqs-work-queue.ts';
import { bucketName, deadLetterQueueUrl, queueUrl, tableName, text } from '#shared/config.ts';
import { resourceEnv } from '#infra/manifest.ts';
import { once } from '#shared/once.ts';
import type { ReceivedFileStore } from '#shared/ports.ts';

export const ticketStore = once(() => new DynamoTicketStore(dynamo(), tableName('tickets')));
export const apiKeyStore = once(() => new DynamoApiKeyStore(dynamo(), tableName('apiKeys')));
export const submissionStore = once(() => new S3SubmissionStore(s3(), bucketName()));
export const protocolStore = once(() => new S3ProtocolStore(s3(), bucketName()));
export const workQueue = once(() => new SqsWorkQueue(sqs(), queueUrl, deadLetterQueueUrl));
export const notifier = once(() => new HttpNotifier());

/** On AWS the example receiver keeps files in the stage bucket; on one machine, in a folder. */
export const receivedFileStore = once((): ReceivedFileStore => {
  const dir = process.env.RECEIVER_STORE_DIR;
  return dir ? new FileReceivedStore(dir) : new S3ReceivedFileStore(s3(), bucketName(), text(resourceEnv.bucketPrefix));
});
