// Against dynalite, the local stand-in, in memory: its reading of the conditional expressions is
// what the local runtime relies on.

import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicketId, type Ticket } from '#shared/domain/ticket.ts';
import { aTicket } from '#test/fakes.ts';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { ticketStoreContract } from '#test/contracts/ticket-store.contract.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let table: MemoryTable;

beforeAll(async () => {
  table = await startMemoryTable('tickets');
});

afterAll(() => table?.close());

ticketStoreContract('DynamoTicketStore', () => new DynamoTicketStore(table.client, table.tableName));

describe('DynamoTicketStore.reindex', () => {
  it('puts tickets written before the indexes existed where the re-drive and the sweep look, once', async () => {
    const store = new DynamoTicketStore(table.client, table.tableName);
    const old = (overrides: Partial<Ticket>) => aTicket({ ticket: newTicketId(), ...overrides });
    const queued = old({ status: 'queued' });
    const finished = old({ status: 'delivered', updated_at: '2026-01-01T00:00:00.000Z' });
    for (const ticket of [queued, finished]) {
      await table.client.send(new PutItemCommand({ TableName: table.tableName, Item: marshall(ticket, { removeUndefinedValues: true }) }));
    }
    const ids = async (tickets: AsyncIterable<Pick<Ticket, 'ticket'>>) => {
      const found: string[] = [];
      for await (const { ticket } of tickets) if (ticket === queued.ticket || ticket === finished.ticket) found.push(ticket);
      return found;
    };
    expect(await ids(store.owed())).toEqual([]);
    expect(await store.reindex()).toBeGreaterThanOrEqual(2);
    expect(await ids(store.owed())).toEqual([queued.ticket]);
    expect(await ids(store.finishedBefore('2026-06-01T00:00:00.000Z'))).toEqual([finished.ticket]);
    expect(await store.reindex()).toBe(0);
    expect(await store.get(queued.ticket)).toEqual(queued);
  });
});
