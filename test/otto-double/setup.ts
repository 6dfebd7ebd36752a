// Vitest global setup: builds the Otto test double once per run, in a temporary directory that is
// removed afterwards, and hands its folder to the tests (`inject('ottoDoubleHome')`).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildOttoDouble } from '#test/otto-double/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    ottoDoubleHome: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'steuerbote-otto-double-'));
  project.provide('ottoDoubleHome', await buildOttoDouble(root));
  return () => rm(root, { recursive: true, force: true });
}
