// Grants equal to the code, both ways, derived from it (test/infra/code-reach.ts): each function's
// manifest entry lists exactly the DynamoDB actions its code's commands make on each table, and no
// other; exactly the folders of the bucket, each with the access its S3 commands need; the indexes
// its queries read, and a query on the table itself only where it lists none; and exactly the queues,
// dead-letter queues, settings, sealing uses and secrets its calls need. A function the manifest
// gains is checked alike; stack.test.ts holds each role to its entry.

import { beforeAll, describe, expect, it } from 'vitest';
import { functions, queues, type BucketAccess, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { CodeReach, mergeNeeds, type Reach } from '#test/infra/code-reach.ts';

/** The S3 actions each access of a folder grants (infra/constructs/steuerbote-function.ts, bindBucket). */
const objectActions: Record<BucketAccess, readonly string[]> = {
  read: ['GetObject'],
  write: ['PutObject'],
  readWrite: ['GetObject', 'PutObject'],
  delete: ['DeleteObject'],
};
const accessOf = (actions: Set<string>) =>
  (Object.keys(objectActions) as BucketAccess[]).find((access) => JSON.stringify([...objectActions[access]].sort()) === JSON.stringify([...actions].sort())) ??
  `no access grants exactly ${[...actions].sort().join(', ')}`;

const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();

/** Where a function's manifest entry and its code disagree, as `what: manifest … code …` lines; none when they agree. */
function differences(name: FunctionName, spec: FunctionSpec, reach: Reach): string[] {
  const found: string[] = [];
  const compare = (what: string, manifest: readonly string[], code: readonly string[]) => {
    if (JSON.stringify(sorted(manifest)) !== JSON.stringify(sorted(code))) found.push(`${what}: manifest [${sorted(manifest)}] code [${sorted(code)}]`);
  };
  const needs = { ...reach.declared, deadLetters: [...reach.declared.deadLetters] };
  // A queue's consumer parks what it cannot read in the queue's dead-letter queue (shared/queue/sqs-handler.ts).
  for (const [queue, { consumer }] of Object.entries(queues)) if (consumer === name) mergeNeeds(needs, { deadLetters: [queue as keyof typeof queues] });
  compare('sendsTo', spec.sendsTo ?? [], needs.sendsTo);
  compare('countsQueues', spec.countsQueues ?? [], needs.countsQueues);
  compare('bucketSettings', spec.bucketSettings ?? [], needs.bucketSettings);
  compare('deadLetters', spec.deadLetters ?? [], needs.deadLetters);
  compare('settings', spec.settings ?? [], needs.settings);
  compare('sealing', spec.sealing ?? [], needs.sealing);
  // Which of the functions that load ERiC signs is the manifest's to say: validate runs the same code, unsigned.
  compare(
    'secrets',
    (spec.secrets ?? []).filter((secret) => secret !== 'stageCertificate'),
    needs.secrets,
  );

  compare('tables', Object.keys(spec.tables ?? {}), [...reach.tables.keys()]);
  for (const [table, granted] of Object.entries(spec.tables ?? {}) as [string, readonly string[]][]) {
    const called = reach.tables.get(table as never);
    compare(`${table} actions`, granted, [...(called?.actions ?? [])]);
    const indexes = (spec.indexes as Record<string, readonly string[]> | undefined)?.[table];
    compare(`${table} indexes`, indexes ?? [], (needs.indexes as Record<string, string[]>)[table] ?? []);
    // Listed indexes confine its queries to them (stack.ts, queriesTable); without, they read the table alone.
    if (indexes && called?.onTable) found.push(`${table}: its code queries the table itself, but the manifest lets it query ${indexes} only`);
    if (!indexes && called?.onIndex) found.push(`${table}: its code queries an index the manifest does not list`);
  }
  const folders = Object.fromEntries([...reach.folders].map(([folder, actions]) => [folder, accessOf(actions)]));
  if (JSON.stringify(Object.entries(spec.bucket ?? {}).sort()) !== JSON.stringify(Object.entries(folders).sort())) {
    found.push(`bucket: manifest ${JSON.stringify(spec.bucket ?? {})} code ${JSON.stringify(folders)}`);
  }
  if (reach.unattributed.length) found.push(`calls outside any store the wiring ties to a table or folder: ${reach.unattributed}`);
  return found;
}

describe('each function entry against the calls its code makes', { timeout: 300_000 }, () => {
  const reached = new Map<FunctionName, Reach>();
  const names = Object.keys(functions) as FunctionName[];

  beforeAll(async () => {
    const reach = await CodeReach.of(names.map((name) => functions[name].entry));
    for (const name of names) reached.set(name, reach.reachOf(functions[name].entry));
  }, 300_000);

  it('lists exactly the table actions, indexes, folders, queues, settings, sealing uses and secrets the code needs', () => {
    const differing = Object.fromEntries(
      names.map((name) => [name, differences(name, functions[name] as FunctionSpec, reached.get(name)!)] as const).filter(([, found]) => found.length),
    );
    expect(differing).toEqual({});
  });

  it('fails for one action missing or one too many', () => {
    const getStatus = functions.getStatus as FunctionSpec;
    const withoutGet = { ...getStatus, tables: { ...getStatus.tables, tickets: [] } };
    expect(differences('getStatus', withoutGet, reached.get('getStatus')!)).toEqual(['tickets actions: manifest [] code [GetItem]']);
    const transmit = functions.transmit as FunctionSpec;
    const withDelete = { ...transmit, tables: { ...transmit.tables, tickets: ['GetItem', 'UpdateItem', 'DeleteItem'] as const } };
    expect(differences('transmit', withDelete, reached.get('transmit')!)).toEqual([
      'tickets actions: manifest [DeleteItem,GetItem,UpdateItem] code [GetItem,UpdateItem]',
    ]);
    const sweep = functions.sweep as FunctionSpec;
    expect(differences('sweep', { ...sweep, bucket: { submissions: 'readWrite' } }, reached.get('sweep')!)).toEqual([
      'bucket: manifest {"submissions":"readWrite"} code {"submissions":"delete"}',
    ]);
  });

  it('finds calls by their type, not their name: a port method reaches its adapter, a map’s get nothing', () => {
    // getStatus reads its ticket by TicketStore.get and counts its caller by RateCounter.increment.
    expect(reached.get('getStatus')!.tables).toEqual(
      new Map([
        ['tickets', { actions: new Set(['GetItem']), onTable: false, onIndex: false }],
        ['apiKeys', { actions: new Set(['GetItem']), onTable: false, onIndex: false }],
        ['rateLimits', { actions: new Set(['UpdateItem']), onTable: false, onIndex: false }],
      ]),
    );
    // The re-drive queries the index of owed work, and reads a ticket by its key only to write the events it owes.
    expect([...reached.get('redrive')!.tables.get('tickets')!.actions].sort()).toEqual(['GetItem', 'Query', 'UpdateItem']);
    expect(reached.get('transmit')!.declared.sendsTo).toEqual(['transmit', 'webhook']);
    expect(reached.get('getVersion')!.tables.size).toBe(0);
  });
});
