// Stages for the infra tests, synthesized as `cdk synth -c key=value` synthesizes them: with
// cdk.json's context under the keys given.

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { SteuerboteStack } from '#infra/stack.ts';
import { stageSettings } from '#infra/stage-settings.ts';

const cdkJsonContext = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'cdk.json'), 'utf8')).context;
const outdirs: string[] = [];

/**
 * `validate` runs CDK's own template validation, as `cdk synth` does: three quarters of a synth's CPU
 * time (about 6 s), so it is left to the stages of cfn-lint.test.ts and stack-room.test.ts, which
 * together hold every construct, rather than repeated for every variant a test synthesizes.
 */
export function stageApp(context: Record<string, unknown>, { validate = false } = {}): App {
  const app = new App({ context: { ...cdkJsonContext, ...context }, builtinCloudFormationValidation: validate });
  outdirs.push(app.outdir);
  return app;
}

/** `bundle: false` skips esbuild, for tests that need no function code. */
export function stageStack(context: Record<string, unknown>, { bundle = true, validate = false } = {}): SteuerboteStack {
  const app = stageApp({ ...context, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) }, { validate });
  const settings = stageSettings(app);
  return new SteuerboteStack(app, `Steuerbote-${settings.stage}`, { settings });
}

/** Each app writes its assets to a temporary directory of its own; call it after all tests. */
export function removeStageApps(): void {
  for (const outdir of outdirs.splice(0)) rmSync(outdir, { recursive: true, force: true });
}
