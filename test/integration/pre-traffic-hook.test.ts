// The pre-traffic hook's probes against the functions as they are: each function a production stage
// deploys gradually runs its probe on the local runtime, as its new version would before any traffic
// moves to it, and passes while changing nothing a client could see.

import { GetApplicationRevisionCommand, GetDeploymentCommand } from '@aws-sdk/client-codedeploy';
import type { InvokeCommand } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeployment, type HookClients } from '#infra/deployments/pre-traffic-hook.ts';
import { handlerLoader } from '#local/handlers.ts';
import { lambdaContext } from '#local/lambda-context.ts';
import { apis, queues, schedules, servedRoutes, type FunctionName } from '#shared/manifest.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';

let service: LocalService;
beforeAll(async () => {
  service = await startService();
}, 60_000);
afterAll(() => service?.stop());

/** What a production stage deploys behind an alias: what its API's routes, its queues and its schedules invoke. */
const deployedGradually = [
  ...new Set<FunctionName>([
    ...servedRoutes(apis.api.routes).map((route) => route.function),
    apis.api.fallback,
    ...Object.values(queues).map((queue) => queue.consumer as FunctionName),
    ...Object.values(schedules).map((schedule) => schedule.function as FunctionName),
  ]),
];

/** CodeDeploy deploying `name`, and Lambda running its version as the local runtime runs the function. */
function localStage(name: FunctionName): HookClients {
  const load = handlerLoader();
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value ?? null));
  return {
    codedeploy: {
      send: (async (command: unknown) => {
        if (command instanceof GetDeploymentCommand) return { deploymentInfo: { applicationName: 'steuerbote-local', deploymentGroupName: name } };
        if (command instanceof GetApplicationRevisionCommand) {
          const content = JSON.stringify({ Resources: [{ [name]: { Properties: { Name: name, TargetVersion: '2' } } }] });
          return { revision: { string: { content } } };
        }
        throw new Error('unexpected call');
      }) as HookClients['codedeploy']['send'],
    },
    lambda: {
      send: (async (command: InvokeCommand) => {
        const event: unknown = JSON.parse(new TextDecoder().decode(command.input.Payload as Uint8Array));
        const handler = (await load(name)) as (event: unknown, context: unknown) => Promise<unknown>;
        try {
          return { StatusCode: 200, Payload: json(await handler(event, lambdaContext(name))) };
        } catch (error) {
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: json({ errorType: (error as Error).name, errorMessage: (error as Error).message }) };
        }
      }) as HookClients['lambda']['send'],
    },
  };
}

describe('the probes of the pre-traffic hook', { timeout: 120_000 }, () => {
  it.each(deployedGradually)('pass %s as it is now', async (name) => {
    expect(await checkDeployment(localStage(name), 'd-local')).toBeUndefined();
  });

  it('leave no ticket, delivery or dead letter behind', async () => {
    const tickets = await service.call('GET', '/v2/tickets');
    expect(tickets.json.data.tickets ?? tickets.json.data).toEqual([]);
    const version = await service.call('GET', '/v2/version', { key: null });
    expect(version.status).toBe(200);
  });
});
