// The cold-start baseline of a submission with every call submit makes on its first request, not
// only the three bench/minimal-submit-handler.ts makes: before them the API key's read and the
// per-client budget's write (shared/http/authenticate.ts, rate-limit.ts), and the stored body's
// note (shared/submission/accept.ts). Against it, what remains of submit's cold start is its own
// code. bench/cold-start.ts bundles it exactly as CDK bundles the real functions.

import { createHash, randomBytes } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

const dynamo = new DynamoDBClient({});
const s3 = new S3Client({ forcePathStyle: !!process.env.AWS_ENDPOINT_URL_S3 });
// As shared/adapters/sqs-client.ts: the queue URL's host is not where a custom endpoint serves it.
const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });

export const handler = async (event: { body?: string; headers?: Record<string, string | undefined> }) => {
  const keyHash = createHash('sha256')
    .update(event.headers?.authorization ?? '', 'utf8')
    .digest('hex');
  const { Item: key } = await dynamo.send(new GetItemCommand({ TableName: process.env.API_KEYS_TABLE, Key: { key_hash: { S: keyHash } } }));
  await dynamo.send(
    new UpdateItemCommand({
      TableName: process.env.RATE_LIMITS_TABLE,
      Key: { client_window: { S: `${key?.client_id?.S ?? 'bench'}#${Math.floor(Date.now() / 60_000)}` } },
      UpdateExpression: 'SET #expires = :expires ADD #count :one',
      ExpressionAttributeNames: { '#count': 'count', '#expires': 'expires_at' },
      ExpressionAttributeValues: { ':one': { N: '1' }, ':expires': { N: String(Math.floor(Date.now() / 1000) + 120) } },
    }),
  );
  // Shaped as a ticket ID (shared/domain/ticket.ts), so the local transmit poller reads the wake-up and finds the ticket not its to claim.
  const ticket = `tk_${randomBytes(16).toString('base64url')}`;
  const now = new Date().toISOString();
  await dynamo.send(new PutItemCommand({ TableName: process.env.STORED_BODIES_TABLE, Item: { shard: { S: '0' }, noted: { S: `${now}#${ticket}` } } }));
  await s3.send(
    new PutObjectCommand({ Bucket: process.env.BUCKET, Key: `submissions/${ticket}.json`, Body: event.body ?? '{}', ContentType: 'application/json' }),
  );
  await dynamo.send(
    new PutItemCommand({
      TableName: process.env.TICKETS_TABLE,
      Item: { ticket: { S: ticket }, status: { S: 'delivered' }, created_at: { S: now } },
      ConditionExpression: 'attribute_not_exists(ticket)',
    }),
  );
  await sqs.send(new SendMessageCommand({ QueueUrl: process.env.TRANSMIT_QUEUE_URL, MessageBody: JSON.stringify({ ticket }) }));
  return { statusCode: 202, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket }) };
};
