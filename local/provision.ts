import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DynamoTicketStore } from '../shared/adapters/dynamodb-ticket-store.ts';
import { pagedItems } from '../shared/adapters/paged-items.ts';
import type { Ticket } from '../shared/domain/ticket.ts';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queues, tables, type QueueName, type TableName, type TableSpec } from '../shared/manifest.ts';
import { resourceEnv } from '../shared/setting-names.ts';

export interface ProvisionOptions {
  /** Shorter visibility timeouts make retries visible in tests without waiting minutes. */
  visibilityTimeoutSeconds?: Partial<Record<QueueName, number>>;
  /** The last run was killed: its writes may have left indexes disagreeing with their tables (rewriteItems). */
  killedBefore?: boolean;
}

/**
 * Creates the manifest's tables, bucket and queues (each with its dead-letter queue) on the
 * stand-ins, keeping what exists, and returns the environment the functions read them from.
 */
export async function provision(options: ProvisionOptions = {}): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  const dynamo = new DynamoDBClient({});
  for (const name of Object.keys(tables) as TableName[]) {
    // The stand-in cannot add an index to a table, so a table with indexes is named by them.
    const indexes = Object.keys((tables[name] as TableSpec).indexes ?? {});
    const physical = ['steuerbote-local', name, ...indexes].join('-');
    await createTable(dynamo, physical, tables[name]);
    if (options.killedBefore && indexes.length) await rewriteItems(dynamo, physical);
    env[resourceEnv.table(name)] = physical;
  }
  // The tickets tables of earlier versions: without indexes, then with the two of the re-drive and the
  // sweep, then with the listing's too.
  for (const earlier of ['steuerbote-local-tickets', 'steuerbote-local-tickets-indexed', 'steuerbote-local-tickets-owed-unswept-by_client']) {
    await carryOverTickets(dynamo, earlier, env[resourceEnv.table('tickets')]!);
  }
  dynamo.destroy();

  const bucket = 'steuerbote-local';
  const s3 = new S3Client({ forcePathStyle: true });
  // With Object Lock on, as a production stage's bucket, so a live filing's records lock locally too; a
  // bucket of an earlier data directory stays as it is, as an existing stage's does (docs/operations/).
  await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true })).catch((error: { name?: string }) => {
    if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
  });
  s3.destroy();
  env[resourceEnv.bucket] = bucket;

  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  // fauxqs names a queue's URL by a host of its own (sqs.<region>.localhost), which need not
  // resolve; the URLs handed out name where it listens, as SQS's own name its endpoint.
  const listening = (url: string | undefined) => new URL(new URL(url!).pathname, process.env.AWS_ENDPOINT_URL_SQS).href;
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
    env[resourceEnv.queue(name)] = listening(queue.QueueUrl);
    env[resourceEnv.deadLetterQueue(name)] = listening(dlq.QueueUrl);
  }
  sqs.destroy();
  return env;
}

/**
 * Moves the tickets of a data directory from before the tickets table had its current indexes into
 * the table that has them, each written as the ticket store writes it, then drops the old table: nothing a
 * local run accepted is lost to an upgrade.
 */
export async function carryOverTickets(dynamo: DynamoDBClient, from: string, to: string): Promise<void> {
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: from }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return;
    throw error;
  }
  const store = new DynamoTicketStore(dynamo, to);
  for await (const item of pagedItems((ExclusiveStartKey) => dynamo.send(new ScanCommand({ TableName: from, ExclusiveStartKey })))) {
    await store.create(unmarshall(item) as Ticket);
  }
  await dynamo.send(new DeleteTableCommand({ TableName: from }));
}

/**
 * dynalite writes an item's index entries, then the item: a run killed in between leaves an index
 * disagreeing with its table. Writing each item again, as it is, puts its entries right.
 */
export async function rewriteItems(dynamo: DynamoDBClient, TableName: string): Promise<void> {
  for await (const Item of pagedItems((ExclusiveStartKey) => dynamo.send(new ScanCommand({ TableName, ExclusiveStartKey })))) {
    await dynamo.send(new PutItemCommand({ TableName, Item }));
  }
}

/** Creates a table of the manifest's shape; one that exists is kept. */
export async function createTable(client: DynamoDBClient, TableName: string, spec: TableSpec) {
  const keySchema = (key: { partitionKey: string; sortKey?: string }) => [
    { AttributeName: key.partitionKey, KeyType: 'HASH' as const },
    ...(key.sortKey ? [{ AttributeName: key.sortKey, KeyType: 'RANGE' as const }] : []),
  ];
  const indexes = Object.entries(spec.indexes ?? {}).map(([IndexName, index]) => ({
    IndexName,
    KeySchema: keySchema(index),
    Projection: index.attributes ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.attributes] } : { ProjectionType: 'ALL' as const },
  }));
  const attributes = [...new Set([spec, ...Object.values(spec.indexes ?? {})].flatMap((key) => keySchema(key).map(({ AttributeName }) => AttributeName)))];
  try {
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: keySchema(spec),
        ...(indexes.length && { GlobalSecondaryIndexes: indexes }),
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}
