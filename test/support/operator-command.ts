// Runs an operator command (`infra/cli/<name>.ts`) as `npm run <name>` does, in a child process
// that finds the local runtime under `dataDir` exactly as an operator's shell would.

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export function runOperatorCommand(name: 'keys' | 'webhooks' | 'tickets', dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', `infra/cli/${name}.ts`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => done({ code, output }));
  });
}
