// How a production stage takes new code: every function a route, a queue or a schedule invokes is
// invoked through its alias `live`, and CodeDeploy moves the alias to a new version gradually. First
// the stage's pre-traffic hook (pre-traffic-hook.ts) calls the new version with its probe, before
// any traffic moves; then a tenth of the calls go to it for five minutes, then all, or back to the
// version before as soon as one of the function's own alarms goes off (its errors, and its 5xx
// answers or failed records; operations.ts). Old and new version run side by side meanwhile, so each
// reads what the other writes (docs/architecture.md, "Changes that run beside the previous version").
// A test stage takes new code all at once.

import type { RemovalPolicy } from 'aws-cdk-lib';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, type CfnAlias, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { PreTrafficHook } from '#infra/constructs/pre-traffic-hook.ts';
import type { SteuerboteFunction } from '#infra/constructs/steuerbote-function.ts';
import { suppress } from '#infra/nag.ts';

export const liveAlias = 'live';
export const deploymentConfig = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

export interface GradualDeploymentsProps {
  readonly stage: string;
  /** Off: triggers invoke the function itself, and a deploy replaces its code at once. */
  readonly gradual: boolean;
  /**
   * Deploys without looking at the alarms, the hook and the canary still in place: to deploy the fix
   * for what an alarm is firing on (`-c ignoreRollbackAlarms=true`, docs/operations/).
   */
  readonly ignoreAlarms: boolean;
  /** For the hook's log group. */
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

interface Deployment {
  readonly fn: SteuerboteFunction;
  readonly alias: Alias;
  readonly group: LambdaDeploymentGroup;
}

export class GradualDeployments extends Construct {
  readonly #props: GradualDeploymentsProps;
  readonly #deployments = new Map<SteuerboteFunction, Deployment>();
  #application?: LambdaApplication;
  #role?: Role;
  #hook?: PreTrafficHook;

  constructor(scope: Construct, id: string, props: GradualDeploymentsProps) {
    super(scope, id);
    this.#props = props;
  }

  /** What a trigger invokes: on a gradual stage the function's alias, otherwise the function itself. */
  target(fn: SteuerboteFunction): IFunction {
    if (!this.#props.gradual) return fn;
    let deployment = this.#deployments.get(fn);
    if (!deployment) {
      const alias = new Alias(fn, 'LiveAlias', { aliasName: liveAlias, version: fn.currentVersion });
      const group = new LambdaDeploymentGroup(fn, 'Deployment', {
        application: this.#sharedApplication(),
        // The hook finds the function's probe by this name: the function's, as the manifest names it.
        deploymentGroupName: fn.node.id,
        role: this.#sharedRole(),
        alias,
        deploymentConfig,
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
        ignoreAlarmConfiguration: this.#props.ignoreAlarms,
      });
      this.#runHookBefore(alias);
      deployment = { fn, alias, group };
      this.#deployments.set(fn, deployment);
    }
    return deployment.alias;
  }

  /** Rolls each deployment back on its function's own alarms: those that say it fails (operations.ts). */
  rollBackOn({ failureAlarms }: { failureAlarms: ReadonlyMap<SteuerboteFunction, readonly IAlarm[]> }): void {
    for (const { fn, group } of this.#deployments.values()) {
      const alarms = failureAlarms.get(fn) ?? [];
      if (alarms.length === 0) throw new Error(`${fn.node.id} has no alarm to roll its deployments back on`);
      for (const alarm of alarms) group.addAlarm(alarm);
    }
  }

  /**
   * Names the stage's hook in the alias's update policy. LambdaDeploymentGroup.addPreHook would grant
   * the hook's role each group on its own, a statement per function; its role reaches them all by one
   * (pre-traffic-hook.ts), and CodeDeploy's role may invoke it by its name.
   */
  #runHookBefore(alias: Alias): void {
    this.#hook ??= new PreTrafficHook(this, 'PreTrafficHook', {
      stage: this.#props.stage,
      application: this.#applicationName,
      logRetention: this.#props.logRetention,
      removalPolicy: this.#props.removalPolicy,
    });
    const resource = alias.node.defaultChild as CfnAlias;
    const { codeDeployLambdaAliasUpdate: update, ...rest } = resource.cfnOptions.updatePolicy ?? {};
    resource.cfnOptions.updatePolicy = { ...rest, codeDeployLambdaAliasUpdate: { ...update!, beforeAllowTrafficHook: this.#hook.functionName } };
    // The hook is there before a deployment needs it.
    alias.node.addDependency(this.#hook.function);
  }

  get #applicationName(): string {
    return `steuerbote-${this.#props.stage}`;
  }

  #sharedApplication(): LambdaApplication {
    this.#application ??= new LambdaApplication(this, 'Application', { applicationName: this.#applicationName });
    return this.#application;
  }

  /** One role for every deployment group: CodeDeploy moves aliases, reads alarms and runs the hook for all of them alike. */
  #sharedRole(): Role {
    if (!this.#role) {
      this.#role = new Role(this, 'Role', {
        assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited')],
      });
      suppress(
        this.#role,
        'IAM4',
        "CodeDeploy's own policy for Lambda deployments (service-role/AWSCodeDeployRoleForLambdaLimited): it reads and moves " +
          "aliases of functions, reads alarms and invokes only functions named CodeDeployHook_*, of which the stage's pre-traffic hook is the one.",
        ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited'],
      );
    }
    return this.#role;
  }
}
