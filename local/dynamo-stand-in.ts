// The DynamoDB stand-in: dynalite, its index entries keyed by whole table keys (dynalite-index-keys.ts).

import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import '#local/dynalite-index-keys.ts';

export interface DynamoStandIn {
  endpoint: string;
  close(): Promise<void>;
}

/** Serves on `host`, keeping its tables under `path`, or in memory without one. */
export async function startDynamoStandIn(host: string, path?: string): Promise<DynamoStandIn> {
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, () => resolve()));
  return {
    endpoint: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
