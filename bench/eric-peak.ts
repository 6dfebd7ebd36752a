// The ERiC path's peak day: how many filings an hour one process delivers when ELSTER takes 1.5 s
// a send, with one poller and with several, on the local runtime with the ERiC test double slowed
// to that (ERIC_DOUBLE_SEND_MS), and what that makes of 100,000 filings on AWS.
//
// ERiC runs one call at a time per process (EricLibrary.exclusive in shared/eric/library.ts), so more
// pollers in one process queue behind the same library: the local figure is one process's rate. On
// AWS every transmit invocation is a process of its own, so the stage's rate is that figure times the
// transmit concurrency (`-c transmitConcurrency`). A run with sends of no time measures the rest of a
// filing (submit, claim, Nutzdaten, PDF, writes), which a busy machine stretches. The double counts
// calls that arrived while another ran (reentries); it must stay 0.
//
// Settings (environment):
//   BENCH_PEAK_FILINGS   filings per run                       20
//   BENCH_PEAK_SEND_MS   the double's time per send           1500
//   BENCH_PEAK_POLLERS   poller concurrencies to compare       1,4

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEricDoubles } from '#test/eric-double/build.ts';
import { doubleCertificate, doubleCounters, doublePin } from '#test/eric-double/double.ts';
import { ustvaSample } from '#test/support/samples.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { figure, type Row } from './stats.ts';

const section = 'peak';
const filings = Number(process.env.BENCH_PEAK_FILINGS ?? 20);
const sendMs = Number(process.env.BENCH_PEAK_SEND_MS ?? 1500);
const pollerCounts = (process.env.BENCH_PEAK_POLLERS ?? '1,4').split(',').map(Number);
/** The peak day of the model: filings to deliver, and within how long. */
const peak = { filings: 100_000, seconds: 3600 };
const finished = new Set(['delivered', 'rejected', 'failed']);

export async function ericPeak(): Promise<Row[]> {
  const root = await mkdtemp(join(tmpdir(), 'steuerbote-peak-'));
  try {
    const home = (await buildEricDoubles(root))[41];
    const counters = doubleCounters(home);
    const certificate = await doubleCertificate();
    const rows: Row[] = [];
    // The same filings with a send of no time at all: what a transmission costs besides ELSTER's answer.
    const runs = [{ pollers: 1, send: 0 }, ...pollerCounts.map((pollers) => ({ pollers, send: sendMs }))];
    let rest = 0;
    for (const { pollers, send } of runs) {
      const runtime = await startQuietRuntime(join(root, `data-${pollers}-${send}`), {
        pollerConcurrency: pollers,
        env: { TAX_AUTHORITY: 'eric', ERIC_HOME: home, ERIC_CERT_PATH: certificate, ERIC_CERT_PIN: doublePin, ERIC_DOUBLE_SEND_MS: String(send) },
      });
      try {
        const reentries = counters.reentries();
        const { seconds, delivered } = await deliverAll(runtime.apiUrl, runtime.apiKey);
        if (delivered !== filings) throw new Error(`bench: ${delivered} of ${filings} filings delivered with ${pollers} pollers`);
        if (counters.reentries() !== reentries) throw new Error('bench: the ERiC double was called while a call was running');
        const perFiling = seconds / filings;
        if (send === 0) {
          rest = perFiling;
          rows.push({
            section,
            name: `one process, a send of 0 ms: seconds per filing (submit to delivered, all but ELSTER)`,
            unit: 's',
            value: figure([rest]),
          });
          continue;
        }
        rows.push(
          { section, name: `${pollers} poller(s), one process, ${send} ms a send: seconds per filing`, unit: 's', value: figure([perFiling]) },
          { section, name: `${pollers} poller(s), one process, ${send} ms a send: filings an hour`, unit: '/h', value: figure([3600 / perFiling]) },
        );
      } finally {
        await runtime.stop();
      }
    }
    // On AWS each invocation is a process: a filing takes the send and the rest, and the stage runs `concurrency` of them at once.
    const perFiling = sendMs / 1000 + rest;
    rows.push(
      {
        section,
        name: `transmit concurrency for ${peak.filings.toLocaleString('en')} filings in ${peak.seconds / 3600} h (${sendMs} ms a send + the rest)`,
        unit: 'invocations',
        value: figure([Math.ceil((peak.filings * perFiling) / peak.seconds)]),
      },
      {
        section,
        name: `hours for ${peak.filings.toLocaleString('en')} filings at the default concurrency 5`,
        unit: 'h',
        value: figure([(peak.filings * perFiling) / 5 / 3600]),
      },
    );
    return rows;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Submits every filing at once and waits until all are finished: seconds from the first submit to the last delivery. */
async function deliverAll(apiUrl: string, apiKey: string): Promise<{ seconds: number; delivered: number }> {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const started = performance.now();
  const tickets = await Promise.all(
    Array.from({ length: filings }, async () => {
      const response = await fetch(`${apiUrl}/v2/ustva`, { method: 'POST', headers, body: JSON.stringify(ustvaSample()) });
      return ((await response.json()) as { data: { ticket: string } }).data.ticket;
    }),
  );
  const deadline = started + filings * sendMs * 4 + 60_000;
  for (;;) {
    const statuses = await Promise.all(
      tickets.map(async (ticket) => ((await (await fetch(`${apiUrl}/v2/status/${ticket}`, { headers })).json()) as { data: { status: string } }).data.status),
    );
    if (statuses.every((status) => finished.has(status))) {
      return { seconds: (performance.now() - started) / 1000, delivered: statuses.filter((status) => status === 'delivered').length };
    }
    if (performance.now() > deadline) throw new Error(`bench: filings unfinished after ${((deadline - started) / 1000).toFixed(0)} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
