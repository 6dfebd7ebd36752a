// The local stand-ins ship without type declarations; these cover the parts the runtime uses.

declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number }): Server;
}

declare module 'dynalite/db/index.js' {
  // Its internals the local stand-in replaces (dynalite-index-keys.ts); typed loosely, as dynalite's own.
  const db: {
    createKey(item: object, table: object, keySchema?: object[]): string;
    createIndexKey: (item: never, table: never, keySchema: never) => string;
    updateIndexes: (store: never, table: never, existing: never, item: never, done: never) => void;
  };
  export default db;
}
