// The integrator example of docs/guides/client.md is examples/file-ustva.ts, shown there as it stands and run here as
// a user runs it, against the real local runtime: a delivered ticket saves its protocol; an invalid
// body, a service that is not running and a ticket that ends failed each print a line and exit 1.

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from '#test/support/closed-port.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const example = join(repoRoot, 'examples/file-ustva.ts');
let service: LocalService | undefined;
afterEach(async () => {
  await service?.stop();
  service = undefined;
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  folder: string;
}

async function runExample(env: Record<string, string>, body: unknown = ustvaSample()): Promise<Run> {
  const folder = await mkdtemp(join(tmpdir(), 'steuerbote-example-'));
  const file = join(folder, 'march.json');
  await writeFile(file, JSON.stringify(body));
  const child = spawn(join(repoRoot, 'node_modules/.bin/node'), [example, file], { cwd: folder, env: { PATH: process.env.PATH, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr, folder })));
}

const envFor = ({ runtime }: LocalService) => ({ STEUERBOTE_URL: runtime.apiUrl, STEUERBOTE_API_KEY: runtime.apiKey });

describe('the integrator example', () => {
  it('is in docs/guides/client.md as it stands in examples/', async () => {
    const readme = await readFile(join(repoRoot, 'docs/guides/client.md'), 'utf8');
    const code = (await readFile(example, 'utf8')).replace(/^(\/\/.*\n)+/, '');
    expect(readme).toContain(`\`\`\`ts\n${code}\`\`\``);
  });

  it('saves the protocol of a delivered ticket and exits 0', async () => {
    service = await startService();
    const run = await runExample(envFor(service));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [ticket] = run.stdout.trim().split('\n').at(-1)!.split(' ');
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`${ticket} delivered`);
    expect(await readdir(run.folder)).toContain(`${ticket}.pdf`);
  });

  it('prints what the service found in an invalid body and exits 1', async () => {
    service = await startService();
    const run = await runExample(envFor(service), { ...ustvaSample(), kennzahlen: { kz81: 10_000, kz83: '1.00' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^422 VALIDATION_FAILED /);
    expect(run.stderr).toContain('kennzahlen.kz83');
  });

  it('says that the service did not answer when nothing listens, without retrying, and exits 1', async () => {
    const port = await closedPort();
    const run = await runExample({ STEUERBOTE_URL: `http://127.0.0.1:${port}`, STEUERBOTE_API_KEY: 'sbk_none' });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `steuerbote did not answer (ECONNREFUSED): Could not reach http://127.0.0.1:${port}/v2/ustva: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
  });

  it('prints a ticket that ended failed, with its error, and exits 1', async () => {
    // Every transmission fails as if the authority were unreachable, and one attempt is all there is.
    service = await startService({ env: { SANDBOX_TRANSIENT_FAILURE_RATE: '1', TRANSMIT_MAX_ATTEMPTS: '1' } });
    const run = await runExample(envFor(service));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^tk_[\w-]{22} failed: [A-Z_]+ /);
  });
});
