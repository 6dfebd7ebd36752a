// The cold-start baseline: the least a Lambda function behind this API does, one DynamoDB read with
// the SDK the runtime ships. bench/cold-start.ts bundles it exactly as CDK bundles the real functions.

import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

const client = new DynamoDBClient({});

export const handler = async (event: { pathParameters?: Record<string, string | undefined> }) => {
  const { Item } = await client.send(
    new GetItemCommand({ TableName: process.env.TICKETS_TABLE, Key: { ticket: { S: event.pathParameters?.ticket ?? '' } }, ConsistentRead: true }),
  );
  return { statusCode: Item ? 200 : 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ found: !!Item }) };
};
