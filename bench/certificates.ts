// What opening a client's certificate costs, against a container at OpenSSL's default (2,048
// iterations) opened in the same run: the process's CPU per upload (every thread, so PBKDF2 on the
// thread pool counts), its time to answer, and how long another client's `GET /v2/version` waited
// meanwhile, over HTTP into the local runtime. Containers at the cap (100,000) open; one of 3,000,000
// iterations is refused before anything is derived, with the right PIN or a wrong one. Then what the
// work costs others in the same process (certificate-blocking.ts).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxIterations } from '#shared/certificates/pkcs12-limits.ts';
import { containerOfIterations, testPin } from '#test/support/certificates.ts';
import { certificateBlocking } from './certificate-blocking.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { compare, figure, type Row } from './stats.ts';

const runs = 5;

interface Measured {
  cpuMs: number;
  wallMs: number;
  /** The slowest `GET /v2/version` of another client while the upload ran. */
  versionMs: number;
}

export async function certificates(): Promise<Row[]> {
  const containers = {
    'modern 2048': containerOfIterations('modern', 2048),
    'legacy 2048': containerOfIterations('legacy', 2048),
    'modern at cap': containerOfIterations('modern', maxIterations),
    'legacy at cap': containerOfIterations('legacy', maxIterations),
    'modern 3000000': containerOfIterations('modern', 3_000_000),
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'steuerbote-bench-'));
  const runtime = await startQuietRuntime(dataDir);
  try {
    const key = await runtime.createApiKey('bench-certificates');
    // With `watch`, another client's requests, one after the other, for as long as the upload runs;
    // without, nothing else runs, so the CPU figure is the upload's alone.
    const upload = async (pkcs12: Buffer, pin: string, watch: boolean): Promise<Measured> => {
      const waits: number[] = [];
      let done = !watch;
      const poll = (async () => {
        while (!done) {
          const started = performance.now();
          await (await fetch(`${runtime.apiUrl}/v2/version`)).arrayBuffer();
          waits.push(performance.now() - started);
        }
      })();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const reply = await fetch(`${runtime.apiUrl}/v2/certificates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pkcs12: pkcs12.toString('base64'), pin }),
      });
      const answer = (await reply.json()) as { data?: { certificate_id?: string } };
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      done = true;
      await poll;
      if (answer.data?.certificate_id)
        await fetch(`${runtime.apiUrl}/v2/certificates/${answer.data.certificate_id}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
      return { cpuMs: (used.user + used.system) / 1000, wallMs, versionMs: Math.max(0, ...waits) };
    };

    const cases: [string, Buffer, string][] = [
      ['modern 2048', containers['modern 2048'], testPin],
      ['legacy 2048', containers['legacy 2048'], testPin],
      ['modern at cap', containers['modern at cap'], testPin],
      ['legacy at cap', containers['legacy at cap'], testPin],
      ['legacy at cap, wrong PIN', containers['legacy at cap'], '000000'],
      ['3000000, right PIN', containers['modern 3000000'], testPin],
      ['3000000, wrong PIN', containers['modern 3000000'], '000000'],
    ];
    const measured = new Map<string, Measured[]>();
    for (let run = 0; run < runs; run++) {
      for (const [name, bytes, pin] of cases) {
        const quiet = await upload(bytes, pin, false);
        const watched = await upload(bytes, pin, true);
        measured.set(name, [...(measured.get(name) ?? []), { ...quiet, versionMs: watched.versionMs }]);
      }
    }
    const of = (name: string, pick: (m: Measured) => number) => figure(measured.get(name)!.map(pick));
    const rows: Row[] = [];
    for (const [name] of cases.slice(2)) {
      const baseline = name.startsWith('legacy') ? 'legacy 2048' : 'modern 2048';
      rows.push(
        compare({
          section: 'certificates',
          name: `upload ${name}: CPU vs ${baseline}`,
          unit: 'ms',
          value: of(name, (m) => m.cpuMs),
          baseline: of(baseline, (m) => m.cpuMs),
        }),
      );
    }
    for (const [name] of cases.slice(5)) {
      rows.push(
        compare(
          { section: 'certificates', name: `upload ${name}: answered within`, unit: 'ms', value: of(name, (m) => m.wallMs), goal: 'value <= 2000' },
          { value: 2000 },
        ),
      );
    }
    for (const [name] of cases.slice(2)) {
      rows.push(
        compare(
          {
            section: 'certificates',
            name: `upload ${name}: slowest GET /v2/version meanwhile`,
            unit: 'ms',
            value: of(name, (m) => m.versionMs),
            baseline: of('modern 2048', (m) => m.versionMs),
            goal: 'value <= 300',
          },
          { value: 300 },
        ),
      );
    }
    rows.push(...(await certificateBlocking(runtime)));
    return rows;
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
