// A data directory from before the tickets table had its indexes: its tickets move to the indexed
// table on the next start, where the re-drive finds the owed ones, and the old table goes. One a
// killed run left with an item's index entries unwritten has them written on the next start.

import { CreateTableCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import db from 'dynalite/db/index.js';
import { describe, expect, it } from 'vitest';
import { DynamoTicketStore } from '../shared/adapters/dynamodb-ticket-store.ts';
import { newTicketId } from '../shared/domain/ticket.ts';
import { carryOverTickets, rewriteItems } from '#local/provision.ts';
import { aTicket } from '../test/fakes.ts';
import { eventually } from '../test/support/local-service.ts';
import { memoryTableOfFile } from '../test/support/memory-table.ts';

const table = memoryTableOfFile('tickets');

describe('carryOverTickets', () => {
  it('moves every ticket of the old table into the indexed one, owed ones where the re-drive looks, then drops the old table', async () => {
    const old = 'steuerbote-local-tickets';
    await table.client.send(
      new CreateTableCommand({
        TableName: old,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'ticket', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'ticket', KeyType: 'HASH' }],
      }),
    );
    const queued = aTicket({ ticket: newTicketId(), status: 'queued' });
    const delivered = aTicket({ ticket: newTicketId(), status: 'delivered' });
    for (const ticket of [queued, delivered]) {
      await table.client.send(new PutItemCommand({ TableName: old, Item: marshall(ticket, { removeUndefinedValues: true }) }));
    }

    await carryOverTickets(table.client, old, table.tableName);

    const store = new DynamoTicketStore(table.client, table.tableName);
    expect(await store.get(queued.ticket)).toEqual(queued);
    expect(await store.get(delivered.ticket)).toEqual(delivered);
    const owed: string[] = [];
    for await (const ticket of store.owed()) owed.push(ticket.ticket);
    expect(owed).toEqual([queued.ticket]);
    // The stand-in takes a moment to finish deleting a table, as DynamoDB does.
    await eventually(async () => !(await table.client.send(new ListTablesCommand({}))).TableNames?.includes(old), 5000);
    // A second start finds no old table and changes nothing.
    await carryOverTickets(table.client, old, table.tableName);
    expect(await store.get(queued.ticket)).toEqual(queued);
  });
});

describe('rewriteItems', () => {
  it('writes the index entries of an item whose write a killed run left without them', async () => {
    const store = new DynamoTicketStore(table.client, table.tableName);
    const owed = async () => {
      const found: string[] = [];
      for await (const ticket of store.owed()) found.push(ticket.ticket);
      return found;
    };
    const queued = aTicket({ ticket: newTicketId(), status: 'queued' });
    const updateIndexes = db.updateIndexes;
    // The item is written, its index entries are not: what a kill between the two leaves.
    db.updateIndexes = (_store, _table, _existing, _item, done) => (done as () => void)();
    try {
      await store.create(queued);
    } finally {
      db.updateIndexes = updateIndexes;
    }
    expect(await owed()).not.toContain(queued.ticket);

    await rewriteItems(table.client, table.tableName);

    expect(await owed()).toContain(queued.ticket);
    expect(await store.get(queued.ticket)).toEqual(queued);
  });
});
