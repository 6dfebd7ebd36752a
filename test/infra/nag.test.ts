// cdk-nag's AwsSolutions rules over every kind of stage: each finding is fixed or suppressed with
// its reason on the resource it concerns, and nothing else is.

import { Stack } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { afterAll, describe, expect, it } from 'vitest';
import { addStageChecks } from '#infra/nag.ts';
import type { SteuerboteStack } from '#infra/stack.ts';
import { builtEricLayer, removeTempDirs } from '#test/infra/eric-download.ts';
import { removeStageApps, stageStack } from '#test/infra/stage-app.ts';

afterAll(() => {
  removeStageApps();
  removeTempDirs();
});

/**
 * A stage with the checks applied. Findings come back as annotations, so a failure lists them,
 * rather than as the synth error `cdk synth` stops with, which points to a report file.
 */
function checkedStage(context: Record<string, string>): SteuerboteStack {
  const stack = stageStack({ ...context, '@aws-cdk/core:annotationsInValidationReport': false }, { bundle: false });
  // Each stack of the stage, as infra/app.ts checks them: the root, and beside it the edge's and the copies'.
  for (const each of stack.node.root.node.children) if (Stack.isStack(each)) addStageChecks(each);
  return stack;
}

/** Every unsuppressed AwsSolutions error and warning in the stacks of the stage, as `path rule`. */
function findings(stack: SteuerboteStack): string[] {
  const rule = Match.stringLikeRegexp('^AwsSolutions-');
  return stack.node.root.node.children.filter(Stack.isStack).flatMap((each) => {
    const annotations = Annotations.fromStack(each);
    return [...annotations.findError('*', rule), ...annotations.findWarning('*', rule)].map(
      (finding) => `${finding.id} ${String(finding.entry.data).split(': ')[0]}`,
    );
  });
}

const hooks = { hookEnabled: 'true', hookSecretName: 'steuerbote/hook', tracing: 'true' };
const eric = {
  taxAuthority: 'eric',
  ericLayer: builtEricLayer().folder,
  ericCertSecret: 'steuerbote/eric-cert',
  ericPinSecret: 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:steuerbote/eric-pin-AbCdEf',
};

// Each test synthesizes a stage: a few seconds alone, far more on two cores shared with other work.
describe('AwsSolutions checks', { timeout: 300_000 }, () => {
  it.each([
    ['dev', { stage: 'dev' }],
    ['prod', { stage: 'prod' }],
    ['dev with webhooks, a webhook secret and tracing', { stage: 'dev', ...hooks }],
    ['prod with webhooks, a webhook secret and tracing', { stage: 'prod', ...hooks, hookUri: 'https://hooks.example.com/elster' }],
    ['dev transmitting through ERiC', { stage: 'dev', ...eric }],
    ['prod transmitting through ERiC, with a published layer', { stage: 'prod', ...eric, ericLayer: 'arn:aws:lambda:eu-central-1:123456789012:layer:eric:1' }],
    [
      'prod with its records copied to a backup account and a break-glass role, behind the edge limits',
      {
        stage: 'prod',
        account: '123456789012',
        backupAccount: '210987654321',
        breakGlassRole: 'arn:aws:iam::123456789012:role/steuerbote-break-glass',
        edgeLimitPerMinute: '300',
        domainName: 'api.example.com',
        certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc-123',
      },
    ],
  ])('leave no finding unexplained on %s', (_, context) => {
    expect(findings(checkedStage(context))).toEqual([]);
  });

  it('still report a route that nobody vouched for', () => {
    const stack = checkedStage({ stage: 'dev' });
    const httpApi = stack.node.findChild('apiApi') as HttpApi;
    new HttpRoute(httpApi, 'Unvouched', {
      httpApi,
      routeKey: HttpRouteKey.with('/v2/unvouched', HttpMethod.GET),
      integration: new HttpLambdaIntegration('Unvouched', stack.functions.get('getStatus')!),
    });
    expect(findings(stack)).toEqual(['/Steuerbote-dev/apiApi/Unvouched/Resource AwsSolutions-APIG4']);
  });

  it('still report a wildcard a suppressed role was not excused for', () => {
    const stack = checkedStage({ stage: 'dev' });
    const tickets = stack.node.findChild('ticketsTable') as Table;
    stack.functions.get('transmit')!.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:*'], resources: [tickets.tableArn] }));
    expect(findings(stack)).toEqual(['/Steuerbote-dev/Work/transmitRole/DefaultPolicy/Resource AwsSolutions-IAM5[Action::dynamodb:*]']);
  });
});
