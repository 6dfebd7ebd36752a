#!/usr/bin/env node
// The command's first step, in JavaScript any Node can read. The package runs the command built for
// Node 20 (dist/, `npm run build -w client`); a checkout, which has the sources, runs them as they are,
// which takes Node 22.18. An older Node than the one needed is told so in one line, not a stack trace.
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
const fromSources = existsSync(sources);
const [needMajor, needMinor, needed] = fromSources ? [22, 18, '22.18'] : [20, 0, '20'];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  process.stderr.write(`steuerbote needs Node ${needed} or later (this is Node ${process.versions.node})\n`);
  process.exit(2);
}

const { run } = await import(fromSources ? sources.href : '../dist/cli/main.js');
process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
