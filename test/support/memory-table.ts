// One table of the manifest on an in-memory dynalite, for adapter tests that must hold against the
// stand-in's own reading of conditional expressions rather than a mock's.

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { startDynamoStandIn } from '#local/dynamo-stand-in.ts';
import { createTable } from '#local/provision.ts';
import { tables, type TableName } from '#shared/manifest.ts';

export interface MemoryTable {
  client: DynamoDBClient;
  tableName: string;
  close(): Promise<void>;
}

export async function startMemoryTable(name: TableName): Promise<MemoryTable> {
  const server = await startDynamoStandIn('127.0.0.1');
  const client = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await createTable(client, name, tables[name]);
  return {
    client,
    tableName: name,
    async close() {
      client.destroy();
      await server.close();
    },
  };
}

/** `name`'s table for the tests of the file that asks: started before them and closed after them. */
export function memoryTableOfFile(name: TableName): Pick<MemoryTable, 'client' | 'tableName'> {
  let table: MemoryTable | undefined;
  beforeAll(async () => {
    table = await startMemoryTable(name);
  });
  afterAll(() => table?.close());
  return {
    get client() {
      if (!table) throw new Error(`the memory table ${name} is only there while the tests run`);
      return table.client;
    },
    tableName: name,
  };
}
