// Per-client limits at the edge (`-c edgeLimitPerMinute=…`): the API is then a regional REST API on
// the stage's own domain alone, with a regional AWS WAF web ACL on its stage that counts each API key,
// each address without one and each address in all; without the option, no edge at all. The rules
// are read from the template and run here on requests, spelled as the API reads them.

import { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStageChecks } from '#infra/nag.ts';
import { keysPerAddress } from '#infra/constructs/edge-limits.ts';
import { apiKeyShape, newApiKey } from '#shared/domain/api-key.ts';
import { presentedKey } from '#shared/http/authenticate.ts';
import { apis, servedRoutes, type FunctionName } from '#shared/manifest.ts';
import { removeStageApps, stageStack } from '#test/infra/stage-app.ts';
import { idOf, ofType, synth, type Resource, type Stage } from '#test/infra/stage-template.ts';

afterAll(removeStageApps);

const domain = { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123' };
const withEdge = { stage: 'prod', region: 'eu-central-1', edgeLimitPerMinute: '120', ...domain };

type Statement = Record<string, any>;
type Transformation = { Priority: number; Type: string };

/** WAF's text transformations the rules use, as WAF applies them. */
function transformed(value: string, transformations: Transformation[]): string {
  return [...transformations]
    .sort((a, b) => a.Priority - b.Priority)
    .reduce((text, { Type }) => {
      if (Type === 'COMPRESS_WHITE_SPACE') return text.replace(/[\f\t\n\r\v\u00a0 ]+/g, ' ');
      if (Type === 'LOWERCASE') return text.toLowerCase();
      if (Type === 'NONE') return text;
      throw new Error(`transformation ${Type} is not emulated here`);
    }, value);
}

interface Request {
  headers: Record<string, string>;
  ip: string;
}

/** Whether a WAF statement (of the kinds the rules use) matches a request. */
function matches(statement: Statement, request: Request): boolean {
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, request);
  if (statement.AndStatement) return statement.AndStatement.Statements.every((each: Statement) => matches(each, request));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((each: Statement) => matches(each, request));
  if (statement.RegexMatchStatement) {
    const { FieldToMatch, RegexString, TextTransformations } = statement.RegexMatchStatement;
    const value = request.headers[FieldToMatch.SingleHeader.Name];
    return value !== undefined && new RegExp(RegexString).test(transformed(value, TextTransformations));
  }
  throw new Error(`statement ${Object.keys(statement)} is not emulated here`);
}

/** Which rule counts a request, and under which key: `rule key`, one per rule that counts it. */
function counted(rules: Statement[], request: Request): string[] {
  return rules.flatMap(({ Name, Statement: { RateBasedStatement: rate } }) => {
    if (rate.ScopeDownStatement && !matches(rate.ScopeDownStatement, request)) return [];
    if (rate.AggregateKeyType === 'IP') return [`${Name} ${request.ip}`];
    const [{ Header }] = rate.CustomKeys;
    const value = request.headers[Header.Name];
    // WAF leaves a request without the key's header out of the rule.
    return value === undefined ? [] : [`${Name} ${transformed(value, Header.TextTransformations)}`];
  });
}

/** What a route of `name` invokes on a production stage: its alias `live`. */
const aliasOf = (stage: Stage, name: FunctionName) =>
  ofType(stage, 'AWS::Lambda::Alias').find(([, alias]) => alias.Properties.FunctionName.Ref === idOf(stage, name))![0];

/** A key of the shape every key has (shared/domain/api-key.ts). */
const apiKeyPattern = new RegExp(`^${apiKeyShape.prefix}[${apiKeyShape.characters}]{${apiKeyShape.length}}$`);

const key = newApiKey('client-a').key;
const lower = key.toLowerCase();

describe('edge limits', { timeout: 300_000 }, () => {
  let edge: Stage;
  let rules: Statement[];
  let acl: Resource;

  beforeAll(() => {
    edge = synth(withEdge, { bundle: false });
    [[, acl]] = ofType(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
    rules = acl.Properties.Rules;
  }, 300_000);

  describe('the only way in', () => {
    it('is a regional REST API in the stage region, on the stage domain alone, with TLS 1.2 or newer and the stage certificate', () => {
      expect(edge.app.node.children.filter((child) => Stack.isStack(child))).toEqual([edge.stack]);
      expect(ofType(edge, 'AWS::CloudFront::Distribution')).toEqual([]);
      const [[apiId, api]] = ofType(edge, 'AWS::ApiGateway::RestApi') as [[string, Resource]];
      expect(api.Properties).toMatchObject({ DisableExecuteApiEndpoint: true, EndpointConfiguration: { Types: ['REGIONAL'] } });
      // No HTTP API serves the API beside it (a production stage has no example receiver either).
      expect(ofType(edge, 'AWS::ApiGatewayV2::Api')).toEqual([]);
      const [[domainId, customDomain]] = ofType(edge, 'AWS::ApiGateway::DomainName') as [[string, Resource]];
      expect(customDomain.Properties).toMatchObject({
        DomainName: 'api.example.com',
        RegionalCertificateArn: domain.certificateArn,
        EndpointConfiguration: { Types: ['REGIONAL'] },
        SecurityPolicy: 'TLS_1_2',
      });
      const [[, mapping]] = ofType(edge, 'AWS::ApiGateway::BasePathMapping') as [[string, Resource]];
      expect(mapping.Properties).toMatchObject({ DomainName: { Ref: domainId }, RestApiId: { Ref: apiId } });
      const outputs = edge.stacks[0]!.template.Outputs!;
      expect(outputs.apiUrl!.Value).toBe('https://api.example.com');
      expect(outputs.apiEdgeUrl).toBeUndefined();
    });

    it('is guarded by the web ACL on its one stage, and only that API may invoke the functions', () => {
      expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
      const [[apiId]] = ofType(edge, 'AWS::ApiGateway::RestApi') as [[string, Resource]];
      const stages = ofType(edge, 'AWS::ApiGateway::Stage');
      expect(stages).toHaveLength(1);
      const [[, association]] = ofType(edge, 'AWS::WAFv2::WebACLAssociation') as [[string, Resource]];
      const [stageId] = stages[0]!;
      const guarded = JSON.stringify(association.Properties.ResourceArn);
      expect([guarded.includes(`"${apiId}"`), guarded.includes(`"${stageId}"`)]).toEqual([true, true]);
      expect(JSON.stringify(association.Properties.WebACLArn)).toContain(ofType(edge, 'AWS::WAFv2::WebACL')[0]![0]);

      const served = new Set<FunctionName>([...servedRoutes(apis.api.routes).map((route) => route.function), apis.api.fallback]);
      const permissions = ofType(edge, 'AWS::Lambda::Permission').filter(([, permission]) => permission.Properties.Principal === 'apigateway.amazonaws.com');
      expect(permissions).toHaveLength(served.size);
      for (const [id, permission] of permissions) expect(JSON.stringify(permission.Properties.SourceArn), id).toContain(`"${apiId}"`);
      const invoked = permissions.map(([, permission]) => JSON.stringify(permission.Properties.FunctionName));
      for (const name of served)
        expect(
          invoked.some((each) => each.includes(`"${aliasOf(edge, name)}"`)),
          name,
        ).toBe(true);
    });

    it('serves every route of the manifest and sends what no route takes to the fallback', () => {
      const [[, api]] = ofType(edge, 'AWS::ApiGateway::RestApi') as [[string, Resource]];
      const paths: Record<string, Record<string, any>> = api.Properties.Body.paths;
      const target = (operation: any) => JSON.stringify(operation['x-amazon-apigateway-integration'].uri);
      for (const route of servedRoutes(apis.api.routes)) {
        expect(target(paths[route.path]![route.method.toLowerCase()]), `${route.method} ${route.path}`).toContain(`"${aliasOf(edge, route.function)}"`);
      }
      for (const path of [...Object.keys(paths), '/', '/{proxy+}']) {
        expect(target(paths[path]!['x-amazon-apigateway-any-method']), path).toContain(`"${aliasOf(edge, apis.api.fallback)}"`);
      }
      expect(api.Properties.BinaryMediaTypes).toEqual(['*/*']);
      // The routes go live with a deployment, once the sealing key's policy names the roles of the functions that seal.
      const [deployment] = Object.values(edge.stacks[0]!.template.Resources).filter((resource) => resource.Type === 'AWS::ApiGateway::Deployment');
      const [sealingKey] = ofType(edge, 'AWS::KMS::Key').find(([, key]) => /clients' certificates/i.test(JSON.stringify(key.Properties.Description)))!;
      expect([deployment!.DependsOn].flat()).toContain(sealingKey);
    });
  });

  describe('the rules', () => {
    it('count each key, each address without a key and each address in all, refusing with 429 and the envelope beyond the limit', () => {
      expect(rules.map((rule) => rule.Name)).toEqual(['PerKey', 'PerKeyHeader', 'PerAddressWithoutKey', 'PerAddress']);
      expect(rules.map((rule) => rule.Statement.RateBasedStatement.Limit)).toEqual([120, 120, 120, keysPerAddress * 120]);
      for (const rule of rules) {
        expect(rule.Statement.RateBasedStatement.EvaluationWindowSec).toBe(60);
        expect(rule.Action.Block.CustomResponse).toEqual({
          ResponseCode: 429,
          CustomResponseBodyKey: 'refused',
          ResponseHeaders: [{ Name: 'retry-after', Value: '60' }],
        });
      }
      expect(JSON.parse(acl.Properties.CustomResponseBodies.refused.Content)).toMatchObject({ success: false, status: 429, error: { code: 'RATE_LIMITED' } });
    });

    it('count a key once whatever its spelling, and a key in the form the API reads first', () => {
      const ip = '192.0.2.1';
      for (const spelling of [`Bearer ${key}`, `bearer ${key}`, `BEARER ${key}`, `Bearer  ${key}`, `Bearer\t${key}`]) {
        expect(counted(rules, { headers: { authorization: spelling }, ip }), spelling).toEqual([`PerKey bearer ${lower}`, `PerAddress ${ip}`]);
      }
      expect(counted(rules, { headers: { 'x-api-key': key }, ip })).toEqual([`PerKeyHeader ${lower}`, `PerAddress ${ip}`]);
      // Both headers: the API reads the bearer key, and the edge counts that one alone.
      const other = newApiKey('client-b').key;
      expect(counted(rules, { headers: { authorization: `Bearer ${key}`, 'x-api-key': other }, ip })).toEqual([`PerKey bearer ${lower}`, `PerAddress ${ip}`]);
      expect(counted(rules, { headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': key }, ip })).toEqual([`PerKeyHeader ${lower}`, `PerAddress ${ip}`]);
    });

    it('count what is no key against its address, and a random key of the right shape against its address too', () => {
      const ip = '198.51.100.7';
      const noKey = [`PerAddressWithoutKey ${ip}`, `PerAddress ${ip}`];
      const samples: Record<string, string>[] = [
        {},
        { authorization: 'Bearer not-a-key' },
        { authorization: `Bearer ${key}x` },
        { authorization: `Token ${key}` },
        { authorization: `Bearer ${key},Bearer ${key}` },
        { 'x-api-key': 'guess' },
        { 'x-api-key': `Bearer ${key}` },
        // The API reads any bearer token in place of x-api-key: this one, no key, is refused with 401.
        { authorization: 'Bearer short', 'x-api-key': key },
      ];
      for (const headers of samples) {
        expect(counted(rules, { headers, ip }), JSON.stringify(headers)).toEqual(noKey);
      }
      // Keys no client holds each have a count of their own; the address counts all of them, up to its own limit.
      const random = [1, 2, 3].map(() => newApiKey('nobody').key);
      for (const each of random) expect(counted(rules, { headers: { authorization: `Bearer ${each}` }, ip })).toContain(`PerAddress ${ip}`);
    });

    it('count as a key only what the API takes as one', () => {
      const samples: Record<string, string>[] = [
        { authorization: `Bearer ${key}` },
        { authorization: `bearer  ${key}` },
        { 'x-api-key': key },
        { authorization: 'Bearer short', 'x-api-key': key },
        { authorization: `Bearer ${key}`, 'x-api-key': 'other' },
        { authorization: `Basic ${key}` },
        { 'x-api-key': `${key} ${key}` },
      ];
      for (const headers of samples) {
        const asKey = counted(rules, { headers, ip: '192.0.2.9' })
          .find((each) => each.startsWith('PerKey'))
          ?.split(' ')
          .at(-1);
        const read = presentedKey(headers);
        // The edge counts as a key exactly the key the API reads, when it has a key's shape, in one spelling for all its forms.
        expect(asKey, JSON.stringify(headers)).toBe(read && apiKeyPattern.test(read) ? read.toLowerCase() : undefined);
      }
    });

    it('keep no sample of any request, since a sample keeps its API key readable', () => {
      expect(acl.Properties.VisibilityConfig.SampledRequestsEnabled).toBe(false);
      for (const rule of rules) expect(rule.VisibilityConfig.SampledRequestsEnabled, rule.Name).toBe(false);
    });
  });

  it('leave a stage without the option as it was: no REST API, no web ACL, no second stack', () => {
    const dev = synth({ stage: 'dev' }, { bundle: false });
    expect(dev.app.node.children.filter((child) => Stack.isStack(child))).toHaveLength(1);
    for (const type of ['AWS::ApiGateway::RestApi', 'AWS::WAFv2::WebACL', 'AWS::CloudFront::Distribution']) expect(ofType(dev, type), type).toEqual([]);
  });

  it('need a limit WAF accepts, the stage own domain, and no browser origins', () => {
    expect(() => stageStack({ ...withEdge, edgeLimitPerMinute: '9' }, { bundle: false })).toThrow(/edgeLimitPerMinute/);
    expect(() => stageStack({ stage: 'dev', edgeLimitPerMinute: '120' }, { bundle: false })).toThrow(/"edgeLimitPerMinute" needs the stage's own domain/);
    expect(() => stageStack({ ...withEdge, corsOrigins: 'https://app.example.com' }, { bundle: false })).toThrow(/"corsOrigins" is not served behind the edge/);
  });

  it('throttle each route, on the HTTP API and on the REST API behind the edge alike', () => {
    const dev = synth({ stage: 'dev', throttleRate: '50', throttleBurst: '100' }, { bundle: false });
    const [[, httpStage]] = ofType(dev, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    expect(httpStage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const [[, restStage]] = ofType(edge, 'AWS::ApiGateway::Stage') as [[string, Resource]];
    expect(restStage.Properties.MethodSettings).toEqual([
      expect.objectContaining({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 }),
    ]);
    expect(restStage.Properties.AccessLogSetting.Format).toContain('$context.wafResponseCode');
  });

  it('leave no AwsSolutions finding unexplained', () => {
    const stack = stageStack({ ...withEdge, '@aws-cdk/core:annotationsInValidationReport': false }, { bundle: false });
    addStageChecks(stack);
    const rule = Match.stringLikeRegexp('^AwsSolutions-');
    const annotations = Annotations.fromStack(stack);
    const findings = [...annotations.findError('*', rule), ...annotations.findWarning('*', rule)].map((f) => `${f.id} ${String(f.entry.data).split(': ')[0]}`);
    expect(findings).toEqual([]);
  });
});
