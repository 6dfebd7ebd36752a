// The stage's pre-traffic hook: CodeDeploy runs it before it moves any traffic of a function's alias
// `live` to the new version (infra/constructs/gradual-deployments.ts). It invokes that version with
// the function's probe (probes.ts) and tells CodeDeploy whether it passed; a version that fails,
// or cannot be asked, is rolled back before any call reaches it.

import { CodeDeployClient, GetApplicationRevisionCommand, GetDeploymentCommand, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { probeOf } from '#infra/deployments/probes.ts';
import { describeError, logger } from '#shared/logger.ts';
import { functions, type FunctionName } from '#shared/manifest.ts';

export interface HookEvent {
  readonly DeploymentId: string;
  readonly LifecycleEventHookExecutionId: string;
}

/** The calls the hook makes, each a `send` of the SDK's commands. */
export interface HookClients {
  readonly codedeploy: Pick<CodeDeployClient, 'send'>;
  readonly lambda: Pick<LambdaClient, 'send'>;
}

interface AppSpecFunction {
  readonly Name: string;
  readonly TargetVersion: string;
}

/** The function and version a deployment moves its alias to, from the AppSpec CloudFormation gave it. */
function targetOf(content: string | undefined): AppSpecFunction {
  const resources = (JSON.parse(content ?? '{}') as { Resources?: Record<string, { Properties?: Partial<AppSpecFunction> }>[] }).Resources ?? [];
  const properties = resources.flatMap((resource) => Object.values(resource).map((each) => each.Properties))[0];
  if (!properties?.Name || !properties.TargetVersion) throw new Error('the deployment names no function and target version');
  return { Name: properties.Name, TargetVersion: properties.TargetVersion };
}

/** Why the deployment's new version fails its probe, or undefined when it passes. */
export async function checkDeployment({ codedeploy, lambda }: HookClients, deploymentId: string): Promise<string | undefined> {
  const { deploymentInfo } = await codedeploy.send(new GetDeploymentCommand({ deploymentId }));
  // Each deployment group is named after its function (gradual-deployments.ts).
  const name = deploymentInfo?.deploymentGroupName;
  if (!name || !(name in functions)) return `deployment group ${name} names no function`;
  const { revision } = await codedeploy.send(
    new GetApplicationRevisionCommand({ applicationName: deploymentInfo.applicationName, revision: deploymentInfo.revision }),
  );
  const target = targetOf(revision?.string?.content ?? revision?.appSpecContent?.content);
  const probe = probeOf(name as FunctionName);
  const answer = await lambda.send(
    new InvokeCommand({ FunctionName: target.Name, Qualifier: target.TargetVersion, Payload: new TextEncoder().encode(JSON.stringify(probe.event)) }),
  );
  const payload: unknown = JSON.parse(answer.Payload ? new TextDecoder().decode(answer.Payload) : 'null');
  if (answer.FunctionError) {
    // Lambda's report of the error: its type and message, never its stack.
    const { errorType, errorMessage } = (payload ?? {}) as { errorType?: string; errorMessage?: string };
    return `${name} version ${target.TargetVersion} failed: ${errorType ?? answer.FunctionError}: ${errorMessage ?? ''}`;
  }
  const why = probe.verdict(payload);
  return why && `${name} version ${target.TargetVersion}: ${why}`;
}

/** Runs the probe and reports its outcome; an error on the way fails the deployment too. */
export function preTrafficHook(clients: HookClients) {
  return async (event: HookEvent): Promise<void> => {
    let failure: string | undefined;
    try {
      failure = await checkDeployment(clients, event.DeploymentId);
    } catch (error) {
      failure = `the probe could not run: ${describeError(error).message ?? describeError(error).name}`;
    }
    if (failure) logger.error('the new version failed its probe: the deployment rolls back', { deployment: event.DeploymentId, failure });
    else logger.info('the new version passed its probe', { deployment: event.DeploymentId });
    await clients.codedeploy.send(
      new PutLifecycleEventHookExecutionStatusCommand({
        deploymentId: event.DeploymentId,
        lifecycleEventHookExecutionId: event.LifecycleEventHookExecutionId,
        status: failure ? 'Failed' : 'Succeeded',
      }),
    );
  };
}

export const handler = preTrafficHook({ codedeploy: new CodeDeployClient({}), lambda: new LambdaClient({}) });
