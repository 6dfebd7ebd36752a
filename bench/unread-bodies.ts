// What bodies sent without a key cost the local runtime: callers at once, each with a body of the
// gateway's limit for POST /v2/ustva without a key (refused before its body is read), against the
// same bodies on a path no route takes, which are read in full and handed on as API Gateway would.
// The figure is how far the memory the process holds (V8's heap in use and the buffers outside it)
// rose at its peak, sampled every 10 ms: resident memory, once grown, is not given back between runs.
// The callers run in this process on one shared buffer, so what sending costs is in both alike.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transportLimits } from '#shared/http/transport.ts';
import { http11Head, rawRequest } from '#test/support/raw-http.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { compare, figure, type Row } from './stats.ts';

const callers = 40;
const runs = 3;
const goal = { value: 32 };

const held = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/** How many MB the memory held rose above its level at the start while `work` ran. */
async function peakGrowthMb(work: () => Promise<unknown>): Promise<number> {
  const before = held();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, held())), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return (Math.max(peak, held()) - before) / 1024 / 1024;
}

export async function unreadBodies(): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'steuerbote-bench-'));
  const runtime = await startQuietRuntime(dataDir);
  try {
    const body = Buffer.alloc(transportLimits.maxBodyBytes, 0x20);
    const sendAll = (path: string, status: number) =>
      peakGrowthMb(async () => {
        const head = http11Head(`POST ${path}`, [['Content-Type', 'application/json']], body.length);
        const replies = await Promise.all(Array.from({ length: callers }, () => rawRequest(runtime.apiUrl, [head, body])));
        const wrong = replies.find((reply) => reply.status !== status);
        if (wrong) throw new Error(`bench: POST ${path} without a key answered ${wrong.status}, not ${status}`);
      });
    const unread: number[] = [];
    const read: number[] = [];
    // The first round warms the runtime up and is not recorded.
    for (let run = -1; run < runs; run++) {
      const refused = await sendAll('/v2/ustva', 401);
      const handedOn = await sendAll('/v2/nothing', 404);
      if (run < 0) continue;
      unread.push(refused);
      read.push(handedOn);
    }
    return [
      compare(
        {
          section: 'bodies',
          name: `${callers} callers without a key, ${transportLimits.maxBodyBytes / 1024 / 1024} MiB each at once: peak memory growth vs the same bodies where no route is`,
          unit: 'MB',
          value: figure(unread),
          baseline: figure(read),
          goal: `≤ ${goal.value} MB`,
        },
        goal,
      ),
    ];
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
