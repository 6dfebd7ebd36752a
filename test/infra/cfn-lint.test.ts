// The synthesized templates of a test and a production stage, its nested stacks' and the stacks beside it (the
// copies in the backup account) too, through CDK's own template validation, which `cdk synth` runs and cdk.json
// makes fail on any error, and through cfn-lint (AWS's template linter) where it is installed: `pip install cfn-lint`
// (docs/operations/deploying.md, "Template checks"). The template tests beside this file check the rules of the stack.

import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { synth, type Stage } from '#test/infra/stage-template.ts';

afterAll(removeStageApps);

const installed = (() => {
  try {
    execFileSync('cfn-lint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** cfn-lint's findings of level error (`E…`) in each of a stage's templates; warnings and notes are left to a person. */
async function lintErrors(stage: Stage): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'steuerbote-cfn-'));
  const beside = stage.app.node.children.filter((child): child is Stack => Stack.isStack(child) && child !== stage.stack);
  const templates = [...stage.stacks, ...beside.map((stack) => ({ stack, template: Template.fromStack(stack).toJSON() }))];
  const files = templates.map(({ stack, template }) => {
    const file = path.join(dir, `${stack.node.id}.json`);
    writeFileSync(file, JSON.stringify(template));
    return file;
  });
  const { stdout } = await promisify(execFile)('cfn-lint', ['--format', 'parseable', ...files]).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  return stdout.split('\n').filter((line) => /:E\d{4}:/.test(line));
}

/** A test stage, and production stages that together turn on every construct a stage may hold. */
const stages: [string, Record<string, string>][] = [
  ['dev', { stage: 'dev' }],
  [
    'prod, with webhooks, CORS, a custom domain and alarms by e-mail',
    {
      stage: 'prod',
      hookEnabled: 'true',
      hookUri: 'https://hooks.example.com/elster',
      hookSecretName: 'steuerbote/prod/hook',
      corsOrigins: 'https://app.example.com',
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
      alarmEmail: 'ops@example.com',
    },
  ],
  [
    'prod behind the edge limits',
    {
      stage: 'prod',
      edgeLimitPerMinute: '300',
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
    },
  ],
  [
    'prod with its records copied to a backup account and a break-glass role',
    {
      stage: 'prod',
      account: '111111111111',
      backupAccount: '222222222222',
      breakGlassRole: 'arn:aws:iam::111111111111:role/steuerbote-break-glass',
    },
  ],
];

// A synth and a cfn-lint run each: half a minute alone, far more on two cores shared with other work
// (over 300 s at a load average of 30).
describe('the templates', { timeout: 900_000 }, () => {
  const linter = installed ? 'and cfn-lint' : 'and cfn-lint where installed (not here)';
  it.each(stages)(`of the %s stage pass CDK's template validation ${linter}`, async (_, context) => {
    // The synth fails on any error CDK's validation finds, naming it. The other template tests skip
    // it (test/infra/stage-app.ts); the stages with every option are validated in stack-room.test.ts.
    const stage = synth(context, { bundle: false, validate: true });
    if (installed) expect(await lintErrors(stage)).toEqual([]);
  });
});
