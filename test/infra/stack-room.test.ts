// Room in a stage's stacks: CloudFormation takes at most 500 resources per stack, and every stack of a
// production stage with every option stays under 300, with room for ten more forms. What a form costs
// is read from the template, so the room is measured, not assumed (docs/architecture.md, "How a stage
// is split"). `cdk synth` adds one resource to each stack, CDK's metadata, which the bound leaves room for.

import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '#shared/forms/registry.ts';
import { formOf } from '#infra/function-groups.ts';
import { stageSettings } from '#infra/stage-settings.ts';
import { builtEricLayer, removeTempDirs } from '#test/infra/eric-download.ts';
import { removeStageApps, stageApp } from '#test/infra/stage-app.ts';
import { nestedStackId, synth, type Stage } from '#test/infra/stage-template.ts';

afterAll(() => {
  removeStageApps();
  removeTempDirs();
});

/** 60 % of CloudFormation's 500 resources per stack. */
const bound = 300;
const moreForms = 10;

/**
 * A production stage with every stage setting on, each where it adds the most: a layer of its own,
 * the edge. Behind the edge the API serves no browser, so browser origins are the other stage's.
 */
const everyOption = (): Record<string, string> => ({
  stage: 'prod',
  production: 'true',
  region: 'eu-central-1',
  account: '123456789012',
  build: 'abc1234',
  tracing: 'true',
  hookEnabled: 'true',
  hookUri: 'https://hooks.example.com/elster',
  hookSecretName: 'steuerbote/prod/hook',
  hookTimeoutMs: '10000',
  hookMaxAttempts: '10',
  taxAuthority: 'eric',
  allowLiveSubmissions: 'true',
  herstellerId: '12345',
  ericLayer: builtEricLayer().folder,
  ericCertSecret: 'steuerbote/prod/eric-cert',
  ericPinSecret: 'steuerbote/prod/eric-pin',
  ericApiVersion: '41',
  ericDatenlieferant: 'Muster Steuerberatung GmbH',
  throttleRate: '100',
  throttleBurst: '200',
  edgeLimitPerMinute: '300',
  rateLimitPerMinute: '120',
  transmitConcurrency: '10',
  webhookConcurrency: '20',
  submissionRetentionDays: '30',
  protocolRetentionYears: '11',
  domainName: 'api.example.com',
  certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
  alarmEmail: 'ops@example.com',
  sealingKeyAdmins: 'arn:aws:iam::123456789012:role/steuerbote-deploy',
  openSealedBeforeOwners: 'true',
  ignoreRollbackAlarms: 'true',
  backupAccount: '210987654321',
  breakGlassRole: 'arn:aws:iam::123456789012:role/steuerbote-break-glass',
});

/** Every option but the edge, with browser origins: the HTTP API, whose routes are resources of the root each. */
const everyOptionButTheEdge = (): Record<string, string> => {
  const { edgeLimitPerMinute: _, ...rest } = everyOption();
  return { ...rest, corsOrigins: 'https://app.example.com' };
};

const count = (template: { Resources: object }) => Object.keys(template.Resources).length;

/** Which of `ids` a resource refers to: by Ref, Fn::GetAtt or DependsOn, each names the logical ID as a string of its own. */
const referredTo = (resource: unknown, ids: Iterable<string>) => {
  const json = JSON.stringify(resource);
  return [...ids].filter((id) => json.includes(`"${id}"`));
};

it('turns on every option the stage settings read, in one of the two stages', () => {
  const options = { ...everyOption(), ...everyOptionButTheEdge() };
  const app = stageApp(options);
  const read = new Set<string>();
  const tryGetContext = app.node.tryGetContext.bind(app.node);
  app.node.tryGetContext = (key: string) => {
    read.add(key);
    return tryGetContext(key);
  };
  expect(() => stageSettings(app)).toThrow(/"corsOrigins" is not served behind the edge/);
  expect([...read].filter((key) => !(key in options))).toEqual([]);
});

/** What holds data stays in the root stack; so does each API with what callers reach it by. */
const apiTypes = {
  http: ['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::DomainName'],
  rest: ['AWS::ApiGateway::RestApi', 'AWS::ApiGateway::DomainName', 'AWS::WAFv2::WebACL'],
};

describe.each([
  ['behind the edge', everyOption, apiTypes.rest],
  ['without the edge', everyOptionButTheEdge, apiTypes.http],
])('room in the stacks of a stage with every option, %s', { timeout: 300_000 }, (_, optionsOf, apiResources) => {
  let options: Record<string, string>;
  let stage: Stage;
  /** Every stack of the stage, nested or not, with its count of resources. */
  let counts: Map<Stack, number>;

  beforeAll(() => {
    options = optionsOf();
    // Every construct a stage may hold is here, so CDK's template validation is run on it, as `cdk synth` does.
    stage = synth(options, { bundle: false, validate: true });
    const others = stage.app.node.children.filter((child): child is Stack => Stack.isStack(child) && child !== stage.stack);
    counts = new Map([
      ...stage.stacks.map(({ stack, template }) => [stack, count(template)] as const),
      ...others.map((stack) => [stack, count(Template.fromStack(stack).toJSON() as { Resources: object })] as const),
    ]);
  }, 300_000);

  it(`keeps every stack under ${bound} resources`, () => {
    const over = [...counts].filter(([, resources]) => resources >= bound).map(([stack, resources]) => `${stack.node.path}: ${resources}`);
    expect(over).toEqual([]);
    // Together they hold more than one stack could: the stage needs its split.
    expect([...counts.values()].reduce((sum, resources) => sum + resources, 0)).toBeGreaterThan(bound);
  });

  it(`has room for ${moreForms} more forms, at what a form costs each stack it adds to`, () => {
    const root = stage.stack;
    const rootTemplate = stage.stacks[0]!.template;
    const nested = stage.stacks.map(({ stack }) => stack).filter((stack): stack is NestedStack => NestedStack.isNestedStack(stack));
    const nestedIds = nested.map(nestedStackId);
    const costs = kinds.map((kind) => {
      const homes = new Set([...stage.stack.functions].filter(([name]) => formOf(name) === kind).map(([, fn]) => Stack.of(fn)));
      // A form is a stack of its own, so a new form adds a stack rather than growing one.
      expect(homes.size, kind).toBe(1);
      const home = [...homes][0] as NestedStack;
      expect(home, kind).not.toBe(root);
      const sharing = [...stage.stack.functions].filter(([name, fn]) => Stack.of(fn) === home && formOf(name) !== kind).map(([name]) => name);
      expect(sharing, kind).toEqual([]);
      // What it costs the root: its stack, and what refers to that stack alone (its routes, or the REST API's permissions to invoke its functions).
      const own = Object.values(rootTemplate.Resources).filter((resource) => referredTo(resource, nestedIds).join() === nestedStackId(home));
      return { inRoot: 1 + own.length, ofItsOwn: counts.get(home)! };
    });
    const inRoot = Math.max(...costs.map((cost) => cost.inRoot));
    const ofItsOwn = Math.max(...costs.map((cost) => cost.ofItsOwn));
    // At least its stack and, for each of POST /v2/{kind} and POST /v2/{kind}/validate, the route or the permission to invoke its function.
    expect(inRoot).toBeGreaterThanOrEqual(3);
    expect(counts.get(root)! + moreForms * inRoot, `root: ${counts.get(root)} resources, ${inRoot} more per form`).toBeLessThan(bound);
    expect(ofItsOwn, 'a form stack').toBeLessThan(bound);
  });

  it('keeps what holds data, and the APIs, in the root stack, where a stage of one stack had them', () => {
    const stateful = [
      'AWS::DynamoDB::Table',
      'AWS::S3::Bucket',
      'AWS::KMS::Key',
      'AWS::SQS::Queue',
      'AWS::Backup::BackupVault',
      'AWS::CloudTrail::Trail',
      ...apiResources,
    ];
    const [rootTemplate, nestedTemplates] = [stage.stacks[0]!.template, stage.stacks.slice(1)];
    for (const type of stateful) {
      expect(
        Object.values(rootTemplate.Resources).some((resource) => resource.Type === type),
        type,
      ).toBe(true);
      for (const { stack, template } of nestedTemplates) {
        expect(
          Object.values(template.Resources).filter((resource) => resource.Type === type),
          `${stack.node.id} ${type}`,
        ).toEqual([]);
      }
    }
  });
});
