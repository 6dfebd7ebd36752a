import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { leanSettings } from '#shared/adapters/lean-client.ts';
import { once } from '#shared/once.ts';

// One module per client, so a function's bundle loads only the clients it uses. Endpoints come
// from the SDK's own AWS_ENDPOINT_URL_* variables, which the local runtime sets to its stand-ins;
// on AWS they are unset and the clients reach the real services.
export const dynamo = once(() => new DynamoDBClient({ ...leanSettings }));
