import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queues, resourceEnv, tables, type QueueName, type TableName, type TableSpec } from '#shared/manifest.ts';

export interface ProvisionOptions {
  /** Shorter visibility timeouts make retries visible in tests without waiting minutes. */
  visibilityTimeoutSeconds?: Partial<Record<QueueName, number>>;
}

/**
 * Creates the manifest's tables, bucket and queues (each with its dead-letter queue) on the
 * stand-ins, keeping what exists, and returns the environment the functions read them from.
 */
export async function provision(options: ProvisionOptions = {}): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  const dynamo = new DynamoDBClient({});
  for (const name of Object.keys(tables) as TableName[]) {
    const physical = `steuerbote-local-${name}`;
    await createTable(dynamo, physical, tables[name]);
    env[resourceEnv.table(name)] = physical;
  }
  dynamo.destroy();

  const bucket = 'steuerbote-local';
  const s3 = new S3Client({ forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch((error: { name?: string }) => {
    if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
  });
  s3.destroy();
  env[resourceEnv.bucket] = bucket;

  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  for (const name of Object.keys(queues) as QueueName[]) {
    const spec = queues[name];
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `steuerbote-local-${name}-dlq` }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
    const queue = await sqs.send(
      new CreateQueueCommand({
        QueueName: `steuerbote-local-${name}`,
        Attributes: {
          VisibilityTimeout: String(options.visibilityTimeoutSeconds?.[name] ?? spec.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes?.QueueArn, maxReceiveCount: spec.maxReceiveCount }),
        },
      }),
    );
    env[resourceEnv.queue(name)] = queue.QueueUrl!;
    env[resourceEnv.deadLetterQueue(name)] = dlq.QueueUrl!;
  }
  sqs.destroy();
  return env;
}

/** Creates a table of the manifest's shape; one that exists is kept. */
export async function createTable(client: DynamoDBClient, TableName: string, spec: TableSpec) {
  const keys = [
    { AttributeName: spec.partitionKey, KeyType: 'HASH' as const },
    ...(spec.sortKey ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' as const }] : []),
  ];
  try {
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keys.map(({ AttributeName }) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: keys,
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}
