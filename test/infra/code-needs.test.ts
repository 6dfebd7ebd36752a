// Grants equal to the code, derived from it: each function's bundle (as esbuild builds it for Lambda,
// tree-shaken) reaches some of the calls the adapters and configuration readers declare `needs` for,
// and its manifest entry must list what those calls need, and no queue, dead-letter queue, setting,
// sealing use, secret or table that none of them needs. A function the manifest gains is checked alike.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions, queues, type FunctionName, type FunctionSpec, type Needs } from '#shared/manifest.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');

/** Every module that declares `needs`, found by the declaration itself. */
async function declarations(sources: Iterable<string>): Promise<Map<string, { module: string; needs: Needs; call: RegExp }>> {
  const found = new Map<string, { module: string; needs: Needs; call: RegExp }>();
  for (const module of sources) {
    const source = readFileSync(path.join(repoRoot, module), 'utf8');
    if (!/^export const needs = /m.test(source)) continue;
    const declared: Record<string, Needs> = (await import(path.join(repoRoot, module))).needs;
    for (const [name, needs] of Object.entries(declared)) {
      expect(found.has(name), `${name} is declared in ${found.get(name)?.module} and ${module}`).toBe(false);
      const exported = new RegExp(`^export (async )?(const|function) ${name}\\b( = \\{)?`, 'm').exec(source);
      found.set(name, { module, needs, call: callOf(name, exported ? (exported[3] ? 'value' : 'function') : 'method') });
    }
  }
  return found;
}

/**
 * A function's bundle as esbuild builds it for Lambda, tree-shaken but not minified, so names stay;
 * and the project's own modules that contribute code to it, where the declarations are found.
 */
async function bundled(name: FunctionName): Promise<{ code: string; modules: string[] }> {
  const { metafile, outputFiles } = await build({
    entryPoints: [path.join(repoRoot, functions[name].entry)],
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    metafile: true,
    outfile: 'index.mjs',
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    external: ['koffi'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  const inputs = Object.values(metafile.outputs).find((output) => output.entryPoint)!.inputs;
  const modules = Object.entries(inputs)
    .filter(([module, { bytesInOutput }]) => bytesInOutput > 0 && !module.includes('node_modules'))
    .map(([module]) => module);
  return { code: withoutComments(outputFiles.find((file) => file.path.endsWith('.mjs'))!.text), modules };
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/**
 * A use of `name`: a call of a method (`.name(`) on something other than the adapter itself, or of a
 * function its module exports (`name(`), never its definition; or an exported function or object
 * handed on (`auth: name`). esbuild may add digits to a name it renames, as it does to a local
 * variable that shares an export's name, so a name handed on is taken only as it is.
 */
const handedOn = (name: string) => `:\\s*${name}\\s*[,}]`;
const patterns = {
  method: (name: string) => `(?<!this)\\.${name}\\d*\\s*\\(`,
  function: (name: string) => `(?<![\\w$.]|function )${name}\\d*\\s*\\(|${handedOn(name)}`,
  value: handedOn,
};
const callOf = (name: string, kind: keyof typeof patterns) => new RegExp(patterns[kind](name));

function merge(into: Required<Needs>, needs: Needs): void {
  for (const [table, actions] of Object.entries(needs.tables ?? {}))
    (into.tables as any)[table] = [...new Set([...((into.tables as any)[table] ?? []), ...actions])];
  for (const [table, indexes] of Object.entries(needs.indexes ?? {}))
    (into.indexes as any)[table] = [...new Set([...((into.indexes as any)[table] ?? []), ...indexes])];
  for (const key of ['bucket', 'sendsTo', 'countsQueues', 'bucketSettings', 'deadLetters', 'settings', 'sealing', 'secrets'] as const) {
    (into as any)[key] = [...new Set([...(into[key] as readonly string[]), ...((needs[key] as readonly string[] | undefined) ?? [])])].sort();
  }
}

const none = (): Required<Needs> => ({
  tables: {},
  indexes: {},
  bucket: [],
  sendsTo: [],
  countsQueues: [],
  bucketSettings: [],
  deadLetters: [],
  settings: [],
  sealing: [],
  secrets: [],
});

describe('each function entry against the calls its code makes', { timeout: 300_000 }, () => {
  const needed = new Map<FunctionName, Required<Needs>>();

  beforeAll(async () => {
    const names = Object.keys(functions) as FunctionName[];
    const reached = new Map(await Promise.all(names.map(async (name) => [name, await bundled(name)] as const)));
    const declared = await declarations(new Set([...reached.values()].flatMap(({ modules }) => modules)));
    for (const name of names) {
      const needs = none();
      // A queue's consumer parks what it cannot read in the queue's dead-letter queue (shared/queue/sqs-handler.ts).
      for (const [queue, spec] of Object.entries(queues)) if (spec.consumer === name) merge(needs, { deadLetters: [queue as keyof typeof queues] });
      const { code } = reached.get(name)!;
      for (const declaration of declared.values()) if (declaration.call.test(code)) merge(needs, declaration.needs);
      needed.set(name, needs);
    }
  }, 300_000);

  const listed = (spec: FunctionSpec) => ({
    bucket: Object.keys(spec.bucket ?? {}).sort(),
    sendsTo: [...(spec.sendsTo ?? [])].sort(),
    countsQueues: [...(spec.countsQueues ?? [])].sort(),
    bucketSettings: [...(spec.bucketSettings ?? [])].sort(),
    deadLetters: [...(spec.deadLetters ?? [])].sort(),
    settings: [...(spec.settings ?? [])].sort(),
    sealing: [...(spec.sealing ?? [])].sort(),
    // Which of the functions that load ERiC signs is the manifest's to say: validate runs the same code, unsigned.
    secrets: [...(spec.secrets ?? [])].filter((secret) => secret !== 'stageCertificate').sort(),
  });

  it('lists exactly the queues, queue counts, bucket settings, dead-letter queues, settings, sealing uses, secrets and bucket folders the code needs', () => {
    const differing: Record<string, unknown> = {};
    for (const [name, needs] of needed) {
      const spec = listed(functions[name] as FunctionSpec);
      const expected: Record<string, unknown> = { ...needs, bucket: [...needs.bucket].sort() };
      for (const key of Object.keys(spec) as (keyof typeof spec)[]) {
        if (JSON.stringify(spec[key]) !== JSON.stringify(expected[key])) differing[`${name}.${key}`] = { manifest: spec[key], code: expected[key] };
      }
    }
    expect(differing).toEqual({});
  });

  it('lists every table the code reaches and no other, with every action and index its calls name', () => {
    const differing: Record<string, unknown> = {};
    for (const [name, needs] of needed) {
      const spec = functions[name] as FunctionSpec;
      const problems: string[] = [];
      const listedTables = Object.keys(spec.tables ?? {}).sort();
      const reachedTables = Object.keys(needs.tables).sort();
      if (JSON.stringify(listedTables) !== JSON.stringify(reachedTables)) problems.push(`tables: manifest ${listedTables} code ${reachedTables}`);
      for (const [table, actions] of Object.entries(needs.tables)) {
        const granted: readonly string[] = (spec.tables as any)?.[table] ?? [];
        const missing = (actions as string[]).filter((action) => !granted.includes(action));
        if (missing.length) problems.push(`${table}: missing ${missing}`);
      }
      for (const [table, indexes] of Object.entries(needs.indexes)) {
        const only: readonly string[] | undefined = (spec.indexes as any)?.[table];
        const missing = only ? (indexes as string[]).filter((index) => !only.includes(index)) : [];
        if (missing.length) problems.push(`${table}: index ${missing} not listed`);
      }
      if (problems.length) differing[name] = problems;
    }
    expect(differing).toEqual({});
  });

  it('would see a missing wake-up: transmit retries by sending to its own queue', () => {
    expect(needed.get('transmit')!.sendsTo).toEqual(['transmit', 'webhook']);
    expect(needed.get('submitUstva')!.sendsTo).toEqual(['transmit']);
    expect(needed.get('getStatus')!.sendsTo).toEqual([]);
  });
});
