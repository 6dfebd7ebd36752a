// @steuerbote/client as an integrator has it: built and packed (`npm run build -w client`, `npm pack -w
// client`), installed from the tarball into a fresh project outside the repository without the network,
// and run there by the Node on the machine's PATH, which may be older than the repository's own. The
// integrator example of docs/guides/client.md (examples/file-ustva.mjs, shown there as it stands) runs
// in that project against the real local runtime: a delivered ticket saves its protocol; an invalid
// body, a service that is not running and a ticket that ends failed each print a line and exit 1.

import { execFile, execFileSync, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '#test/support/closed-port.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);

/** The environment without what `npm test` sets for its scripts (`npm_config_local_prefix` names the repository). */
const outsideNpm = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/** The machine's own Node: the first on PATH that no package brought (`npm run` puts node_modules/.bin first). */
function machineNode(): string {
  const found = execFileSync('which', ['-a', 'node'], { encoding: 'utf8' })
    .split('\n')
    .find((path) => path && !path.includes('/node_modules/'));
  if (!found) throw new Error('no node on PATH outside node_modules: the package is tested with the Node an integrator has');
  return found;
}
const node = machineNode();
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

let work: string;
let project: string;
let packed: string[];
let service: LocalService;

async function packAndInstall(): Promise<void> {
  work = await mkdtemp(join(tmpdir(), 'steuerbote-client-package-'));
  await exec('npm', ['run', 'build', '-w', 'client'], { cwd: repoRoot });
  const [pack] = JSON.parse((await exec('npm', ['pack', '-w', 'client', '--json', '--pack-destination', work], { cwd: repoRoot, env: outsideNpm })).stdout) as {
    filename: string;
    files: { path: string }[];
  }[];
  packed = pack!.files.map(({ path }) => path).sort();
  project = join(work, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  await exec('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, pack!.filename)], { cwd: project, env: outsideNpm });
  await copyFile(join(repoRoot, 'examples/file-ustva.mjs'), join(project, 'file-ustva.mjs'));
}

beforeAll(async () => {
  [service] = await Promise.all([startService(), packAndInstall()]);
}, 300_000);
afterAll(() => Promise.all([service?.stop(), work && rm(work, { recursive: true, force: true })]));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A program of the project, run as its shell would: the machine's Node first on PATH. */
function runInProject(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(command, args, { cwd: project, env: { PATH: `${dirname(node)}:/usr/bin:/bin`, HOME: process.env.HOME ?? '/tmp', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

async function runExample(env: Record<string, string>, body: unknown = ustvaSample()): Promise<Run> {
  await writeFile(join(project, 'march.json'), JSON.stringify(body));
  return runInProject('node', ['file-ustva.mjs', 'march.json'], env);
}

const envFor = ({ runtime }: LocalService) => ({ STEUERBOTE_URL: runtime.apiUrl, STEUERBOTE_API_KEY: runtime.apiKey });
const installed = join('node_modules', '@steuerbote', 'client');
const readInstalled = (path: string) => readFile(join(project, installed, path), 'utf8');

describe('the packed client', () => {
  it('holds the built JavaScript, one declaration file, the command and the changelog, and depends on nothing', async () => {
    // The shared code and jq, each a chunk of its own.
    const chunks = packed.filter((path) => /^dist\/chunk-\w+\.js$/.test(path));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(packed.filter((path) => !chunks.includes(path))).toEqual([
      'CHANGELOG.md',
      'bin/steuerbote.js',
      'dist/cli/main.js',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
    const manifest = JSON.parse(await readInstalled('package.json'));
    expect(manifest).not.toHaveProperty('dependencies');
    expect(manifest).not.toHaveProperty('peerDependencies');
    expect(manifest).not.toHaveProperty('optionalDependencies');
    expect(manifest.engines).toEqual({ node: '>=20' });
    expect(manifest.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    expect((await readdir(join(project, 'node_modules'))).sort()).toEqual(['.bin', '.package-lock.json', '@steuerbote']);
  });

  it('carries nothing of the service: every module bundled is the client’s, openapi-fetch’s or jq-wasm’s', async () => {
    // esbuild heads each module it bundles with its path from client/.
    const bundles = await Promise.all(packed.filter((path) => path.endsWith('.js') && path.startsWith('dist/')).map(readInstalled));
    const modules = new Set(bundles.flatMap((code) => [...code.matchAll(/^\/\/ (\S+\.m?[jt]s)$/gm)].map(([, path]) => path!)));
    expect(modules).toContain('src/client.ts');
    expect([...modules].filter((path) => !/^(src\/|\.\.\/node_modules\/(openapi-fetch|jq-wasm)\/)/.test(path))).toEqual([]);
  });

  it('has the version of the API it was generated from, with its entry in the changelog', async () => {
    const served = (await service.call('GET', '/v2/openapi.json', { key: null })).json.info.version;
    const { version } = JSON.parse(await readInstalled('package.json'));
    expect(version).toBe(served);
    expect(await readInstalled('CHANGELOG.md')).toMatch(new RegExp(`^## ${version.replaceAll('.', '\\.')}$`, 'm'));
  });

  it('types a TypeScript project by its declarations alone: every route typed, the example checked', async () => {
    await writeFile(
      join(project, 'routes.ts'),
      [
        "import { createSteuerbote, type UstvaSubmission } from '@steuerbote/client';",
        'const steuerbote = createSteuerbote();',
        "const { data } = await steuerbote.api.GET('/v2/version');",
        "export const apiVersion: 'v2' | undefined = data?.data.api_version;",
        '// @ts-expect-error: no such route',
        "await steuerbote.api.GET('/v2/nowhere');",
        "export const accepted: Promise<{ ticket: string; replayed: boolean }> = steuerbote.submit('ustva', {} as UstvaSubmission);",
        '',
      ].join('\n'),
    );
    const compilerOptions = {
      module: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      allowJs: true,
      checkJs: true,
      typeRoots: [join(repoRoot, 'node_modules/@types')],
      types: ['node'],
    };
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['routes.ts', 'file-ustva.mjs'] }));
    const check = await exec(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', project]).catch((failed: { stdout: string }) => ({ stdout: failed.stdout }));
    expect(check.stdout).toBe('');
  }, 120_000);

  it('is in docs/guides/client.md as it stands in examples/', async () => {
    const guide = await readFile(join(repoRoot, 'docs/guides/client.md'), 'utf8');
    const code = (await readFile(join(repoRoot, 'examples/file-ustva.mjs'), 'utf8')).replace(/^(\/\/.*\n)+/, '');
    expect(guide).toContain(`\`\`\`js\n${code}\`\`\``);
  });
});

describe(`the example and the command on the machine's Node (${nodeVersion})`, () => {
  it('files a UStVA, follows its ticket to delivered and saves its PDF protocol; the command shows the ticket', async () => {
    const run = await runExample(envFor(service));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const last = run.stdout.trim().split('\n').at(-1)!;
    const [ticket] = last.split(' ');
    expect(last).toBe(`${ticket} delivered`);
    expect((await readFile(join(project, `${ticket}.pdf`))).subarray(0, 4).toString('latin1')).toBe('%PDF');

    const command = await runInProject(join(project, 'node_modules/.bin/steuerbote'), ['status', ticket!, '--json'], envFor(service));
    expect(command.stderr).toBe('');
    expect(command.code).toBe(0);
    expect(JSON.parse(command.stdout)).toMatchObject({ ticket, status: 'delivered' });
    // jq, bundled into a chunk of its own, runs on the Node the project has.
    const filtered = await runInProject(join(project, 'node_modules/.bin/steuerbote'), ['status', ticket!, '--json', '--jq', '.status'], envFor(service));
    expect([filtered.stderr, filtered.code, filtered.stdout.trim()]).toEqual(['', 0, 'delivered']);
  });

  it('says its version', async () => {
    const run = await runInProject(join(project, 'node_modules/.bin/steuerbote'), ['--version']);
    expect(run).toEqual({ code: 0, stdout: `steuerbote ${JSON.parse(await readInstalled('package.json')).version}\n`, stderr: '' });
  });

  it('tells a Node older than 20 so in one line', async () => {
    const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'18.20.0'})`;
    const run = await runInProject(join(project, 'node_modules/.bin/steuerbote'), ['--version'], { NODE_OPTIONS: `--import=${pretend}` });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'steuerbote needs Node 20 or later (this is Node 18.20.0)\n' });
  });

  it('prints what the service found in an invalid body and exits 1', async () => {
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
    const failing = await startService({ env: { SANDBOX_TRANSIENT_FAILURE_RATE: '1', TRANSMIT_MAX_ATTEMPTS: '1' } });
    try {
      const run = await runExample(envFor(failing));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^tk_[\w-]{22} failed: [A-Z_]+ /);
    } finally {
      await failing.stop();
    }
  });
});
