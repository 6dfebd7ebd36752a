// Vitest global setup: builds the ERiC test double once per run, in a temporary directory that is
// removed afterwards, and hands its ERIC_HOME directories to the tests (`inject('ericDoubleHomes')`).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildEricDoubles, type DoubleMajor } from '#test/eric-double/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    ericDoubleHomes: Record<DoubleMajor, string>;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'steuerbote-eric-double-'));
  project.provide('ericDoubleHomes', await buildEricDoubles(root));
  return () => rm(root, { recursive: true, force: true });
}
