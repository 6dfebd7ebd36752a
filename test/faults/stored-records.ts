// Counts what the service stored, read straight from the stand-ins through the SDK, not the API.

import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { resourceEnv } from '#infra/manifest.ts';

/** Tickets, idempotency keys and stored submission bodies of the running in-process runtime. */
export async function storedRecords(): Promise<number> {
  const dynamo = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: true });
  let count = 0;
  for (const table of ['tickets', 'idempotency'] as const) {
    let start: Record<string, any> | undefined;
    do {
      const page = await dynamo.send(new ScanCommand({ TableName: process.env[resourceEnv.table(table)], Select: 'COUNT', ExclusiveStartKey: start }));
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
  }
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: process.env[resourceEnv.bucket], Prefix: 'submissions/', ContinuationToken: token }));
    count += page.KeyCount ?? 0;
    token = page.NextContinuationToken;
  } while (token);
  dynamo.destroy();
  s3.destroy();
  return count;
}
