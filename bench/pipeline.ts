// The whole pipeline under open-loop load: submit → transmit (sandbox, PDF) → delivered → webhook →
// the example receiver stores the PDF, on the local runtime, at rising submission rates.
//
// Each run starts a fresh runtime (new data directory, free ports, webhooks on, no sandbox latency),
// warms it with a few submissions, then sends ustva submissions at a fixed rate for a fixed window
// from a worker thread (bench/open-loop.ts: the load generator and the webhook proxy that timestamps
// arrivals), drains, and stops. The runtime keeps its default poller concurrency unless
// BENCH_PIPELINE_CONCURRENCY says otherwise. A rate is sustained when every submission was accepted
// within the window, none was left unfinished and p99 submit → webhook stayed within 2 s.
//
// Then: one more run at the top sustained rate is CPU-profiled in-process, this thread (the API's
// gateway and the functions) and the stand-ins' thread, not the receiver's or the load generator's,
// and summarised by function and by part of the system into bench/profile.json; and the "top rate" is measured
// again, as the time budget allows, for median, min and max: the goal rate if it was sustained, else
// the highest sustained rate (a goal rate far beyond capacity only tells again that it is, at a
// minute and more a run).
//
// Settings (environment):
//   BENCH_PIPELINE_RATES           rates to step through, submissions/s      10,25,50,100,150
//   BENCH_PIPELINE_GOAL_RATE       the rate the goals are for                100
//   BENCH_PIPELINE_SECONDS         window at the goal rate                   60
//   BENCH_PIPELINE_STEP_SECONDS    window at every other rate                20
//   BENCH_PIPELINE_REPEATS         runs at the top rate, as the budget allows   3
//   BENCH_PIPELINE_DRAIN_SECONDS   wait for outstanding webhooks after a window, at most   10
//   BENCH_PIPELINE_PROFILE_SECONDS profiled window                           10
//   BENCH_PIPELINE_PROFILE_RATE    profiled rate (default: the top sustained rate)
//   BENCH_PIPELINE_BUDGET_SECONDS  repeats are skipped when they would end later than this   285
//   BENCH_PIPELINE_CONCURRENCY     pollerConcurrency of the runtime           (runtime default, 2)
//   BENCH_PIPELINE_CPUPROFILE      also write the raw profile here (a .cpuprofile for DevTools)

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker, type CPUProfileHandle } from 'node:worker_threads';
import { startLocalRuntime } from '#local/runtime.ts';
import { logger } from '#shared/logger.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { formatSummary, s3StandIn, startProfile, summarize, type CpuProfile, type ProfileSummary } from './cpu-profile.ts';
import type { StepRequest, WorkerMessage } from './open-loop.ts';
import { compare, figure, percentile, sortNumbers, type Row } from './stats.ts';
import { threadCpu, type ThreadCpu } from './thread-cpu.ts';

const section = 'pipeline';
const goal = { p99SubmitToWebhookMs: 2000 };

const setting = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bench: ${name} must be a positive number, got "${raw}"`);
  return value;
};

interface RunResult {
  rate: number;
  seconds: number;
  sent: number;
  /** 202s answered by the end of the window plus a second, per second of window. */
  acceptedPerSecond: number;
  p99SubmitResponseMs: number;
  p50SubmitToDeliveredMs: number;
  p99SubmitToDeliveredMs: number;
  p50DeliveredToWebhookMs: number;
  p99DeliveredToWebhookMs: number;
  /** Unfinished submissions count as infinitely late. */
  p99SubmitToWebhookMs: number;
  unfinished: number;
  /** Main-thread event-loop utilisation during the window, %. */
  eventLoopPct: number;
  /** The stand-ins' thread's event-loop utilisation during the window, %. */
  standInsEventLoopPct: number;
  /** The example receiver's thread's event-loop utilisation during the window, %. */
  receiverEventLoopPct: number;
  /** The load generator's and proxy's event-loop utilisation, %: far from 100, or the load is not open-loop. */
  clientEventLoopPct: number;
  /** Main-thread busy time per submission sent: the thread's capacity is 1000 / this, per second. */
  mainMsPerSubmission: number;
  /** The main thread's own CPU time per submission sent: its busy time less the time it waited for a core. */
  mainCpuMsPerSubmission: number;
  /** CPU of libuv's thread pool per wall time of the window. */
  threadPoolCores: number;
  /** CPU time of the whole process (all threads, the client's included) per wall time of the window. */
  cpuCores: number;
  maxSendLagMs: number;
  profile?: { main: ProfileSummary; standIns: ProfileSummary };
}

const met = (run: RunResult) => run.unfinished === 0 && run.acceptedPerSecond >= run.rate && run.p99SubmitToWebhookMs <= goal.p99SubmitToWebhookMs;

export async function pipeline(): Promise<Row[]> {
  const began = Date.now();
  const rates = (process.env.BENCH_PIPELINE_RATES ?? '10,25,50,100,150').split(',').map(Number);
  if (!rates.length || rates.some((rate) => !(rate > 0))) throw new Error('bench: BENCH_PIPELINE_RATES must list positive rates');
  const goalRate = setting('BENCH_PIPELINE_GOAL_RATE', 100);
  const goalSeconds = setting('BENCH_PIPELINE_SECONDS', 60);
  const stepSeconds = setting('BENCH_PIPELINE_STEP_SECONDS', 20);
  const repeats = setting('BENCH_PIPELINE_REPEATS', 3);
  const drainMs = setting('BENCH_PIPELINE_DRAIN_SECONDS', 10) * 1000;
  const profileSeconds = setting('BENCH_PIPELINE_PROFILE_SECONDS', 10);
  const budgetMs = setting('BENCH_PIPELINE_BUDGET_SECONDS', 285) * 1000;
  const concurrency = process.env.BENCH_PIPELINE_CONCURRENCY ? setting('BENCH_PIPELINE_CONCURRENCY', 2) : undefined;
  if (!rates.includes(goalRate)) rates.push(goalRate);
  rates.sort((a, b) => a - b);

  // The runtime writes its settings into process.env and the logger was built at import: both go
  // back as they were, so later sections see what they would have seen without this one.
  const savedEnv = { ...process.env };
  const savedLevel = logger.getLevelName();
  logger.setLogLevel('ERROR');
  const client = await startClient();
  const body = JSON.stringify(ustvaSample());
  const errors = { count: 0, last: '' };

  async function run(rate: number, seconds: number, profiled = false): Promise<RunResult> {
    Object.assign(errors, { count: 0, last: '' });
    const dataDir = await mkdtemp(join(tmpdir(), 'steuerbote-bench-'));
    const runtime = await startLocalRuntime({
      dataDir,
      apiPort: 0,
      receiverPort: 0,
      // No per-client budget: the load comes from one client at far more than a client may send.
      env: { HOOK_ENABLED: 'true', HOOK_URI: client.hookUrl, SANDBOX_LATENCY_MS: '0', POWERTOOLS_LOG_LEVEL: 'ERROR', RATE_LIMIT_PER_MINUTE: '0' },
      ...(concurrency && { pollerConcurrency: concurrency }),
      onError: (error) => {
        errors.count++;
        errors.last = error instanceof Error ? error.message : String(error);
      },
    });
    try {
      const base = { type: 'step', apiUrl: runtime.apiUrl, apiKey: runtime.apiKey, receiverUrl: runtime.receiverUrl, body, kind: 'ustva' } as const;
      // Warm-up: every handler loaded and its clients connected before the clock runs.
      await client.step({ ...base, rate: 20, seconds: 1, drainMs: 10_000 });
      let elu: EventLoopUtilization | undefined;
      let standInsElu: EventLoopUtilization | undefined;
      let receiverElu: EventLoopUtilization | undefined;
      let clientElu: EventLoopUtilization | undefined;
      let cpu: { usage: NodeJS.CpuUsage; threads: ThreadCpu | undefined; at: number } | undefined;
      let cpuCores = Number.NaN;
      let threadsUsed: ThreadCpu | undefined;
      let stopProfile: Promise<[() => Promise<CpuProfile>, CPUProfileHandle]> | undefined;
      let profile: Promise<[CpuProfile, CpuProfile]> | undefined;
      const done = await client.step({ ...base, rate, seconds, drainMs }, (phase) => {
        if (phase === 'start') {
          elu = performance.eventLoopUtilization();
          standInsElu = runtime.standIns.performance.eventLoopUtilization();
          receiverElu = runtime.receiver.performance.eventLoopUtilization();
          clientElu = client.eventLoopUtilization();
          cpu = { usage: process.cpuUsage(), threads: threadCpu(), at: performance.now() };
          if (profiled) stopProfile = Promise.all([startProfile(), runtime.standIns.startCpuProfile('pipeline')]);
        } else {
          elu = performance.eventLoopUtilization(elu);
          standInsElu = runtime.standIns.performance.eventLoopUtilization(standInsElu);
          receiverElu = runtime.receiver.performance.eventLoopUtilization(receiverElu);
          clientElu = client.eventLoopUtilization(clientElu);
          const used = process.cpuUsage(cpu!.usage);
          cpuCores = (used.user + used.system) / 1000 / (performance.now() - cpu!.at);
          const [before, after] = [cpu!.threads, threadCpu()];
          if (before && after) threadsUsed = { mainMs: after.mainMs - before.mainMs, threadPoolMs: after.threadPoolMs - before.threadPoolMs };
          if (stopProfile) profile = stopProfile.then(async ([stopMain, standIns]) => [await stopMain(), JSON.parse(await standIns.stop()) as CpuProfile]);
        }
      });
      if (profile && process.env.BENCH_PIPELINE_CPUPROFILE) {
        const [main, standIns] = await profile;
        await writeFile(process.env.BENCH_PIPELINE_CPUPROFILE, JSON.stringify(main));
        await writeFile(process.env.BENCH_PIPELINE_CPUPROFILE.replace(/(\.cpuprofile)?$/, '.stand-ins$1'), JSON.stringify(standIns));
      }
      return {
        ...measure(rate, seconds, done),
        eventLoopPct: 100 * (elu?.utilization ?? Number.NaN),
        standInsEventLoopPct: 100 * (standInsElu?.utilization ?? Number.NaN),
        receiverEventLoopPct: 100 * (receiverElu?.utilization ?? Number.NaN),
        mainMsPerSubmission: (elu?.active ?? Number.NaN) / done.sends.length,
        mainCpuMsPerSubmission: (threadsUsed?.mainMs ?? Number.NaN) / done.sends.length,
        threadPoolCores: (threadsUsed?.threadPoolMs ?? Number.NaN) / 1000 / seconds,
        clientEventLoopPct: 100 * (clientElu?.utilization ?? Number.NaN),
        cpuCores,
        ...(profile && { profile: await profile.then(([main, standIns]) => ({ main: summarize(main), standIns: summarize(standIns) })) }),
      };
    } finally {
      await runtime.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const report = (run: RunResult, label: string) =>
    console.error(
      `bench: pipeline ${label}${run.rate}/s × ${run.seconds} s: ${run.acceptedPerSecond.toFixed(1)} accepted/s, ` +
        `p99 202 ${ms(run.p99SubmitResponseMs)}, submit→delivered p50 ${ms(run.p50SubmitToDeliveredMs)} p99 ${ms(run.p99SubmitToDeliveredMs)}, ` +
        `delivered→webhook p50 ${ms(run.p50DeliveredToWebhookMs)} p99 ${ms(run.p99DeliveredToWebhookMs)}, ` +
        `p99 submit→webhook ${ms(run.p99SubmitToWebhookMs)}, unfinished ${run.unfinished}/${run.sent}, ` +
        `event loop ${run.eventLoopPct.toFixed(0)} % = ${run.mainMsPerSubmission.toFixed(1)} ms/submission, of it CPU ${run.mainCpuMsPerSubmission.toFixed(1)} ms (stand-ins ${run.standInsEventLoopPct.toFixed(0)} %, receiver ${run.receiverEventLoopPct.toFixed(0)} %, client ${run.clientEventLoopPct.toFixed(0)} %), ` +
        `process CPU ${run.cpuCores.toFixed(2)} cores (thread pool ${run.threadPoolCores.toFixed(2)}), max send lag ${run.maxSendLagMs.toFixed(0)} ms` +
        (errors.count ? `, ${errors.count} queue-function errors (last: ${errors.last})` : ''),
    );

  try {
    const byRate = new Map<number, RunResult[]>();
    const windowOf = (rate: number) => (rate === goalRate ? goalSeconds : stepSeconds);
    for (const rate of rates) {
      const result = await run(rate, windowOf(rate));
      report(result, '');
      byRate.set(rate, [result]);
    }

    const sustained = rates.filter((rate) => met(byRate.get(rate)![0]!));
    const topSustained = sustained.at(-1);
    const profileRate = process.env.BENCH_PIPELINE_PROFILE_RATE ? setting('BENCH_PIPELINE_PROFILE_RATE', goalRate) : (topSustained ?? rates[0]!);
    const profiled = await run(profileRate, profileSeconds, true);
    report(profiled, 'profiled ');
    const { main, standIns } = profiled.profile!;
    console.error(
      `bench: pipeline profile at ${profileRate}/s for ${profileSeconds} s\n${formatSummary(main, 'main thread')}\n${formatSummary(standIns, 'stand-ins thread')}`,
    );
    await writeFile(
      join(import.meta.dirname, 'profile.json'),
      `${JSON.stringify({ measured_at: new Date().toISOString(), rate: profileRate, seconds: profileSeconds, main, stand_ins: standIns }, null, 2)}\n`,
    );

    // Repeats while the budget lasts; a run costs its window, the drain at worst, and a start.
    const topRate = sustained.includes(goalRate) ? goalRate : (topSustained ?? goalRate);
    const topRuns = byRate.get(topRate)!;
    while (topRuns.length < repeats) {
      const worstCase = (windowOf(topRate) + 5) * 1000 + drainMs;
      if (Date.now() - began + worstCase > budgetMs) {
        console.error(`bench: pipeline: ${topRuns.length} of ${repeats} runs at ${topRate}/s; another would exceed the time budget`);
        break;
      }
      const again = await run(topRate, windowOf(topRate));
      report(again, `repeat ${topRuns.length + 1}: `);
      topRuns.push(again);
    }
    console.error(
      `bench: pipeline: sustained ${sustained.length ? sustained.map((rate) => `${rate}/s`).join(', ') : 'no rate'}; ` +
        `${topRuns.length} runs at ${topRate}/s, 1 at each other rate`,
    );

    const rows: Row[] = [
      compare(
        {
          section,
          name: `highest sustained rate (of ${rates.join(', ')}/s)`,
          unit: '/s',
          value: figure([topSustained ?? 0]),
          goal: `>= ${goalRate}/s`,
        },
        { atLeast: goalRate },
      ),
    ];
    for (const rate of rates) rows.push(...rowsFor(rate, byRate.get(rate)!, rate === goalRate ? goalRate : undefined));
    // A group's share of both threads' busy time together.
    const share = (group: string) =>
      (100 * ((main.groups[group]?.self_ms ?? 0) + (standIns.groups[group]?.self_ms ?? 0))) / (main.busy_ms + standIns.busy_ms || 1);
    const profileRow = (name: string, value: number) => compare({ section, name: `profile @${profileRate}/s: ${name}`, unit: '%', value: figure([value]) });
    rows.push(
      profileRow('main thread busy', main.busy_pct),
      profileRow('stand-ins thread busy', standIns.busy_pct),
      profileRow('self time dynalite+leveldb', share('dynalite+leveldb (DynamoDB stand-in)')),
      profileRow('self time S3 stand-in', share(s3StandIn)),
      profileRow('self time fauxqs', share('fauxqs (SQS stand-in)')),
      profileRow('self time AWS SDK clients', share('AWS SDK v3 clients')),
      profileRow('self time pdf-lib', share('pdf-lib')),
      profileRow('self time middy+powertools', share('middy+powertools')),
      profileRow('self time steuerbote code', share('steuerbote code')),
      profileRow('self time node core, no caller (sockets, HTTP parsing)', share('node core')),
      profileRow('self time GC', share('GC')),
    );
    return rows;
  } finally {
    await client.close();
    logger.setLogLevel(savedLevel);
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
}

function rowsFor(rate: number, runs: RunResult[], goalRate: number | undefined): Row[] {
  const name = (what: string) => `@${rate}/s: ${what}`;
  const row = (what: string, unit: string, pick: (run: RunResult) => number, limit?: { value?: number; atLeast?: number }, goalText?: string) =>
    compare({ section, name: name(what), unit, value: figure(runs.map(pick)), ...(limit && goalText && { goal: goalText }) }, limit);
  const isGoal = goalRate !== undefined;
  return [
    row('accepted submissions/s', '/s', (run) => run.acceptedPerSecond, isGoal ? { atLeast: rate } : undefined, `>= ${rate}/s`),
    row('p99 submit → 202', 'ms', (run) => run.p99SubmitResponseMs),
    row('p50 submit → delivered', 'ms', (run) => run.p50SubmitToDeliveredMs),
    row('p99 submit → delivered', 'ms', (run) => run.p99SubmitToDeliveredMs),
    row('p50 delivered → webhook', 'ms', (run) => run.p50DeliveredToWebhookMs),
    row('p99 delivered → webhook', 'ms', (run) => run.p99DeliveredToWebhookMs),
    row(
      'p99 submit → webhook stored',
      'ms',
      (run) => run.p99SubmitToWebhookMs,
      isGoal ? { value: goal.p99SubmitToWebhookMs } : undefined,
      `<= ${goal.p99SubmitToWebhookMs} ms`,
    ),
    row('not finished', 'subm.', (run) => run.unfinished, isGoal ? { value: 0 } : undefined, '0'),
    row('main event loop busy', '%', (run) => run.eventLoopPct),
    row('main thread busy per submission', 'ms', (run) => run.mainMsPerSubmission),
    row('main thread CPU per submission', 'ms', (run) => run.mainCpuMsPerSubmission),
    row('stand-ins event loop busy', '%', (run) => run.standInsEventLoopPct),
    row('receiver event loop busy', '%', (run) => run.receiverEventLoopPct),
    row('process CPU (all threads)', 'cores', (run) => run.cpuCores),
    row("process CPU: libuv's thread pool", 'cores', (run) => run.threadPoolCores),
  ];
}

function measure(
  rate: number,
  seconds: number,
  done: Extract<WorkerMessage, { type: 'done' }>,
): Omit<
  RunResult,
  | 'eventLoopPct'
  | 'standInsEventLoopPct'
  | 'receiverEventLoopPct'
  | 'mainMsPerSubmission'
  | 'mainCpuMsPerSubmission'
  | 'threadPoolCores'
  | 'clientEventLoopPct'
  | 'cpuCores'
> {
  const hooks = new Map(done.hooks.map((hook) => [hook.ticket, hook]));
  const submitResponse: number[] = [];
  const toDelivered: number[] = [];
  const toWebhook: number[] = [];
  const endToEnd: number[] = [];
  let acceptedInWindow = 0;
  let maxSendLagMs = 0;
  for (const send of done.sends) {
    maxSendLagMs = Math.max(maxSendLagMs, send.sentAt - send.due);
    // Unanswered (cut off after the drain) counts as infinitely late.
    submitResponse.push(send.status === undefined ? Number.POSITIVE_INFINITY : send.respondedAt! - send.due);
    if (send.status === 202 && send.respondedAt! <= done.windowEnd + 1000) acceptedInWindow++;
    const hook = send.ticket ? hooks.get(send.ticket) : undefined;
    if (hook?.storedAt === undefined) {
      endToEnd.push(Number.POSITIVE_INFINITY);
      continue;
    }
    toDelivered.push(hook.deliveredAt - send.due);
    toWebhook.push(hook.arrivedAt - hook.deliveredAt);
    endToEnd.push(hook.storedAt - send.due);
  }
  const p = (values: number[], q: number) => percentile(sortNumbers(values), q);
  return {
    rate,
    seconds,
    sent: done.sends.length,
    acceptedPerSecond: acceptedInWindow / seconds,
    p99SubmitResponseMs: p(submitResponse, 99),
    p50SubmitToDeliveredMs: p(toDelivered, 50),
    p99SubmitToDeliveredMs: p(toDelivered, 99),
    p50DeliveredToWebhookMs: p(toWebhook, 50),
    p99DeliveredToWebhookMs: p(toWebhook, 99),
    p99SubmitToWebhookMs: p(endToEnd, 99),
    unfinished: endToEnd.filter((value) => value === Number.POSITIVE_INFINITY).length,
    maxSendLagMs,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '∞');

interface Client {
  hookUrl: string;
  eventLoopUtilization: Worker['performance']['eventLoopUtilization'];
  step(request: Omit<StepRequest, 'type'> & { type: 'step' }, onWindow?: (phase: 'start' | 'end') => void): Promise<Extract<WorkerMessage, { type: 'done' }>>;
  close(): Promise<void>;
}

/** The worker thread with the load generator and the webhook proxy. */
async function startClient(): Promise<Client> {
  const worker = new Worker(new URL('./open-loop.ts', import.meta.url));
  let listener: ((message: WorkerMessage) => void) | undefined;
  worker.on('message', (message: WorkerMessage) => listener?.(message));
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  failed.catch(() => undefined);
  const hookUrl = await Promise.race([
    failed,
    new Promise<string>((resolve) => (listener = (message) => message.type === 'ready' && resolve(message.hookUrl))),
  ]);
  return {
    hookUrl,
    eventLoopUtilization: (...args) => worker.performance.eventLoopUtilization(...args),
    step(request, onWindow) {
      const done = new Promise<Extract<WorkerMessage, { type: 'done' }>>((resolve) => {
        listener = (message) => {
          if (message.type === 'window') onWindow?.(message.phase);
          if (message.type === 'done') resolve(message);
        };
      });
      worker.postMessage(request);
      return Promise.race([failed, done]);
    },
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ type: 'close' });
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await worker.terminate();
    },
  };
}
