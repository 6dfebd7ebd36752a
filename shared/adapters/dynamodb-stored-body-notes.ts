import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { pagedItems } from '#shared/adapters/paged-items.ts';
import { shardOf, shards } from '#shared/adapters/shards.ts';
import type { StoredBodyNotes } from '#shared/ports.ts';

/**
 * One item per note, keyed by shard and `{time}#{ticket}`, so the notes of an hour are one range of
 * each shard's partition: reading them costs what they hold, however many bodies the bucket keeps.
 */
export class DynamoStoredBodyNotes implements StoredBodyNotes {
  readonly #client: DynamoDBClient;
  readonly #table: string;
  readonly #keepSeconds: number;

  /** `keepSeconds`: how long after it was made a note may go (by DynamoDB's TTL); the sweep reads none older. */
  constructor(client: DynamoDBClient, table: string, keepSeconds: number) {
    this.#client = client;
    this.#table = table;
    this.#keepSeconds = keepSeconds;
  }

  async note(ticket: string, at: Date): Promise<void> {
    const expires_at = Math.floor(at.getTime() / 1000) + this.#keepSeconds;
    const item = { shard: shardOf(ticket), noted: `${at.toISOString()}#${ticket}`, ticket, expires_at };
    await this.#client.send(new PutItemCommand({ TableName: this.#table, Item: marshall(item) }));
  }

  async *notedBetween(from: Date, to: Date): AsyncIterable<string> {
    for (let shard = 0; shard < shards; shard++) {
      // `{to}#…` sorts after `{to}`, so BETWEEN leaves the notes made at `to` itself out.
      const items = pagedItems((ExclusiveStartKey) =>
        this.#client.send(
          new QueryCommand({
            TableName: this.#table,
            // `shard` is a reserved word, hence the placeholder.
            KeyConditionExpression: '#shard = :shard AND noted BETWEEN :from AND :to',
            ProjectionExpression: 'ticket',
            ExpressionAttributeNames: { '#shard': 'shard' },
            ExpressionAttributeValues: marshall({ ':shard': String(shard), ':from': from.toISOString(), ':to': to.toISOString() }),
            ExclusiveStartKey,
          }),
        ),
      );
      for await (const item of items) yield unmarshall(item).ticket as string;
    }
  }
}
