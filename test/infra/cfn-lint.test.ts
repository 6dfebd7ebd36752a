// The synthesized templates of a test and a production stage, its nested stacks' and the stacks beside it (the
// copies in the backup account) too, through CDK's own template validation, which `cdk synth` runs and cdk.json
// makes fail on any error, and through cfn-lint (AWS's template linter) where it is installed: `pip install cfn-lint`
// (docs/operations/deploying.md, "Template checks"). The template tests beside this file check the rules of the stack.

import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { synth } from '#test/infra/stage-template.ts';

afterAll(removeStageApps);

const installed = (() => {
  try {
    execFileSync('cfn-lint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

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

// Each stage is synthesized first, and one cfn-lint run lints every stage's templates: its cost is
// the templates' (about 0.5 s each), and a run of its own per stage only adds a start. Half a minute
// and more alone, far more on two cores shared with other work (over 300 s at a load average of 30).
const synthesized = new Map<string, { files: string[] } | { error: unknown }>();
const lintErrors = new Map<string, string[]>();

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'steuerbote-cfn-'));
  for (const [index, [name, context]] of stages.entries()) {
    try {
      // The synth fails on any error CDK's validation finds, naming it. The other template tests skip
      // it (test/infra/stage-app.ts); the stages with every option are validated in stack-room.test.ts.
      const stage = synth(context, { bundle: false, validate: true });
      const beside = stage.app.node.children.filter((child): child is Stack => Stack.isStack(child) && child !== stage.stack);
      const templates = [...stage.stacks, ...beside.map((stack) => ({ stack, template: Template.fromStack(stack).toJSON() }))];
      mkdirSync(path.join(dir, String(index)));
      const files = templates.map(({ stack, template }) => {
        const file = path.join(dir, String(index), `${stack.node.id}.json`);
        writeFileSync(file, JSON.stringify(template));
        return file;
      });
      synthesized.set(name, { files });
    } catch (error) {
      synthesized.set(name, { error });
    }
  }
  if (!installed) return;
  const files = [...synthesized.values()].flatMap((each) => ('files' in each ? each.files : []));
  const { stdout } = await promisify(execFile)('cfn-lint', ['--format', 'parseable', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  // cfn-lint's findings of level error (`E…`), each under the stage whose template it is in; warnings and notes are left to a person.
  const errors = stdout.split('\n').filter((line) => /:E\d{4}:/.test(line));
  for (const [index, [name]] of stages.entries())
    lintErrors.set(
      name,
      errors.filter((line) => line.startsWith(path.join(dir, String(index), path.sep))),
    );
}, 900_000);

describe('the templates', () => {
  const linter = installed ? 'and cfn-lint' : 'and cfn-lint where installed (not here)';
  it.each(stages)(`of the %s stage pass CDK's template validation ${linter}`, (name) => {
    const stage = synthesized.get(name)!;
    if ('error' in stage) throw stage.error;
    if (installed) expect(lintErrors.get(name)).toEqual([]);
  });
});
