// One table of the manifest on an in-memory dynalite, for adapter tests that must hold against the
// stand-in's own reading of conditional expressions rather than a mock's.

import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import '#infra/local/dynalite-index-keys.ts';
import { tables, type TableName } from '#shared/manifest.ts';
import { createTable } from '#infra/local/provision.ts';

export interface MemoryTable {
  client: DynamoDBClient;
  tableName: string;
  close(): Promise<void>;
}

export async function startMemoryTable(name: TableName): Promise<MemoryTable> {
  const server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await createTable(client, name, tables[name]);
  return {
    client,
    tableName: name,
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
