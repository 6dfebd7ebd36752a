// `npm start` in a process of its own, so that it can be killed without warning, with the
// tax-authority ledger loaded into it.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resetAll } from '#shared/once.ts';
import { runtimeFile } from '#shared/runtime-file.ts';
import { eventually, type LocalService } from '#test/support/local-service.ts';
import { ledgerPath } from './authority-ledger.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ChildRuntime {
  child: ChildProcess;
  apiUrl: string;
  kill(): Promise<void>;
  /** Points this process's adapters at the child's stand-ins, as an operator command does, to read its stores while it runs. */
  useStandIns(): Promise<void>;
}

/** Starts `npm start` on `dataDir`, the ledger and the modules `imports` names (file paths) loaded into it first. */
export async function startChild(dataDir: string, env: Record<string, string>, imports: readonly string[] = []): Promise<ChildRuntime> {
  const loaded = [ledgerPath, ...imports].flatMap((file) => ['--import', pathToFileURL(file).href]);
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...loaded, 'local/start.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0', HOOK_EXAMPLE_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  const apiUrl = await eventually(() => /API\s+(http:\/\/\S+?)\/v2\/version/.exec(output)?.[1], 60_000).catch(async () => {
    await kill();
    throw new Error(`npm start did not come up:\n${output}`);
  });
  const useStandIns = async () => {
    Object.assign(process.env, JSON.parse(await readFile(runtimeFile(dataDir), 'utf8')));
    resetAll();
  };
  return { child, apiUrl, kill, useStandIns };
}

/** Ends what a crash test left running: the child, unless the test killed it, and the service it started after it. */
export async function stopRuntimes(child: ChildRuntime | undefined, service: LocalService | undefined): Promise<void> {
  await child?.kill();
  await service?.stop();
}
