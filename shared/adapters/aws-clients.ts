import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { once } from '#shared/once.ts';

// Endpoints come from the SDK's own AWS_ENDPOINT_URL_* variables, which the local runtime sets
// to its stand-ins; on AWS they are unset and the clients reach the real services.
export const dynamo = once(() => new DynamoDBClient({}));
// Requests go to the configured endpoint, never to the host a queue URL happens to name.
export const sqs = once(() => new SQSClient({ useQueueUrlAsEndpoint: false }));
export const s3 = once(
  () =>
    new S3Client({
      // A custom endpoint has no per-bucket DNS names, so address buckets by path there.
      forcePathStyle: !!process.env.AWS_ENDPOINT_URL_S3,
      // Checksums only where S3 demands them: optional ones corrupt streamed uploads on the stand-in.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    }),
);
