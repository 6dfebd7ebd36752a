// Runs the `steuerbote` command as a user's shell does after `npm ci`: the linked bin, found on PATH
// beside the Node that npm brings, in a child process; under a pseudo-terminal when `terminal` is set.

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
const bin = resolve(repoRoot, 'node_modules/.bin');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Runs it under `script`, so stdout and stderr are one terminal (and come back as `stdout`). */
  terminal?: boolean;
  /** The terminal's width, with `terminal`. */
  columns?: number;
  /** Typed into the terminal, with Enter, once `after` shows on it. */
  typed?: { after: string; text: string };
  /** Piped into stdin, which then ends (without it, stdin stays open and empty). */
  input?: string;
}

const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

export function runCli(args: readonly string[], { env = {}, cwd = repoRoot, terminal = false, columns, typed, input }: CliOptions = {}): Promise<CliRun> {
  const childEnv = { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME ?? '/tmp', ...env };
  const command = `${columns ? `stty cols ${columns}; ` : ''}${['steuerbote', ...args].map(quoted).join(' ')}`;
  const child = terminal
    ? spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: { ...childEnv, TERM: 'xterm' } })
    : spawn('steuerbote', [...args], { cwd, env: childEnv });
  if (input !== undefined) child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    const before = stdout;
    stdout += chunk;
    if (typed && stdout.includes(typed.after) && !before.includes(typed.after)) child.stdin.write(`${typed.text}\r`);
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}
