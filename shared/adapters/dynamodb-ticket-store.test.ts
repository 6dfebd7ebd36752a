// Against dynalite, the local stand-in, in memory: its reading of the conditional expressions is
// what the local runtime relies on.

import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { newTicketId, type Ticket } from '#shared/domain/ticket.ts';
import { aTicket } from '#test/fakes.ts';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { ticketStoreContract } from '#test/contracts/ticket-store.contract.ts';
import { memoryTableOfFile } from '#test/support/memory-table.ts';

const table = memoryTableOfFile('tickets');

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

describe('DynamoTicketStore.list', () => {
  it('lists tickets written before its index existed, and ends a page after a bounded read with where to go on', async () => {
    const store = new DynamoTicketStore(table.client, table.tableName);
    const client = `client-${newTicketId()}`;
    const at = (minute: number) => `2026-11-22T${String(10 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`;
    const wanted = aTicket({ ticket: newTicketId(), client_id: client, status: 'failed', created_at: at(0) });
    await table.client.send(new PutItemCommand({ TableName: table.tableName, Item: marshall(wanted, { removeUndefinedValues: true }) }));
    // More newer tickets that the filter drops than a listing of one reads.
    for (let minute = 1; minute <= 30; minute++) await store.create(aTicket({ ticket: newTicketId(), client_id: client, created_at: at(minute) }));
    let page = await store.list(client, { limit: 1, status: 'failed' });
    expect(page.tickets).toEqual([]);
    const pages = [page];
    while (page.last) pages.push((page = await store.list(client, { limit: 1, status: 'failed', after: page.last })));
    expect(pages.flatMap((p) => p.tickets)).toEqual([wanted]);
    expect(pages.length).toBeGreaterThan(1);
  });
});
