// The order the suite's files start in, on two workers: what runs a tool, a compiler or child processes
// first, then what starts a local runtime, then the other integration files, and the unit files last,
// which fill in for whichever worker frees first. Otherwise a file of a minute that starts late (on a
// fresh clone vitest has no durations and orders by file size) leaves one worker running alone at the end.
// Within a kind, vitest's own order: the last run's durations, else the larger file first.

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Synths and cfn-lint, the whole-project type check, the fault runs' child runtimes, the child vitest.
const toolFolders = /^test\/(infra|architecture|faults|support)\//;
const startsProcesses = /from '(node:child_process|#test\/support\/cli\.ts)'/;
const startsRuntime = /from '#test\/support\/local-service\.ts'/;

function kind(spec: TestSpecification): number {
  const file = relative(spec.project.config.root, spec.moduleId);
  if (!file.startsWith('test/')) return 3;
  const source = readFileSync(spec.moduleId, 'utf8');
  if (toolFolders.test(file) || startsProcesses.test(source)) return 0;
  return startsRuntime.test(source) ? 1 : 2;
}

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const kinds = new Map(files.map((spec) => [spec, kind(spec)]));
    // Array sort is stable: within a kind the base order stays.
    return (await super.sort(files)).sort((a, b) => kinds.get(a)! - kinds.get(b)!);
  }
}
