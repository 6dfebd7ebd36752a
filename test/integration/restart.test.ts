// A restart keeps tickets and PDFs, and a crash mid-transmission loses nothing: the table says
// what was owed, and the new start re-drives it.

import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

/** `npm start` in its own process, so that it can be killed without warning. */
async function startChild(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; apiUrl: string; printedSample: string }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'local/start.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0', HOOK_EXAMPLE_PORT: '0', POWERTOOLS_LOG_LEVEL: 'ERROR', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const apiUrl = await eventually(() => /API\s+(http:\/\/\S+?)\/v2\/version/.exec(output)?.[1], 30_000).catch(() => {
    throw new Error(`npm start did not come up:\n${output}`);
  });
  // The body of the curl that `npm start` prints, so what a newcomer pastes is known to be accepted.
  const printedSample = /-d '(\{.*\})'/.exec(output)?.[1] ?? '';
  return { child, apiUrl, printedSample };
}

describe('restart and crash', () => {
  let service: LocalService | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await service?.stop();
  });

  it('keeps delivered work and finishes what a killed runtime left behind', async () => {
    const dataDir = await newDataDir();

    service = await startService({ dataDir, env: { SANDBOX_LATENCY_MS: '0' } });
    const first = (await service.submit('ustva', ustvaSample())).json.data.ticket;
    const delivered = await service.waitForStatus(first, ['delivered']);
    const key = service.runtime.apiKey;
    await service.stop();
    service = undefined;

    // A slow tax authority keeps the next ticket in `processing` when the runtime dies.
    const started = await startChild(dataDir, { SANDBOX_LATENCY_MS: '60000' });
    child = started.child;
    const submit = await fetch(`${started.apiUrl}/v2/ustva`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: started.printedSample,
    });
    expect(submit.status).toBe(202);
    const second = ((await submit.json()) as any).data.ticket;
    await eventually(async () => {
      const reply = await fetch(`${started.apiUrl}/v2/status/${second}`, { headers: { authorization: `Bearer ${key}` } });
      return ((await reply.json()) as any).data.status === 'processing';
    });
    child.kill('SIGKILL');
    await new Promise((done) => child!.once('exit', done));
    child = undefined;

    service = await startService({ dataDir, env: { SANDBOX_LATENCY_MS: '0' } });
    expect(service.runtime.apiKey).toBe(key);

    const kept = await service.call('GET', `/v2/ticket/${first}`);
    expect(kept.json.data).toMatchObject({ status: 'delivered', transfer_ticket: delivered.transfer_ticket, file_sha256: delivered.file_sha256 });
    const pdf = await service.call('GET', `/v2/protocol/${first}`, { headers: { accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const finished = await service.waitForStatus(second, ['delivered', 'rejected', 'failed']);
    expect(finished).toMatchObject({ status: 'delivered', attempts: 2 });
  }, 90_000);
});
