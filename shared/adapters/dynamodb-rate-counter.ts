import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import type { RateCounter } from '#shared/ports/rate-counter.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';

/**
 * One conditional `ADD` per request: exact across every container, at the price of one write (one
 * write request unit on demand) per authenticated request. A refused request is not counted, so a
 * client hammering a full window does not push its own budget further out. (`count` is a reserved
 * word, hence the placeholder.)
 */
export class DynamoRateCounter extends DynamoTable implements RateCounter {
  async increment(key: string, limit: number, expiresAt: number): Promise<boolean> {
    const update = new UpdateItemCommand({
      TableName: this.table,
      Key: marshall({ client_window: key }),
      UpdateExpression: 'SET #expires = :expires ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#expires': 'expires_at' },
      ExpressionAttributeValues: marshall({ ':one': 1, ':limit': limit, ':expires': expiresAt }),
    });
    return (await conditionHeld(() => this.client.send(update))).held;
  }
}
