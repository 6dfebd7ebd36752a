// Counts what the service stored, read straight from the stand-ins through the SDK, not the API.

import { DynamoDBClient, GetItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { bucketFolders, resourceEnv } from '#shared/setting-names.ts';

/** The keys of every stored submission body. */
async function* submissionKeys(s3: S3Client): AsyncIterable<string> {
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: process.env[resourceEnv.bucket], Prefix: bucketFolders.submissions, ContinuationToken: token }),
    );
    for (const { Key } of page.Contents ?? []) if (Key) yield Key;
    token = page.NextContinuationToken;
  } while (token);
}

/** Tickets, idempotency keys, certificates and stored submission bodies of the running in-process runtime. */
export async function storedRecords(): Promise<number> {
  const dynamo = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: true });
  let count = 0;
  for (const table of ['tickets', 'idempotency', 'certificates'] as const) {
    let start: Record<string, any> | undefined;
    do {
      const page = await dynamo.send(new ScanCommand({ TableName: process.env[resourceEnv.table(table)], Select: 'COUNT', ExclusiveStartKey: start }));
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
  }
  for await (const _ of submissionKeys(s3)) count++;
  dynamo.destroy();
  s3.destroy();
  return count;
}

/** Submission bodies whose ticket does not exist. */
export async function orphanedBodies(): Promise<number> {
  const dynamo = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: true });
  let count = 0;
  for await (const key of submissionKeys(s3)) {
    const ticket = key.slice(bucketFolders.submissions.length).replace(/\.json$/, '');
    const { Item } = await dynamo.send(new GetItemCommand({ TableName: process.env[resourceEnv.table('tickets')], Key: { ticket: { S: ticket } } }));
    if (!Item) count++;
  }
  dynamo.destroy();
  s3.destroy();
  return count;
}
