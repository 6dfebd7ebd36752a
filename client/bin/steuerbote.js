#!/usr/bin/env node
/* global process */
// The command's first step, in JavaScript any Node can read: an older Node than the TypeScript behind
// it needs is told in one line, before that TypeScript is loaded and would fail with a stack trace.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`steuerbote needs Node 22.18 or later (this is Node ${process.versions.node})\n`);
  process.exit(2);
}

const { run } = await import('../src/cli/main.ts');
process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
