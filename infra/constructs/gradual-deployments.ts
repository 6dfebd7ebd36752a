// How a production stage takes new code: every function a route or a queue invokes is invoked through
// its alias `live`, and CodeDeploy moves the alias to a new version gradually: a tenth of the calls
// for five minutes, then all, or back to the version before as soon as one of the function's alarms
// goes off. Old and new version run side by side meanwhile, so each reads what the other writes
// (docs/architecture.md, "Changes that run beside the previous version"). A test stage takes new
// code all at once, and the scheduled jobs run the newest code on every stage.

import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { SteuerboteFunction } from '#infra/constructs/steuerbote-function.ts';
import { suppress } from '#infra/nag.ts';

export const liveAlias = 'live';
export const deploymentConfig = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

export interface GradualDeploymentsProps {
  readonly stage: string;
  /** Off: triggers invoke the function itself, and a deploy replaces its code at once. */
  readonly gradual: boolean;
}

interface Deployment {
  readonly fn: SteuerboteFunction;
  readonly alias: Alias;
  readonly group: LambdaDeploymentGroup;
  /** The APIs whose routes it serves. */
  readonly apis: Set<HttpApi>;
}

export class GradualDeployments extends Construct {
  readonly #props: GradualDeploymentsProps;
  readonly #deployments = new Map<SteuerboteFunction, Deployment>();
  #application?: LambdaApplication;
  #role?: Role;

  constructor(scope: Construct, id: string, props: GradualDeploymentsProps) {
    super(scope, id);
    this.#props = props;
  }

  /** What a trigger invokes: on a gradual stage the function's alias, otherwise the function itself. */
  target(fn: SteuerboteFunction, api?: HttpApi): IFunction {
    if (!this.#props.gradual) return fn;
    let deployment = this.#deployments.get(fn);
    if (!deployment) {
      const alias = new Alias(fn, 'LiveAlias', { aliasName: liveAlias, version: fn.currentVersion });
      const group = new LambdaDeploymentGroup(fn, 'Deployment', {
        application: this.#sharedApplication(),
        role: this.#sharedRole(),
        alias,
        deploymentConfig,
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      deployment = { fn, alias, group, apis: new Set() };
      this.#deployments.set(fn, deployment);
    }
    if (api) deployment.apis.add(api);
    return deployment.alias;
  }

  /**
   * Rolls each deployment back on its function's errors and, for a function behind an API, on that
   * API answering 5xx: an API function turns its own failures into a 500 rather than an error Lambda counts.
   */
  rollBackOn({ errorAlarms, topic }: { errorAlarms: ReadonlyMap<SteuerboteFunction, IAlarm>; topic: ITopic }): void {
    const serverErrors = new Map<HttpApi, Alarm>();
    const serverErrorsOf = (api: HttpApi) => {
      let alarm = serverErrors.get(api);
      if (!alarm) {
        const name = api.node.id;
        alarm = new Alarm(this, `${name}ServerErrors`, {
          alarmName: `steuerbote-${this.#props.stage}-${name}ServerErrors`,
          alarmDescription: `The ${name} API answered 5xx: a deployment under way rolls back. What to do: docs/operations.md#a-deployment-rolled-back`,
          metric: api.metricServerError({ statistic: 'Sum', period: Duration.minutes(1) }),
          threshold: 0,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
        const action = new SnsAction(topic);
        alarm.addAlarmAction(action);
        alarm.addOkAction(action);
        serverErrors.set(api, alarm);
      }
      return alarm;
    };
    for (const { fn, group, apis } of this.#deployments.values()) {
      const errors = errorAlarms.get(fn);
      if (!errors) throw new Error(`${fn.node.id} has no errors alarm to roll its deployments back on`);
      group.addAlarm(errors);
      for (const api of apis) group.addAlarm(serverErrorsOf(api));
    }
  }

  #sharedApplication(): LambdaApplication {
    this.#application ??= new LambdaApplication(this, 'Application', { applicationName: `steuerbote-${this.#props.stage}` });
    return this.#application;
  }

  /** One role for every deployment group: CodeDeploy moves aliases and reads alarms for all of them alike. */
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
          'aliases of functions, reads alarms and invokes only functions named CodeDeployHook_*, of which this stage has none.',
        ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited'],
      );
    }
    return this.#role;
  }
}
