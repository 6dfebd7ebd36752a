// Records that last and code that arrives gradually, as the dev and prod templates show them: Object
// Lock on the bucket and the grant and setting that lock live filings' records, the tables' backups in
// a locked vault, the region each stage is pinned to, and CodeDeploy canaries behind every alias a
// route, a queue or a schedule invokes, each with the stage's pre-traffic hook and its function's own alarms.

import type { CfnElement, NestedStack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backedUpTables, backupRetention, vaultLockGraceDays } from '#infra/constructs/records.ts';
import { groupOf } from '#infra/function-groups.ts';
import { apis, functions, queues, schedules, servedRoutes, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { failedRecords, metricNames, metricNamespace } from '#shared/metric-names.ts';
import { bucketFolders, settingNames } from '#shared/setting-names.ts';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { actions, arnOf, fnProps, idOf, nestedStackId, ofType, ref, statements, synth, type Stage } from '#test/infra/stage-template.ts';

afterAll(removeStageApps);

const logicalId = (stage: Stage, construct: { node: { defaultChild?: unknown } }) => stage.stack.getLogicalId(construct.node.defaultChild as CfnElement);
const bucketId = (stage: Stage) => ofType(stage, 'AWS::S3::Bucket').find(([, bucket]) => bucket.Properties.VersioningConfiguration)![0];

/** The functions a route or a queue invokes on a stage that deploys the production API only. */
const triggered = new Set<FunctionName>([
  ...servedRoutes(apis.api.routes).map((route) => route.function),
  apis.api.fallback,
  ...Object.values(queues).map((queue) => queue.consumer as FunctionName),
]);

describe('records and deployments', { timeout: 300_000 }, () => {
  let dev: Stage;
  let prod: Stage;

  beforeAll(() => {
    dev = synth({ stage: 'dev' }, { bundle: false });
    prod = synth({ stage: 'prod' }, { bundle: false });
  }, 300_000);

  describe('S3 Object Lock', () => {
    it("is on in prod's bucket with no default retention, so only what is written locked is locked", () => {
      const bucket = prod.resources[bucketId(prod)]!.Properties;
      expect(bucket.ObjectLockEnabled).toBe(true);
      expect(bucket.ObjectLockConfiguration?.Rule).toBeUndefined();
      expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      // A test stage's template stays as it was: Object Lock, once on, cannot be turned off.
      expect(dev.resources[bucketId(dev)]!.Properties.ObjectLockEnabled).toBeUndefined();
    });

    it('has transmit lock live records as long as protocols are kept, 11 years unless the stage says otherwise, granted on protocols/ alone', () => {
      const lockDays = String(Math.ceil(11 * 365.25));
      expect(fnProps(prod, 'transmit').Environment.Variables[settingNames.recordLockDays]).toBe(lockDays);
      expect(fnProps(prod, 'transmit').Environment.Variables[settingNames.protocolRetentionDays]).toBeUndefined();
      const retention = statements(prod, 'transmit').filter((statement) => [statement.Action].flat().includes('s3:PutObjectRetention'));
      expect(retention.map((statement) => statement.Resource)).toEqual([{ 'Fn::Join': ['', [arnOf(bucketId(prod)), `/${bucketFolders.protocols}*`]] }]);
      const kept = synth({ stage: 'prod', protocolRetentionYears: '12' }, { bundle: false });
      expect(fnProps(kept, 'transmit').Environment.Variables[settingNames.recordLockDays]).toBe(String(Math.ceil(12 * 365.25)));

      expect(fnProps(dev, 'transmit').Environment.Variables[settingNames.recordLockDays]).toBeUndefined();
      expect(actions(dev, 'transmit')).not.toContain('s3:PutObjectRetention');
    });

    it('lets no function bypass a retention, set a legal hold or touch old versions', () => {
      for (const stage of [dev, prod]) {
        for (const name of stage.stack.functions.keys()) {
          const granted = actions(stage, name);
          for (const action of ['s3:BypassGovernanceRetention', 's3:PutObjectLegalHold', 's3:DeleteObjectVersion', 's3:PutBucketObjectLockConfiguration'])
            expect(granted, `${name} ${action}`).not.toContain(action);
          if (name !== 'transmit') expect(granted, name).not.toContain('s3:PutObjectRetention');
        }
      }
    });
  });

  describe('AWS Backup', () => {
    it('copies the tables that must survive, tickets and API keys, of prod daily and monthly into a vault that locks in compliance mode after its grace days', () => {
      const [vaultId, vault] = ofType(prod, 'AWS::Backup::BackupVault')[0]!;
      expect(vault.Properties).toMatchObject({
        BackupVaultName: 'steuerbote-prod',
        EncryptionKeyArn: arnOf(ofType(prod, 'AWS::KMS::Key').find(([, key]) => /tables, bucket and queues/.test(key.Properties.Description))![0]),
        LockConfiguration: {
          MinRetentionDays: backupRetention.daily.toDays(),
          MaxRetentionDays: backupRetention.monthly.toDays(),
          ChangeableForDays: vaultLockGraceDays,
        },
      });
      expect(vault.DeletionPolicy).toBe('Retain');
      const [planId, plan] = ofType(prod, 'AWS::Backup::BackupPlan')[0]!;
      expect(plan.Properties.BackupPlan.BackupPlanRule).toEqual([
        expect.objectContaining({ RuleName: 'Daily', TargetBackupVault: { 'Fn::GetAtt': [vaultId, 'BackupVaultName'] }, Lifecycle: { DeleteAfterDays: 35 } }),
        expect.objectContaining({
          RuleName: 'Monthly',
          TargetBackupVault: { 'Fn::GetAtt': [vaultId, 'BackupVaultName'] },
          Lifecycle: { DeleteAfterDays: 366 },
        }),
      ]);
      // Copies must outlive the vault's shortest retention and stay within its longest, or the vault refuses the job.
      for (const rule of plan.Properties.BackupPlan.BackupPlanRule) {
        expect(rule.Lifecycle.DeleteAfterDays).toBeGreaterThanOrEqual(vault.Properties.LockConfiguration.MinRetentionDays);
        expect(rule.Lifecycle.DeleteAfterDays).toBeLessThanOrEqual(vault.Properties.LockConfiguration.MaxRetentionDays);
      }
      expect(backedUpTables).toEqual(['tickets', 'apiKeys']);
      const tableIds = backedUpTables.map((name) => logicalId(prod, prod.stack.node.findChild(`${name}Table`)));
      prod.template.hasResourceProperties('AWS::Backup::BackupSelection', {
        BackupPlanId: { 'Fn::GetAtt': [planId, 'BackupPlanId'] },
        BackupSelection: { Resources: Match.arrayEquals(tableIds.map(arnOf)) },
      });
      for (const type of ['AWS::Backup::BackupVault', 'AWS::Backup::BackupPlan', 'AWS::Backup::BackupSelection']) dev.template.resourceCountIs(type, 0);
    });
  });

  describe('the region', () => {
    it('is part of every stage, Frankfurt unless the stage names another', () => {
      expect(dev.stack.region).toBe('eu-central-1');
      expect(prod.stack.region).toBe('eu-central-1');
      expect(synth({ stage: 'dev', region: 'eu-west-1' }, { bundle: false }).stack.region).toBe('eu-west-1');
      expect(() => synth({ stage: 'dev', region: 'Frankfurt' }, { bundle: false })).toThrow(/"region" must be an AWS region such as eu-central-1/);
      const domain = { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' };
      expect(() => synth({ stage: 'dev', ...domain }, { bundle: false })).toThrow(/certificate in the stage's region eu-central-1/);
    });
  });

  describe('gradual deployments', () => {
    const aliases = (stage: Stage) => ofType(stage, 'AWS::Lambda::Alias');
    const aliasOf = (stage: Stage, name: FunctionName) => aliases(stage).find(([, alias]) => alias.Properties.FunctionName.Ref === idOf(stage, name));
    const alarms = (stage: Stage) => ofType(stage, 'AWS::CloudWatch::Alarm');
    const groupOfAlias = (stage: Stage, name: FunctionName) => {
      const [, alias] = aliasOf(stage, name)! as [string, { UpdatePolicy?: any }];
      return stage.resources[alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref]!.Properties;
    };
    const scheduled = new Set<FunctionName>(Object.values(schedules).map((schedule) => schedule.function as FunctionName));
    const everyDeployed = new Set<FunctionName>([...triggered, ...scheduled]);

    it('put every function a route, a queue or a schedule invokes in prod behind its alias live, on its newest version', () => {
      expect(
        aliases(prod)
          .map(([, alias]) => alias.Properties.FunctionName.Ref)
          .sort(),
      ).toEqual([...everyDeployed].map((name) => idOf(prod, name)).sort());
      for (const name of everyDeployed) {
        const [, alias] = aliasOf(prod, name)!;
        expect(alias.Properties.Name).toBe('live');
        const version = prod.resources[alias.Properties.FunctionVersion['Fn::GetAtt'][0]]!;
        expect([version.Type, version.Properties.FunctionName]).toEqual(['AWS::Lambda::Version', ref(idOf(prod, name))]);
      }
    });

    it('point routes, queues and schedules at the alias in prod, at the function in dev', () => {
      const aliasIds = new Set(aliases(prod).map(([id]) => id));
      const integrations = ofType(prod, 'AWS::ApiGatewayV2::Integration');
      expect(integrations.length).toBeGreaterThan(0);
      for (const [id, integration] of integrations) expect(aliasIds.has(integration.Properties.IntegrationUri.Ref), id).toBe(true);
      // An event source names the alias as `function:live`, the function's name taken from the alias's ARN.
      for (const [id, mapping] of ofType(prod, 'AWS::Lambda::EventSourceMapping')) {
        const [name, qualifier] = mapping.Properties.FunctionName['Fn::Join'][1];
        expect([aliasIds.has(name['Fn::Select'][1]['Fn::Split'][1].Ref), qualifier], id).toEqual([true, ':live']);
      }
      // API Gateway may invoke the alias it calls, and nothing else of the function.
      for (const [id, permission] of ofType(prod, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com'))
        expect(aliasIds.has(permission.Properties.FunctionName.Ref), id).toBe(true);
      // A schedule starts the alias, and a run that failed every try is recorded from the alias.
      // The rules that watch keys and records match events rather than a schedule.
      const rules = ofType(prod, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties.ScheduleExpression);
      expect(rules).toHaveLength(scheduled.size);
      for (const [id, rule] of rules) expect(aliasIds.has(rule.Properties.Targets[0].Arn.Ref), id).toBe(true);
      const asyncConfigs = ofType(prod, 'AWS::Lambda::EventInvokeConfig');
      expect(asyncConfigs.map(([, config]) => config.Properties.FunctionName.Ref).sort()).toEqual([...scheduled].map((name) => idOf(prod, name)).sort());
      for (const [id, config] of asyncConfigs) expect(aliasIds.has(config.Properties.Qualifier['Fn::Select'][1]['Fn::Split'][1].Ref), id).toBe(true);

      for (const type of ['AWS::Lambda::Alias', 'AWS::Lambda::Version', 'AWS::CodeDeploy::DeploymentGroup', 'AWS::CodeDeploy::Application'])
        dev.template.resourceCountIs(type, 0);
      for (const [id, integration] of ofType(dev, 'AWS::ApiGatewayV2::Integration'))
        expect(integration.Properties.IntegrationUri['Fn::GetAtt'], id).toBeDefined();
      const consumers = new Set(Object.values(queues).map((queue) => idOf(dev, queue.consumer as FunctionName)));
      for (const [id, mapping] of ofType(dev, 'AWS::Lambda::EventSourceMapping')) expect(consumers.has(mapping.Properties.FunctionName.Ref), id).toBe(true);
      for (const [id, rule] of ofType(dev, 'AWS::Events::Rule')) expect(rule.Properties.Targets[0].Arn['Fn::GetAtt'], id).toBeDefined();
    });

    it("move each alias by a CodeDeploy canary, a tenth for five minutes, rolled back on the function's own alarms of a minute", () => {
      const alarmNamed = (name: string) => alarms(prod).find(([, alarm]) => alarm.Properties.AlarmName === `steuerbote-prod-${name}`)!;
      const applications = ofType(prod, 'AWS::CodeDeploy::Application');
      expect(applications.map(([, application]) => application.Properties)).toEqual([
        expect.objectContaining({ ApplicationName: 'steuerbote-prod', ComputePlatform: 'Lambda' }),
      ]);
      const consumerOf = new Map(Object.entries(queues).map(([queue, spec]) => [spec.consumer as FunctionName, queue]));
      for (const name of everyDeployed) {
        const [, alias] = aliasOf(prod, name)! as [string, { UpdatePolicy?: any }];
        expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.ApplicationName).toEqual(ref(applications[0]![0]));
        const group = groupOfAlias(prod, name);
        // The hook finds the function's probe by the group's name.
        expect(group.DeploymentGroupName).toBe(name);
        expect(group.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
        expect(group.AutoRollbackConfiguration).toEqual({
          Enabled: true,
          Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM'],
        });
        const own = [`${groupOf(name)}-${name}Errors`];
        if (triggered.has(name) && !consumerOf.has(name)) own.push(`${groupOf(name)}-${name}ServerErrors`);
        if (consumerOf.has(name)) own.push(`${groupOf(name)}-${consumerOf.get(name)}FailedRecords`);
        const watched = group.AlarmConfiguration.Alarms.map((alarm: { Name: { Ref: string } }) => alarm.Name.Ref);
        expect(watched, name).toEqual(own.map((each) => alarmNamed(each)[0]));
        expect(group.AlarmConfiguration.Enabled).toBe(true);
        for (const id of watched) expect(prod.resources[id]!.Properties, id).toMatchObject({ Period: 60, Threshold: 0, EvaluationPeriods: 1 });
      }
      // No API's 5xx rolls every function back at once: each group watches its own function.
      expect(alarms(prod).filter(([, alarm]) => /ServerErrors$/.test(alarm.Properties.AlarmName) && alarm.Properties.Namespace === 'AWS/ApiGateway')).toEqual(
        [],
      );
    });

    it("count an API function's 5xx answers and a consumer's failed records by the metrics its code records", () => {
      const [, serverErrors] = alarms(prod).find(
        ([, alarm]) => alarm.Properties.AlarmName === `steuerbote-prod-${groupOf('getStatus')}-getStatusServerErrors`,
      )!;
      expect(serverErrors.Properties).toMatchObject({
        Namespace: metricNamespace,
        MetricName: metricNames.serverErrors,
        Dimensions: expect.arrayContaining([
          { Name: 'function_name', Value: ref(idOf(prod, 'getStatus')) },
          { Name: 'stage', Value: 'prod' },
        ]),
        Statistic: 'Sum',
      });
      for (const [queue, spec] of Object.entries(queues)) {
        const [, failed] = alarms(prod).find(
          ([, alarm]) => alarm.Properties.AlarmName === `steuerbote-prod-${groupOf(spec.consumer as FunctionName)}-${queue}FailedRecords`,
        )!;
        expect(failed.Properties, queue).toMatchObject({ Namespace: metricNamespace, MetricName: failedRecords(queue), Period: 60, Statistic: 'Sum' });
      }
    });

    it('run one pre-traffic hook before every deployment moves any traffic, named so that CodeDeploy may invoke it', () => {
      const hooks = ofType(prod, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties.FunctionName === 'CodeDeployHook_steuerbote-prod');
      expect(hooks).toHaveLength(1);
      const [hookId, hook] = hooks[0]!;
      for (const name of everyDeployed) {
        const [, alias] = aliasOf(prod, name)! as [string, { UpdatePolicy?: any }];
        expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.BeforeAllowTrafficHook, name).toBe('CodeDeployHook_steuerbote-prod');
      }
      // It outlasts the longest run of any function it probes.
      expect(hook.Properties.Timeout).toBeGreaterThan(Math.max(...Object.values(functions).map((spec: FunctionSpec) => spec.timeoutSeconds ?? 10)));
      const granted = ofType(prod, 'AWS::IAM::Policy')
        .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([hook.Properties.Role['Fn::GetAtt'][0]].map(ref)))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
      expect(granted.flatMap((statement) => [statement.Action].flat()).sort()).toEqual([
        'codedeploy:GetApplicationRevision',
        'codedeploy:GetDeployment',
        'codedeploy:PutLifecycleEventHookExecutionStatus',
        'lambda:InvokeFunction',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
      ]);
      // It may invoke the stage's own functions alone.
      expect(granted.find((statement) => statement.Action === 'lambda:InvokeFunction').Condition).toEqual({
        StringEquals: { 'aws:ResourceTag/service': 'steuerbote', 'aws:ResourceTag/stage': 'prod' },
      });
      for (const name of everyDeployed)
        expect(fnProps(prod, name).Tags, name).toEqual(
          expect.arrayContaining([
            { Key: 'stage', Value: 'prod' },
            { Key: 'service', Value: 'steuerbote' },
          ]),
        );
      // It is there before any group's deployment needs it.
      for (const { stack, template } of prod.stacks.slice(1)) {
        if (!Object.values(template.Resources).some((resource) => resource.Type === 'AWS::Lambda::Alias')) continue;
        expect([prod.stacks[0]!.template.Resources[nestedStackId(stack as NestedStack)]!.DependsOn].flat(), stack.node.id).toContain(hookId);
      }
      // A test stage has no deployments to hook.
      expect(ofType(dev, 'AWS::Lambda::Function').filter(([id]) => id === hookId)).toEqual([]);
    });

    it('deploy a fix while an alarm fires only when the stage says so, the hook and the canary still in place', () => {
      const despite = synth({ stage: 'prod', ignoreRollbackAlarms: 'true' }, { bundle: false });
      for (const name of everyDeployed) {
        const group = groupOfAlias(despite, name);
        expect(group.AlarmConfiguration.Enabled, name).toBe(false);
        expect(group.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
        expect((aliasOf(despite, name)![1] as { UpdatePolicy?: any }).UpdatePolicy.CodeDeployLambdaAliasUpdate.BeforeAllowTrafficHook).toBe(
          'CodeDeployHook_steuerbote-prod',
        );
      }
    });
  });
});
