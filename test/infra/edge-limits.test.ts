// Per-client limits at the edge (`-c edgeLimitPerMinute=…`): CloudFront in front of the API with an
// AWS WAF web ACL in us-east-1 counting each API key on its own; without the option, no edge at all.

import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { addStageChecks } from '#infra/nag.ts';
import { removeStageApps, stageStack } from '#test/infra/stage-app.ts';

afterAll(removeStageApps);

const withEdge = { stage: 'prod', region: 'eu-central-1', edgeLimitPerMinute: '120', '@aws-cdk/core:annotationsInValidationReport': false };

/** The stage's stacks: its own and, with edge limits, the web ACL's. */
function stageStacks(context: Record<string, unknown>): Stack[] {
  const stack = stageStack(context, { bundle: false });
  return stack.node.root.node.children.filter((child) => Stack.isStack(child));
}

describe('edge limits', { timeout: 300_000 }, () => {
  it('put CloudFront with the web ACL in front of the API, and the ACL counts each API key header on its own', () => {
    const [main, edge] = stageStacks(withEdge);
    expect(edge!.region).toBe('us-east-1');
    expect(main!.region).toBe('eu-central-1');

    const acl = Object.values(Template.fromStack(edge!).findResources('AWS::WAFv2::WebACL'));
    expect(acl).toHaveLength(1);
    const { Scope, Rules, DefaultAction } = acl[0]!.Properties;
    expect(Scope).toBe('CLOUDFRONT');
    expect(DefaultAction).toEqual({ Allow: {} });
    const statements = Rules.map((rule: any) => rule.Statement.RateBasedStatement);
    for (const statement of statements) expect(statement).toMatchObject({ Limit: 120, EvaluationWindowSec: 60 });
    expect(statements.map((s: any) => s.CustomKeys?.[0]?.Header?.Name ?? s.AggregateKeyType)).toEqual(['authorization', 'x-api-key', 'IP']);
    for (const rule of Rules) expect(rule.Action.Block.CustomResponse).toEqual({ ResponseCode: 429, CustomResponseBodyKey: 'refused' });
    // Requests with a key are counted by key alone, so clients behind one address do not share a limit.
    expect(JSON.stringify(statements[2].ScopeDownStatement)).toContain('"NotStatement"');

    const main_ = Template.fromStack(main!);
    const [distribution] = Object.values(main_.findResources('AWS::CloudFront::Distribution'));
    const config = distribution!.Properties.DistributionConfig;
    expect(JSON.stringify(config.WebACLId)).toContain('WebAcl');
    expect(JSON.stringify(config.Origins[0].DomainName)).toContain('apiApi');
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'https-only', CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad' });
    main_.hasOutput('apiEdgeUrl', {});
  });

  it('leave a stage without the option as it was: no distribution, no web ACL, no second stack', () => {
    const stacks = stageStacks({ stage: 'dev' });
    expect(stacks).toHaveLength(1);
    expect(Template.fromStack(stacks[0]!).findResources('AWS::CloudFront::Distribution')).toEqual({});
  });

  it('need a limit WAF accepts', () => {
    expect(() => stageStack({ stage: 'dev', edgeLimitPerMinute: '9' }, { bundle: false })).toThrow(/edgeLimitPerMinute/);
  });

  it('throttle the HTTP API per route, as API Gateway applies the stage throttle', () => {
    const [main] = stageStacks({ stage: 'dev', throttleRate: '50', throttleBurst: '100' });
    const [stage] = Object.values(Template.fromStack(main!).findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage!.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
  });

  it('leave no AwsSolutions finding unexplained on either stack', () => {
    const stacks = stageStacks(withEdge);
    for (const stack of stacks) addStageChecks(stack);
    const rule = Match.stringLikeRegexp('^AwsSolutions-');
    const findings = stacks.flatMap((stack) => {
      const annotations = Annotations.fromStack(stack);
      return [...annotations.findError('*', rule), ...annotations.findWarning('*', rule)].map((f) => `${f.id} ${String(f.entry.data).split(': ')[0]}`);
    });
    expect(findings).toEqual([]);
  });
});
