// Stages for the infra tests, synthesized as `cdk synth -c key=value` synthesizes them: with
// cdk.json's context under the keys given.

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { SteuerboteStack } from '#infra/stack.ts';
import { stageSettings } from '#infra/stage-settings.ts';

const cdkJsonContext = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8')).context;
const outdirs: string[] = [];

export function stageApp(context: Record<string, unknown>): App {
  const app = new App({ context: { ...cdkJsonContext, ...context } });
  outdirs.push(app.outdir);
  return app;
}

/** `bundle: false` skips esbuild, for tests that need no function code. */
export function stageStack(context: Record<string, unknown>, { bundle = true } = {}): SteuerboteStack {
  const app = stageApp({ ...context, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) });
  const settings = stageSettings(app);
  return new SteuerboteStack(app, `Steuerbote-${settings.stage}`, { settings });
}

/** Each app writes its assets to a temporary directory of its own; call it after all tests. */
export function removeStageApps(): void {
  for (const outdir of outdirs.splice(0)) rmSync(outdir, { recursive: true, force: true });
}
