// The cold-start baseline of a submission with every call submit makes on its first request, not
// only the three bench/minimal-submit-handler.ts makes: before them the API key's read and the
// per-client budget's write (shared/http/authenticate.ts, rate-limit.ts), and the stored body's
// note (shared/submission/accept.ts). Against it, what remains of submit's cold start is its own
// code. bench/cold-start.ts bundles it exactly as CDK bundles the real functions.

import { createHash } from 'node:crypto';
import { GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { dynamo, newTicket, storedAndWoken } from './minimal-submit-handler.ts';

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
  const ticket = newTicket();
  const now = new Date().toISOString();
  await dynamo.send(new PutItemCommand({ TableName: process.env.STORED_BODIES_TABLE, Item: { shard: { S: '0' }, noted: { S: `${now}#${ticket}` } } }));
  return storedAndWoken(ticket, event.body ?? '{}', now);
};
