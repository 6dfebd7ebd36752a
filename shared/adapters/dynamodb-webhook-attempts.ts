import { PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import { pagedItems } from '#shared/adapters/paged-items.ts';
import type { AttemptExpiry, WebhookAttempt, WebhookAttemptStore } from '#shared/ports/webhook-attempts.ts';

const excerptSuffix = '#excerpt';

interface Entry {
  entry: string;
  expires_at?: number;
}

/**
 * Two items per attempt in the ticket's partition, keyed `{time}#{webhook_id}#{attempt}`, so a query
 * reads them oldest first: the attempt, and beside it (`…#excerpt`) the answer's excerpt, which
 * DynamoDB's TTL removes sooner. Each is one put, so no write needs a transaction.
 */
export class DynamoWebhookAttemptStore extends DynamoTable implements WebhookAttemptStore {
  async record(ticket: string, { response_excerpt, ...attempt }: WebhookAttempt, expiry: AttemptExpiry): Promise<void> {
    const entry = `${attempt.attempted_at}#${attempt.webhook_id}#${attempt.attempt}`;
    await this.#put({ ticket, entry, ...attempt, expires_at: expiry.attempt });
    if (response_excerpt) await this.#put({ ticket, entry: entry + excerptSuffix, response_excerpt, expires_at: expiry.excerpt });
  }

  async list(ticket: string, now: Date): Promise<WebhookAttempt[]> {
    const attempts = new Map<string, WebhookAttempt>();
    const nowSeconds = now.getTime() / 1000;
    for await (const item of this.#entries(ticket)) {
      const { ticket: _, entry, expires_at, ...kept } = unmarshall(item) as Entry & WebhookAttempt & { ticket: string };
      // DynamoDB's TTL removes an item some time after it expired: until then it is as good as gone.
      if (expires_at !== undefined && expires_at <= nowSeconds) continue;
      // The excerpt sorts right after its attempt.
      if (entry.endsWith(excerptSuffix)) {
        const attempt = attempts.get(entry.slice(0, -excerptSuffix.length));
        if (attempt) attempt.response_excerpt = kept.response_excerpt;
      } else attempts.set(entry, kept);
    }
    return [...attempts.values()];
  }

  async expireBy(ticket: string, expiresAt: number): Promise<void> {
    for await (const item of this.#entries(ticket, 'entry, expires_at')) {
      const { entry, expires_at } = unmarshall(item) as Entry;
      if (expires_at !== undefined && expires_at <= expiresAt) continue;
      // Conditional, so that an item TTL removed meanwhile is not made again as a bare key.
      await conditionHeld(() =>
        this.client.send(
          new UpdateItemCommand({
            TableName: this.table,
            Key: marshall({ ticket, entry }),
            UpdateExpression: 'SET expires_at = :at',
            ConditionExpression: 'attribute_exists(entry)',
            ExpressionAttributeValues: marshall({ ':at': expiresAt }),
          }),
        ),
      );
    }
  }

  #put(item: Record<string, unknown>) {
    return this.client.send(new PutItemCommand({ TableName: this.table, Item: marshall(item, { removeUndefinedValues: true }) }));
  }

  #entries(ticket: string, projection?: string) {
    return pagedItems((startKey) =>
      this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'ticket = :ticket',
          ExpressionAttributeValues: marshall({ ':ticket': ticket }),
          ProjectionExpression: projection,
          ExclusiveStartKey: startKey,
        }),
      ),
    );
  }
}
