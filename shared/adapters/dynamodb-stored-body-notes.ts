import { GetItemCommand, PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { shardOf, shards } from '#shared/adapters/shards.ts';
import type { NotesPosition, StoredBodyNotes } from '#shared/ports/stored-body-notes.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';

/**
 * Where the sweep's check left off, one item beside the notes: its partition is no shard's, so no
 * reading of the notes meets it, and it has no expiry.
 */
const checkedKey = { shard: 'checked', noted: 'orphans' };

/** The item a note is stored as; `keepSeconds` as the store's. */
export const noteItem = (ticket: string, at: Date, keepSeconds: number) =>
  marshall({ shard: shardOf(ticket), noted: `${at.toISOString()}#${ticket}`, ticket, expires_at: Math.floor(at.getTime() / 1000) + keepSeconds });

/**
 * One item per note, keyed by shard and `{time}#{ticket}`, so the notes of an hour are one range of
 * each shard's partition: reading them costs what they hold, however many bodies the bucket keeps. A
 * position names, for each shard read, the key of the last note read there.
 */
export class DynamoStoredBodyNotes extends DynamoTable implements StoredBodyNotes {
  readonly #keepSeconds: number;

  /** `keepSeconds`: how long after it was made a note may go (by DynamoDB's TTL); the sweep reads none older. */
  constructor(client: DynamoDBClient, table: string, keepSeconds: number) {
    super(client, table);
    this.#keepSeconds = keepSeconds;
  }

  async note(ticket: string, at: Date): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: noteItem(ticket, at, this.#keepSeconds) }));
  }

  async nextNoted(from: Date, to: Date, after: NotesPosition = {}, limit: number): Promise<{ tickets: string[]; position: NotesPosition }> {
    const position = { ...after };
    const tickets: string[] = [];
    for (let shard = 0; shard < shards && tickets.length < limit; shard++) {
      const last = position[shard];
      // Read to the window's end already (a clock set back, a run that looked from later).
      if (last !== undefined && last >= to.toISOString()) continue;
      // A note read before the window began is behind it: the window's start is where to go on.
      const start = last !== undefined && last >= from.toISOString() ? marshall({ shard: String(shard), noted: last }) : undefined;
      const { Items = [] } = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          // `shard` is a reserved word, hence the placeholder. `{to}#…` sorts after `{to}`, so BETWEEN
          // leaves the notes made at `to` itself out.
          KeyConditionExpression: '#shard = :shard AND noted BETWEEN :from AND :to',
          ProjectionExpression: 'ticket, noted',
          ExpressionAttributeNames: { '#shard': 'shard' },
          ExpressionAttributeValues: marshall({ ':shard': String(shard), ':from': from.toISOString(), ':to': to.toISOString() }),
          ExclusiveStartKey: start,
          Limit: limit - tickets.length,
        }),
      );
      for (const item of Items) {
        const { ticket, noted } = unmarshall(item) as { ticket: string; noted: string };
        tickets.push(ticket);
        position[shard] = noted;
      }
    }
    return { tickets, position };
  }

  async checkedUpTo(): Promise<{ position?: NotesPosition; version: number }> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: marshall(checkedKey), ConsistentRead: true }));
    if (!Item) return { version: 0 };
    const { position, version } = unmarshall(Item) as { position: NotesPosition; version: number };
    return { position, version };
  }

  async checked(version: number, position: NotesPosition): Promise<boolean> {
    const put = new PutItemCommand({
      TableName: this.table,
      Item: marshall({ ...checkedKey, position, version: version + 1 }),
      ConditionExpression: version === 0 ? 'attribute_not_exists(version)' : 'version = :version',
      ...(version > 0 && { ExpressionAttributeValues: marshall({ ':version': version }) }),
    });
    return (await conditionHeld(() => this.client.send(put))).held;
  }
}
