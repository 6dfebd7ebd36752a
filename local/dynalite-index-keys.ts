// dynalite keeps an index entry under the item's index key followed by six hex digits of a hash of
// its table key (dynalite/db/index.js, createIndexKey): two items with the same index key whose table
// keys share those 24 bits get one entry, and the later write takes the earlier item out of the
// index. In a shard of the index of owed work, which has no sort key, that lost about one ticket in
// 5,000, and with it the re-drive's count of a backlog. Here the entry is keyed by the item's whole
// table key instead; queries and scans page by the same key. Imported before dynalite serves.

import db from 'dynalite/db/index.js';

type Item = Record<string, Record<string, unknown>>;
interface KeySchemaElement {
  AttributeName: string;
}
interface Index {
  IndexName: string;
  KeySchema: KeySchemaElement[];
  Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
}
interface Table {
  TableName: string;
  KeySchema: KeySchemaElement[];
  LocalSecondaryIndexes?: Index[];
  GlobalSecondaryIndexes?: Index[];
}
interface IndexDb {
  put(key: string, item: Item, done: (error?: Error) => void): void;
  del(key: string, done: (error?: Error) => void): void;
}
interface Store {
  getIndexDb(type: 'Local' | 'Global', table: string, index: string): IndexDb;
}

const indexKey = (item: Item, table: Table, keySchema: KeySchemaElement[]): string => db.createKey(item, table, keySchema) + db.createKey(item, table);

/** What dynalite's updateIndexes does, with whole keys: the entries an item leaves go, then those it enters are put. */
function updateIndexes(store: Store, table: Table, existing: Item | undefined, item: Item | undefined, done: (error?: Error) => void): void {
  const puts: (() => Promise<void>)[] = [];
  const deletes: (() => Promise<void>)[] = [];
  const tableKeys = table.KeySchema.map((key) => key.AttributeName);
  for (const type of ['Local', 'Global'] as const) {
    for (const index of table[`${type}SecondaryIndexes`] ?? []) {
      const names = index.KeySchema.map((key) => key.AttributeName);
      const indexDb = store.getIndexDb(type, table.TableName, index.IndexName);
      let key: string | undefined;
      if (item && names.every((name) => item[name] != null)) {
        const kept =
          index.Projection.ProjectionType === 'ALL'
            ? item
            : Object.fromEntries([...names, ...tableKeys, ...(index.Projection.NonKeyAttributes ?? [])].map((name) => [name, item[name]!]));
        const entry = indexKey(kept, table, index.KeySchema);
        key = entry;
        puts.push(() => new Promise((resolve, reject) => indexDb.put(entry, kept, (error) => (error ? reject(error) : resolve()))));
      }
      if (existing && names.every((name) => existing[name] != null)) {
        const old = indexKey(existing, table, index.KeySchema);
        if (old !== key) deletes.push(() => new Promise((resolve, reject) => indexDb.del(old, (error) => (error ? reject(error) : resolve()))));
      }
    }
  }
  Promise.all(deletes.map((remove) => remove()))
    .then(() => Promise.all(puts.map((put) => put())))
    .then(() => done(), done);
}

db.createIndexKey = indexKey;
db.updateIndexes = updateIndexes;
