import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import type { IdempotencyRecord, IdempotencyStore } from '#shared/ports/idempotency-store.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';

/**
 * Single-item conditional writes, each decided by DynamoDB in one step. A claim only says whether it
 * held: a request whose claim failed, rare as a replay is found before it claims (shared/submission/idempotency.ts), reads
 * the record with a consistent read. Expiry is decided here by `expires_at`, as TTL removes an expired record only
 * within days. (`key` and `state` are reserved words, hence the placeholders.)
 */
export class DynamoIdempotencyStore extends DynamoTable implements IdempotencyStore {
  async claim(record: IdempotencyRecord, nowSeconds: number): Promise<boolean> {
    const put = new PutItemCommand({
      TableName: this.table,
      Item: marshall(record),
      ConditionExpression: 'attribute_not_exists(#key) OR expires_at <= :now',
      ExpressionAttributeNames: { '#key': 'key' },
      ExpressionAttributeValues: marshall({ ':now': nowSeconds }),
    });
    return (await conditionHeld(() => this.client.send(put))).held;
  }

  async get(key: string, nowSeconds: number): Promise<IdempotencyRecord | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: marshall({ key }), ConsistentRead: true }));
    const record = Item && (unmarshall(Item) as IdempotencyRecord);
    return record && record.expires_at > nowSeconds ? record : undefined;
  }

  async takeOver(key: string, expectedLease: string, leaseUntil: string): Promise<boolean> {
    const taken = await this.updateIf(marshall({ key }), {
      UpdateExpression: 'SET lease_until = :lease',
      ConditionExpression: '#state = :in_progress AND lease_until = :expected',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: marshall({ ':lease': leaseUntil, ':in_progress': 'in_progress', ':expected': expectedLease }),
    });
    return taken.held;
  }

  async complete(key: string, ticket: string): Promise<void> {
    await this.updateIf(marshall({ key }), {
      UpdateExpression: 'SET #state = :completed',
      ConditionExpression: 'ticket = :ticket',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: marshall({ ':completed': 'completed', ':ticket': ticket }),
    });
  }
}
