// Against dynalite, the local stand-in, in memory: its reading of the conditional expressions is
// what the local runtime relies on.

import { afterAll, beforeAll } from 'vitest';
import { DynamoTicketStore } from '#shared/adapters/dynamodb-ticket-store.ts';
import { ticketStoreContract } from '#test/contracts/ticket-store.contract.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let table: MemoryTable;

beforeAll(async () => {
  table = await startMemoryTable('tickets');
});

afterAll(() => table?.close());

ticketStoreContract('DynamoTicketStore', () => new DynamoTicketStore(table.client, table.tableName));
