import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoTicketStore } from '../shared/adapters/dynamodb-ticket-store.ts';
import { aTicket } from '../test/fakes.ts';
import { memoryTableOfFile } from '../test/support/memory-table.ts';

const table = memoryTableOfFile('tickets');

describe("dynalite's index entries", () => {
  it('keep two items of one index key whose table keys dynalite would have hashed alike', async () => {
    // Both in shard 6 of the index of owed work; the first six hex digits of dynalite's hash of each ID are b19256.
    const ids = ['tk_0000000000000000008716', 'tk_0000000000000000017016'];
    const store = new DynamoTicketStore(table.client, table.tableName);
    for (const ticket of ids) await store.create(aTicket({ ticket }));
    const { Items = [] } = await table.client.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'owed',
        KeyConditionExpression: 'owed_shard = :shard',
        ExpressionAttributeValues: { ':shard': { S: '6' } },
      }),
    );
    expect(Items.map((item) => item.ticket!.S).sort()).toEqual(ids);
    // Paging by either of them goes on with the other, or ends.
    const after = await table.client.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'owed',
        KeyConditionExpression: 'owed_shard = :shard',
        ExpressionAttributeValues: { ':shard': { S: '6' } },
        ExclusiveStartKey: { ticket: Items[0]!.ticket!, owed_shard: Items[0]!.owed_shard! },
        Limit: 1,
      }),
    );
    expect(after.Items!.map((item) => item.ticket!.S)).toEqual([Items[1]!.ticket!.S]);
  });
});
