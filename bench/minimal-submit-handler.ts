// The cold-start baseline of a submission: the least a submit function does, the same three first
// calls (S3 PutObject of the body, DynamoDB PutItem of the ticket, SQS SendMessage of the wake-up) with
// the SDK clients alone, so submit's own overhead above them shows. bench/cold-start.ts bundles it
// exactly as CDK bundles the real functions.

import { randomBytes } from 'node:crypto';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

export const dynamo = new DynamoDBClient({});
const s3 = new S3Client({ forcePathStyle: !!process.env.AWS_ENDPOINT_URL_S3 });
// As shared/adapters/sqs-client.ts: the queue URL's host is not where a custom endpoint serves it.
const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });

// Shaped as a ticket ID (shared/domain/ticket.ts), so the local transmit poller reads the wake-up and finds the ticket not its to claim.
export const newTicket = () => `tk_${randomBytes(16).toString('base64url')}`;

/** The three calls: the body stored, the ticket written, its wake-up sent; then the answer. */
export async function storedAndWoken(ticket: string, body: string, createdAt: string) {
  await s3.send(new PutObjectCommand({ Bucket: process.env.BUCKET, Key: `submissions/${ticket}.json`, Body: body, ContentType: 'application/json' }));
  await dynamo.send(
    new PutItemCommand({
      TableName: process.env.TICKETS_TABLE,
      Item: { ticket: { S: ticket }, status: { S: 'delivered' }, created_at: { S: createdAt } },
      ConditionExpression: 'attribute_not_exists(ticket)',
    }),
  );
  await sqs.send(new SendMessageCommand({ QueueUrl: process.env.TRANSMIT_QUEUE_URL, MessageBody: JSON.stringify({ ticket }) }));
  return { statusCode: 202, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket }) };
}

export const handler = async (event: { body?: string }) => storedAndWoken(newTicket(), event.body ?? '{}', new Date().toISOString());
