// A CPU profile of this thread (the local runtime's gateways and every handler run on the main
// thread), taken with node:inspector, and the self time of any thread's profile summed by function
// and by the part of the system the code belongs to: a stand-in, a library, node itself, or steuerbote.

import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface Hotspot {
  function: string;
  file: string;
  group: string;
  self_ms: number;
  /** Share of the busy (non-idle) samples, in %. */
  self_pct: number;
}

export interface ProfileSummary {
  wall_ms: number;
  busy_ms: number;
  /** Busy share of the profiled wall time: the main thread's utilisation, in %. */
  busy_pct: number;
  groups: Record<string, { self_ms: number; self_pct: number }>;
  top: Hotspot[];
}

export async function startProfile(intervalUs = 1000): Promise<() => Promise<CpuProfile>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    await session.post('Profiler.disable');
    session.disconnect();
    return profile;
  };
}

const repoRoot = resolve(import.meta.dirname, '..');

/** `node_modules/@scope/pkg/lib/x.js` → `@scope/pkg/lib/x.js`; repo files repo-relative; node's own as is. */
export function shortFile(url: string): string {
  if (!url) return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const at = path.lastIndexOf('node_modules/');
  if (at >= 0) return path.slice(at + 'node_modules/'.length);
  if (path.startsWith('/')) return relative(repoRoot, path);
  return path;
}

function packageOf(file: string): string | undefined {
  const parts = file.split('/');
  return file.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

// Which part of the system a package belongs to: the roots' transitive dependencies from the lock
// file, the first group that reaches a package taking it (the SDK first: fauxqs depends on it too).
const groupRoots: [string, string[]][] = [
  ['AWS SDK v3 clients', ['@aws-sdk/client-dynamodb', '@aws-sdk/client-s3', '@aws-sdk/client-sqs', '@aws-sdk/util-dynamodb']],
  ['pdf-lib', ['pdf-lib']],
  ['dynalite+leveldb (DynamoDB stand-in)', ['dynalite']],
  ['fauxqs (SQS stand-in)', ['fauxqs']],
  [
    'middy+powertools',
    ['@middy/core', '@aws-lambda-powertools/batch', '@aws-lambda-powertools/logger', '@aws-lambda-powertools/metrics', '@aws-lambda-powertools/parameters'],
  ],
];

let packageGroups: Map<string, string> | undefined;
function groupOfPackage(name: string): string {
  if (!packageGroups) {
    packageGroups = new Map();
    const lock = JSON.parse(readFileSync(resolve(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }>;
    };
    const entry = (pkg: string) => lock.packages[`node_modules/${pkg}`];
    for (const [group, roots] of groupRoots) {
      const queue = [...roots];
      while (queue.length) {
        const pkg = queue.pop()!;
        if (packageGroups.has(pkg)) continue;
        packageGroups.set(pkg, group);
        const spec = entry(pkg);
        queue.push(...Object.keys({ ...spec?.dependencies, ...spec?.optionalDependencies }));
      }
    }
  }
  return packageGroups.get(name) ?? 'other packages';
}

/** The local S3 is the runtime's own (local/s3-stand-in.ts), yet measured as a stand-in. */
export const s3StandIn = 'S3 stand-in';

export function groupOf(functionName: string, file: string): string {
  if (!file) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    return 'native / VM (program)';
  }
  if (file.startsWith('node:')) return 'node core';
  if (file.startsWith('local/s3-')) return s3StandIn;
  if (/^(shared|functions|infra|local|bench|test)\//.test(file)) return 'steuerbote code';
  if (file.startsWith('/') || file.startsWith('..') || !file.includes('/')) return 'other';
  return groupOfPackage(packageOf(file)!);
}

export function summarize(profile: CpuProfile, topN = 15): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  // Native functions (fs bindings, crypto, builtins) and node's own JS (fs, streams, http) count for
  // the part of the system that called them, so `open` under the S3 stand-in's files counts for it;
  // only what has no caller of ours or a package's on the stack (socket reads, HTTP parsing) is node's.
  const owners = new Map<number, string>();
  const ownerOf = (id: number): string => {
    let owner = owners.get(id);
    if (owner === undefined) {
      const { url } = nodes.get(id)!.callFrame;
      const parent = parents.get(id);
      owner = url && !url.startsWith('node:') ? shortFile(url) : parent === undefined ? '' : ownerOf(parent);
      owners.set(id, owner);
    }
    return owner;
  };
  const special = /^\((garbage collector|idle|program|root)\)$/;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<number, number>();
  // Each sample stands for the time until the next one. A worker thread's profile can carry a delta
  // whose 32-bit counter wrapped (about 2³² µs, or just below 0 read as unsigned): read as the signed
  // 32-bit value it is, no real delta in a profile of minutes reaches 2³¹ µs.
  for (let i = 0; i < samples.length; i++) {
    const spent = Math.max(0, (deltas[i + 1] ?? 0) | 0);
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + spent);
  }
  const byFunction = new Map<string, { function: string; file: string; group: string; us: number }>();
  const groups = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const file = shortFile(url);
    const owner = special.test(functionName) ? '' : ownerOf(id);
    const group = owner ? groupOf(functionName, owner) : groupOf(functionName, file);
    if (group === 'idle') continue;
    busyUs += us;
    groups.set(group, (groups.get(group) ?? 0) + us);
    const name = functionName || '(anonymous)';
    const own = file ? `${file}:${lineNumber + 1}` : 'native';
    const where = owner && owner !== file ? `${own}, from ${owner}` : file ? own : '';
    const key = `${name} ${where}`;
    const entry = byFunction.get(key) ?? { function: name, file: where, group, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const pct = (us: number) => (busyUs ? (100 * us) / busyUs : 0);
  const wallUs = profile.endTime - profile.startTime;
  return {
    wall_ms: wallUs / 1000,
    busy_ms: busyUs / 1000,
    busy_pct: wallUs ? (100 * busyUs) / wallUs : 0,
    groups: Object.fromEntries([...groups].sort((a, b) => b[1] - a[1]).map(([group, us]) => [group, { self_ms: us / 1000, self_pct: pct(us) }])),
    top: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, topN)
      .map((entry) => ({ function: entry.function, file: entry.file, group: entry.group, self_ms: entry.us / 1000, self_pct: pct(entry.us) })),
  };
}

export function formatSummary(summary: ProfileSummary, thread: string): string {
  const lines = [
    `${thread} busy ${summary.busy_pct.toFixed(0)} % of ${(summary.wall_ms / 1000).toFixed(1)} s; self time by group:`,
    ...Object.entries(summary.groups).map(([group, { self_pct }]) => `  ${self_pct.toFixed(1).padStart(5)} %  ${group}`),
    `top ${summary.top.length} functions by self time:`,
    ...summary.top.map((hot) => `  ${hot.self_pct.toFixed(1).padStart(5)} %  ${hot.function}  ${hot.file}  [${hot.group}]`),
  ];
  return lines.join('\n');
}
