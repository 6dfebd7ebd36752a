// The one pre-traffic hook of a stage (infra/deployments/pre-traffic-hook.ts): every deployment group
// runs it before any traffic moves to a new version. Named `CodeDeployHook_…`, the only functions
// CodeDeploy's managed policy lets it invoke, so its role needs no grant of its own.

import path from 'node:path';
import { Duration, Stack, Token, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { logDataProtection } from '#infra/constructs/log-protection.ts';
import { bundling, defaultTimeoutSeconds, nodeRuntime, nodeRuntimeReason, repoRoot } from '#infra/constructs/steuerbote-function.ts';
import { suppress } from '#infra/nag.ts';
import { functions, type FunctionSpec } from '#shared/manifest.ts';

export interface PreTrafficHookProps {
  readonly stage: string;
  /** CodeDeploy's application, whose deployment groups run the hook. */
  readonly application: string;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/** A probe waits for the function it calls: the hook outlasts the longest any function may run. */
const longestRunSeconds = Math.max(...Object.values(functions).map((spec: FunctionSpec) => spec.timeoutSeconds ?? defaultTimeoutSeconds));

export class PreTrafficHook extends Construct {
  /** What a deployment group's alias names as its BeforeAllowTraffic hook. */
  readonly functionName: string;
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: PreTrafficHookProps) {
    super(scope, id);
    const { partition, region, account } = Stack.of(this);
    // An ARN as cdk-nag names it in a finding: the stack's pseudo parameters as `<AWS::…>`.
    const asNagNamesIt = (arn: string) =>
      `Resource::${[
        [partition, '<AWS::Partition>'],
        [region, '<AWS::Region>'],
        [account, '<AWS::AccountId>'],
      ].reduce((text, [value, name]) => (Token.isUnresolved(value) ? text.replace(value!, name!) : text), arn)}`;
    const anyFunction = `arn:${partition}:lambda:${region}:${account}:function:*`;
    this.functionName = `CodeDeployHook_steuerbote-${props.stage}`;
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
      dataProtectionPolicy: logDataProtection(),
    });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.function = new NodejsFunction(this, 'Function', {
      functionName: this.functionName,
      description: `steuerbote ${props.stage}: calls each new version before any traffic moves to it`,
      entry: path.join(repoRoot, 'infra/deployments/pre-traffic-hook.ts'),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: nodeRuntime,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.seconds(Math.min(900, longestRunSeconds + 30)),
      role,
      logGroup,
      bundling,
    });
    suppress(this.function, 'L1', nodeRuntimeReason);

    // What a deployment is and what its revision names; its verdict on the hook's run.
    const groups = `arn:${partition}:codedeploy:${region}:${account}:deploymentgroup:${props.application}/*`;
    role.addToPolicy(new PolicyStatement({ actions: ['codedeploy:GetDeployment', 'codedeploy:PutLifecycleEventHookExecutionStatus'], resources: [groups] }));
    role.addToPolicy(
      new PolicyStatement({
        actions: ['codedeploy:GetApplicationRevision'],
        resources: [`arn:${partition}:codedeploy:${region}:${account}:application:${props.application}`],
      }),
    );
    // The stage's own functions, by their tags: each version a deployment moves to, whichever stack holds it.
    const functionsOfStage = new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [anyFunction] });
    functionsOfStage.addCondition('StringEquals', { 'aws:ResourceTag/service': 'steuerbote', 'aws:ResourceTag/stage': props.stage });
    role.addToPolicy(functionsOfStage);
    suppress(
      role,
      'IAM5',
      "The deployment groups of the stage's CodeDeploy application, one per function, and the stage's functions by their service and stage tags: " +
        'a new version is named only when its deployment runs, and the hook may call no function of another stage or service.',
      [groups, anyFunction].map(asNagNamesIt),
    );
  }
}
