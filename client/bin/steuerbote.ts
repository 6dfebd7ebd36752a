#!/usr/bin/env -S node --disable-warning=ExperimentalWarning
import { run } from '../src/cli/main.ts';

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
