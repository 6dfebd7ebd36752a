import { GetApplicationRevisionCommand, GetDeploymentCommand, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preTrafficHook, type HookClients } from '#infra/deployments/pre-traffic-hook.ts';
import { logger } from '#shared/logger.ts';

/** The AppSpec CloudFormation gives a deployment of an alias: the function and the versions it moves between. */
const appSpec = (name: string, target: string) =>
  JSON.stringify({
    version: 0.0,
    Resources: [{ [name]: { Type: 'AWS::Lambda::Function', Properties: { Name: name, Alias: 'live', CurrentVersion: '6', TargetVersion: target } } }],
  });

/** CodeDeploy and Lambda as the hook sees them: `answer` is what the new version returns. */
function clients(group: string, answer: { Payload?: unknown; FunctionError?: string } | Error) {
  const invoked: { FunctionName?: string; Qualifier?: string; event: unknown }[] = [];
  const reported: string[] = [];
  const hook: HookClients = {
    codedeploy: {
      send: (async (command: unknown) => {
        if (command instanceof GetDeploymentCommand) {
          return { deploymentInfo: { applicationName: 'steuerbote-prod', deploymentGroupName: group, revision: { revisionType: 'String' } } };
        }
        if (command instanceof GetApplicationRevisionCommand) {
          return { revision: { revisionType: 'String', string: { content: appSpec(`Steuerbote-prod-fn-${group}`, '7') } } };
        }
        if (command instanceof PutLifecycleEventHookExecutionStatusCommand) {
          reported.push(`${command.input.deploymentId} ${command.input.lifecycleEventHookExecutionId} ${command.input.status}`);
          return {};
        }
        throw new Error('unexpected call');
      }) as HookClients['codedeploy']['send'],
    },
    lambda: {
      send: (async (command: InvokeCommand) => {
        invoked.push({
          FunctionName: command.input.FunctionName,
          Qualifier: command.input.Qualifier,
          event: JSON.parse(new TextDecoder().decode(command.input.Payload as Uint8Array)),
        });
        if (answer instanceof Error) throw answer;
        return { StatusCode: 200, FunctionError: answer.FunctionError, Payload: new TextEncoder().encode(JSON.stringify(answer.Payload ?? null)) };
      }) as HookClients['lambda']['send'],
    },
  };
  return { hook, invoked, reported };
}

const run = async (group: string, answer: Parameters<typeof clients>[1]) => {
  const { hook, invoked, reported } = clients(group, answer);
  const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  vi.spyOn(logger, 'info').mockImplementation(() => undefined);
  await preTrafficHook(hook)({ DeploymentId: 'd-1', LifecycleEventHookExecutionId: 'h-1' });
  return { invoked, reported, failures: errors.mock.calls.map(([, fields]) => (fields as { failure: string }).failure) };
};

afterEach(() => vi.restoreAllMocks());

describe('the pre-traffic hook', () => {
  it('invokes the version the deployment moves to, with its probe, and lets the deployment go on when it passes', async () => {
    const { invoked, reported, failures } = await run('getStatus', { Payload: { statusCode: 401, headers: {}, body: '{}' } });
    expect(invoked).toHaveLength(1);
    expect([invoked[0]!.FunctionName, invoked[0]!.Qualifier]).toEqual(['Steuerbote-prod-fn-getStatus', '7']);
    // A request on the function's route, with a key of the right shape that no client holds.
    expect(invoked[0]!.event).toMatchObject({ requestContext: { http: { method: 'GET' } }, headers: { authorization: expect.stringMatching(/^Bearer sbk_/) } });
    expect(reported).toEqual(['d-1 h-1 Succeeded']);
    expect(failures).toEqual([]);
  });

  it.each([
    ['an API function that answers 5xx', 'getStatus', { Payload: { statusCode: 500, headers: {}, body: '{}' } }, /answered 500, not 401/],
    ['an API function that lets a key no client holds in', 'validateUstva', { Payload: { statusCode: 200, headers: {}, body: '{}' } }, /answered 200, not 401/],
    ['a public route that does not answer', 'getVersion', { Payload: { statusCode: 503, headers: {}, body: '{}' } }, /answered 503, not 200/],
    [
      'a consumer that fails its message',
      'transmit',
      { Payload: { batchItemFailures: [{ itemIdentifier: 'pre-traffic-hook' }] } },
      /a message of the transmit queue failed/,
    ],
    [
      'a job that throws',
      'sweep',
      { FunctionError: 'Unhandled', Payload: { errorType: 'Error', errorMessage: 'boom', stack: ['at secret'] } },
      /failed: Error: boom$/,
    ],
    ['a version that cannot be invoked', 'redrive', new Error('AccessDeniedException'), /the probe could not run: AccessDeniedException/],
    ['a group that names no function', 'nobody', { Payload: null }, /names no function/],
  ])('fails the deployment for %s, before any traffic moves', async (_, group, answer, why) => {
    const { reported, failures } = await run(group, answer);
    expect(reported).toEqual(['d-1 h-1 Failed']);
    expect(failures).toEqual([expect.stringMatching(why)]);
  });

  it('gives a queue consumer a message naming a ticket no one holds, a job its tick, the fallback a path no route takes', async () => {
    const ok = { Payload: { batchItemFailures: [] } };
    const consumer = (await run('deliverWebhook', ok)).invoked[0]!.event as { Records: { body: string }[] };
    expect(JSON.parse(consumer.Records[0]!.body)).toEqual({ ticket: expect.stringMatching(/^tk_/), webhook_id: expect.stringMatching(/^msg_/) });
    expect((await run('certificateExpiry', { Payload: null })).invoked[0]!.event).toMatchObject({ 'detail-type': 'Scheduled Event' });
    const fallback = await run('notFound', { Payload: { statusCode: 404, headers: {}, body: '{}' } });
    expect([fallback.invoked[0]!.event, fallback.reported]).toEqual([expect.objectContaining({ rawPath: '/v2/pre-traffic-hook' }), ['d-1 h-1 Succeeded']]);
  });
});
