// Records outside the blast radius of one account, as the production templates have them: with
// `backupAccount`, the tables' backups copied to a vault of that account and every file under
// protocols/ replicated to a bucket there, each under a key and a lock of its own (the stack
// `Steuerbote-prod-copies`); on every production stage, keys that only the break-glass role may delete
// or disable and whose administrators hold no grant, a bucket whose versions and locks only that role
// may touch, and a trail with EventBridge rules that tell the alarm topic of each such change. A
// production stage without `backupAccount` says at synth that its records have no copy outside.

import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyAdminActions } from '#infra/constructs/key-policy.ts';
import { backedUpTables, backupRetention } from '#infra/constructs/records.ts';
import { removeStageApps, stageStack } from '#test/infra/stage-app.ts';
import { arnOf, ofType, statements, synth, type Resource, type Stage } from '#test/infra/stage-template.ts';

afterAll(removeStageApps);

const account = '111111111111';
const backupAccount = '222222222222';
const breakGlassRole = `arn:aws:iam::${account}:role/steuerbote-break-glass`;
const outsideContext = { stage: 'prod', account, backupAccount, breakGlassRole };
const protocolDays = Math.ceil(11 * 365.25);

type Statement = {
  Sid?: string;
  Effect: string;
  Principal?: unknown;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
};
const actionsOf = (statement: Pick<Statement, 'Action'>) => [statement.Action].flat().sort();
const only = <T>(found: T[]): T => {
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** The stage's bucket: a logical ID of its own name, as the stack makes it (`Bucket`). */
const stageBucket = (stage: Stage) => only(ofType(stage, 'AWS::S3::Bucket').filter(([id]) => /^Bucket[0-9A-F]{8}$/.test(id)));
const bucketPolicy = (stage: Stage): Statement[] =>
  only(
    ofType(stage, 'AWS::S3::BucketPolicy').filter(([, policy]) => JSON.stringify(policy.Properties.Bucket) === JSON.stringify({ Ref: stageBucket(stage)[0] })),
  )[1].Properties.PolicyDocument.Statement;
const keys = (stage: Stage) => ofType(stage, 'AWS::KMS::Key');
const keyPolicy = (key: Resource): Statement[] => key.Properties.KeyPolicy.Statement;

describe('records outside the account', { timeout: 300_000 }, () => {
  let outside: Stage;
  let alone: Stage;
  let dev: Stage;
  let copies: Record<string, Resource>;

  beforeAll(() => {
    outside = synth(outsideContext, { bundle: false });
    alone = synth({ stage: 'prod' }, { bundle: false });
    dev = synth({ stage: 'dev' }, { bundle: false });
    const copiesStack = outside.app.node.children.find((child) => child.node.id === 'Steuerbote-prod-copies') as Stack;
    expect(copiesStack.account).toBe(backupAccount);
    expect(copiesStack.region).toBe(outside.stack.region);
    copies = (Template.fromStack(copiesStack).toJSON() as { Resources: Record<string, Resource> }).Resources;
  }, 300_000);

  const copiesOfType = (type: string) => Object.entries(copies).filter(([, resource]) => resource.Type === type);

  describe('backups', () => {
    it('take the tickets and API keys tables alone, and copy each into the vault of the backup account for as long as they are kept', () => {
      const tableIds = backedUpTables.map((name) => outside.stack.getLogicalId(outside.stack.node.findChild(`${name}Table`).node.defaultChild as never));
      const selection = only(ofType(outside, 'AWS::Backup::BackupSelection'))[1];
      expect(selection.Properties.BackupSelection.Resources).toEqual(tableIds.map(arnOf));
      expect(JSON.stringify(selection)).not.toMatch(/certificatesTable|idempotencyTable|rateLimitsTable|storedBodiesTable/);

      const vaultArn = `arn:aws:backup:eu-central-1:${backupAccount}:backup-vault:steuerbote-prod-copies`;
      const rules = only(ofType(outside, 'AWS::Backup::BackupPlan'))[1].Properties.BackupPlan.BackupPlanRule;
      expect(rules.map((rule: { RuleName: string; CopyActions: unknown }) => [rule.RuleName, rule.CopyActions])).toEqual([
        ['Daily', [{ DestinationBackupVaultArn: vaultArn, Lifecycle: { DeleteAfterDays: backupRetention.daily.toDays() } }]],
        ['Monthly', [{ DestinationBackupVaultArn: vaultArn, Lifecycle: { DeleteAfterDays: backupRetention.monthly.toDays() } }]],
      ]);
      // A copy may come home to be restored, from the backup account alone.
      const vault = only(ofType(outside, 'AWS::Backup::BackupVault'))[1];
      expect(vault.Properties.AccessPolicy.Statement).toEqual([
        { Effect: 'Allow', Principal: { AWS: `arn:aws:iam::${backupAccount}:root` }, Action: 'backup:CopyIntoBackupVault', Resource: '*' },
      ]);

      for (const rule of only(ofType(alone, 'AWS::Backup::BackupPlan'))[1].Properties.BackupPlan.BackupPlanRule) expect(rule).not.toHaveProperty('CopyActions');
      expect(only(ofType(alone, 'AWS::Backup::BackupVault'))[1].Properties).not.toHaveProperty('AccessPolicy');
    });

    it('land in a vault of the backup account under its own key, locked as the stage vault is, that the stage may only copy into', () => {
      const [keyId] = only(copiesOfType('AWS::KMS::Key'));
      const [, vault] = only(copiesOfType('AWS::Backup::BackupVault'));
      const stageVault = only(ofType(outside, 'AWS::Backup::BackupVault'))[1];
      expect(vault.Properties).toMatchObject({
        BackupVaultName: 'steuerbote-prod-copies',
        EncryptionKeyArn: arnOf(keyId),
        LockConfiguration: stageVault.Properties.LockConfiguration,
      });
      expect(vault.Properties.AccessPolicy.Statement).toEqual([
        { Effect: 'Allow', Principal: { AWS: `arn:aws:iam::${account}:root` }, Action: 'backup:CopyIntoBackupVault', Resource: '*' },
      ]);
      expect(vault.DeletionPolicy).toBe('Retain');
    });
  });

  describe('protocols and Nutzdaten', () => {
    it('are replicated from protocols/ to the records bucket of the backup account with its key, deletes left behind', () => {
      const [, bucket] = stageBucket(outside);
      const { Role, Rules } = bucket.Properties.ReplicationConfiguration;
      expect(Rules).toEqual([
        {
          Id: 'RecordsToTheBackupAccount',
          Status: 'Enabled',
          Priority: 0,
          Filter: { Prefix: 'protocols/' },
          DeleteMarkerReplication: { Status: 'Disabled' },
          SourceSelectionCriteria: { SseKmsEncryptedObjects: { Status: 'Enabled' } },
          Destination: {
            Bucket: `arn:aws:s3:::steuerbote-prod-records-${backupAccount}`,
            Account: backupAccount,
            EncryptionConfiguration: { ReplicaKmsKeyID: `arn:aws:kms:eu-central-1:${backupAccount}:alias/steuerbote-prod-copies` },
          },
        },
      ]);
      const roleId = Role['Fn::GetAtt'][0];
      expect(outside.resources[roleId]!.Properties.RoleName).toBe('steuerbote-prod-records-replication');
      const granted = ofType(outside, 'AWS::IAM::Policy')
        .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
        .flatMap(actionsOf)
        .sort();
      // It reads versions to copy them, and writes copies: it neither lists nor deletes anything.
      expect(granted).toEqual(
        [
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey',
          's3:GetObjectLegalHold',
          's3:GetObjectRetention',
          's3:GetObjectVersionAcl',
          's3:GetObjectVersionForReplication',
          's3:GetObjectVersionTagging',
          's3:GetReplicationConfiguration',
          's3:ReplicateObject',
          's3:ReplicateTags',
        ].sort(),
      );
      expect(stageBucket(alone)[1].Properties).not.toHaveProperty('ReplicationConfiguration');
    });

    it('are kept in the backup account locked in compliance mode as long as protocols are, where nobody may bypass a lock or delete a version', () => {
      const [bucketId, bucket] = only(copiesOfType('AWS::S3::Bucket').filter(([, each]) => each.Properties.ObjectLockEnabled));
      const [keyId] = only(copiesOfType('AWS::KMS::Key'));
      expect(bucket.Properties).toMatchObject({
        BucketName: `steuerbote-prod-records-${backupAccount}`,
        VersioningConfiguration: { Status: 'Enabled' },
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: protocolDays } } },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { BucketKeyEnabled: true, ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: arnOf(keyId) } },
          ],
        },
      });
      expect(bucket.DeletionPolicy).toBe('Retain');
      const policy: Statement[] = only(copiesOfType('AWS::S3::BucketPolicy').filter(([, each]) => each.Properties.Bucket.Ref === bucketId))[1].Properties
        .PolicyDocument.Statement;
      const replicator = { ArnEquals: { 'aws:PrincipalArn': `arn:aws:iam::${account}:role/steuerbote-prod-records-replication` } };
      const allowed = policy.filter((statement) => statement.Effect === 'Allow');
      expect(allowed.map((statement) => [actionsOf(statement), statement.Principal, statement.Condition])).toEqual([
        [['s3:ReplicateObject', 's3:ReplicateTags'], { AWS: `arn:aws:iam::${account}:root` }, replicator],
        [['s3:GetBucketVersioning'], { AWS: `arn:aws:iam::${account}:root` }, replicator],
      ]);
      const erasing = only(policy.filter((statement) => statement.Effect === 'Deny' && actionsOf(statement).includes('s3:DeleteObjectVersion')));
      expect([actionsOf(erasing), erasing.Principal, erasing.Condition]).toEqual([
        ['s3:BypassGovernanceRetention', 's3:DeleteObjectVersion'],
        { AWS: '*' },
        undefined,
      ]);
      expect(JSON.stringify(erasing.Resource)).toContain(bucketId);
    });

    it('are under a key of the backup account that nobody may delete or disable, which the stage may use only to encrypt copies through S3', () => {
      const [, key] = only(copiesOfType('AWS::KMS::Key'));
      expect(key.Properties).toMatchObject({ EnableKeyRotation: true, PendingWindowInDays: 30 });
      const policy = keyPolicy(key);
      const destroying = only(policy.filter((statement) => statement.Effect === 'Deny'));
      expect([actionsOf(destroying), destroying.Principal, destroying.Condition]).toEqual([
        ['kms:DisableKey', 'kms:ScheduleKeyDeletion'],
        { AWS: '*' },
        undefined,
      ]);
      const fromStage = only(policy.filter((statement) => JSON.stringify(statement.Principal).includes(account)));
      expect([actionsOf(fromStage), fromStage.Condition]).toEqual([
        ['kms:Encrypt', 'kms:GenerateDataKey'],
        {
          ArnEquals: { 'aws:PrincipalArn': `arn:aws:iam::${account}:role/steuerbote-prod-records-replication` },
          StringEquals: { 'kms:ViaService': 's3.eu-central-1.amazonaws.com' },
        },
      ]);
      expect(only(copiesOfType('AWS::KMS::Alias'))[1].Properties.AliasName).toBe('alias/steuerbote-prod-copies');
    });
  });

  describe('the stage bucket', () => {
    it('lets only the break-glass role bypass a lock or delete a version, nobody without one, and leaves a test stage as it was', () => {
      const erasing = (stage: Stage) => bucketPolicy(stage).filter((statement) => actionsOf(statement).includes('s3:DeleteObjectVersion'));
      const guarded = only(erasing(outside));
      expect([guarded.Effect, guarded.Principal, actionsOf(guarded), guarded.Condition]).toEqual([
        'Deny',
        { AWS: '*' },
        ['s3:BypassGovernanceRetention', 's3:DeleteObjectVersion'],
        { ArnNotEquals: { 'aws:PrincipalArn': breakGlassRole } },
      ]);
      const locked = only(erasing(alone));
      expect([locked.Effect, locked.Principal, locked.Condition]).toEqual(['Deny', { AWS: '*' }, undefined]);
      // A test stage's bucket is emptied, old versions and all, when the stage is destroyed.
      expect(erasing(dev)).toEqual([]);
    });
  });

  describe('the keys', () => {
    it.each([
      ['with a break-glass role', () => outside, { ArnNotEquals: { 'aws:PrincipalArn': breakGlassRole } }],
      ['without one', () => alone, undefined],
    ])('may be deleted or disabled by the break-glass role alone, deleted 30 days after it is asked, on production (%s)', (_, stage, condition) => {
      expect(keys(stage())).toHaveLength(2);
      for (const [id, key] of keys(stage())) {
        const destroying = only(keyPolicy(key).filter((statement) => statement.Effect === 'Deny'));
        expect([destroying.Principal, actionsOf(destroying), destroying.Condition], id).toEqual([
          { AWS: '*' },
          ['kms:DisableKey', 'kms:ScheduleKeyDeletion'],
          condition,
        ]);
        expect(key.Properties.PendingWindowInDays, id).toBe(30);
        expect(key.DeletionPolicy, id).toBe('Retain');
      }
      for (const [id, key] of keys(dev)) {
        expect(
          keyPolicy(key).filter((statement) => statement.Effect === 'Deny'),
          id,
        ).toEqual([]);
      }
    });

    it('are administered by actions named one by one, without a grant; only AWS services make grants on the stage key, for what it encrypts', () => {
      for (const stage of [outside, alone, dev]) {
        for (const [id, key] of keys(stage)) {
          const policy = keyPolicy(key);
          const admin = only(policy.filter((statement) => statement.Sid === 'Administer'));
          expect(actionsOf(admin), id).toEqual([...keyAdminActions].sort());
          const grants = policy.filter(
            (statement) => statement.Effect === 'Allow' && actionsOf(statement).some((action) => /^kms:(CreateGrant|Create\*|\*)$/.test(action)),
          );
          const sealing = /certificates and PINs/.test(key.Properties.Description);
          expect(
            grants.map((statement) => [actionsOf(statement), statement.Condition]),
            id,
          ).toEqual(sealing ? [] : [[['kms:CreateGrant'], { Bool: { 'kms:GrantIsForAWSResource': 'true' } }]]);
          expect(
            policy.flatMap(actionsOf).filter((action) => action.endsWith('*') && !/^kms:(GenerateDataKey|ReEncrypt)\*$/.test(action)),
            id,
          ).toEqual([]);
        }
      }
    });
  });

  describe('what alarms', () => {
    it('is a trail of every change in the account and of the deletes and locks in the stage bucket, kept outside the stage key', () => {
      const [, trail] = only(ofType(outside, 'AWS::CloudTrail::Trail'));
      const bucketId = stageBucket(outside)[0];
      expect(trail.Properties).toMatchObject({
        TrailName: 'steuerbote-prod-records',
        IsLogging: true,
        EnableLogFileValidation: true,
        IsMultiRegionTrail: false,
      });
      expect(trail.Properties).not.toHaveProperty('EventSelectors');
      expect(trail.Properties.AdvancedEventSelectors).toEqual([
        {
          Name: 'Changes',
          FieldSelectors: [
            { Field: 'eventCategory', Equals: ['Management'] },
            { Field: 'readOnly', Equals: ['false'] },
          ],
        },
        {
          Name: 'Deletes and locks in the stage bucket',
          FieldSelectors: [
            { Field: 'eventCategory', Equals: ['Data'] },
            { Field: 'resources.type', Equals: ['AWS::S3::Object'] },
            { Field: 'resources.ARN', StartsWith: [{ 'Fn::Join': ['', [arnOf(bucketId), '/']] }] },
            { Field: 'eventName', Equals: ['DeleteObject', 'DeleteObjects', 'PutObjectRetention', 'PutObjectLegalHold'] },
          ],
        },
      ]);
      const logs = outside.resources[trail.Properties.S3BucketName.Ref]!;
      expect(logs.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toEqual({ SSEAlgorithm: 'AES256' });
      expect(ofType(dev, 'AWS::CloudTrail::Trail')).toEqual([]);
    });

    it('tells the alarm topic of every key deletion, disabling, policy change and grant made by a person, and of every change that could erase a record', () => {
      const rules: Record<string, Record<string, any>> = Object.fromEntries(
        ofType(outside, 'AWS::Events::Rule')
          .filter(([, rule]) => rule.Properties.EventPattern)
          .map(([id, rule]) => [id.replace(/^Records/, '').replace(/[0-9A-F]{8}$/, ''), rule.Properties]),
      );
      expect(Object.keys(rules).sort()).toEqual(['KeyChanges', 'RecordChanges', 'WatchChanges']);
      const [topicId] = only(ofType(outside, 'AWS::SNS::Topic'));
      for (const rule of Object.values(rules)) {
        expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { Ref: topicId }, InputTransformer: expect.anything() })]);
        expect(JSON.stringify(rule.Targets[0].InputTransformer.InputTemplate)).toContain('docs/operations/a-key-or-a-record-was-changed.md');
      }
      const keyIds = keys(outside).map(([id]) => arnOf(id));
      expect(rules.KeyChanges!.EventPattern).toEqual({
        source: ['aws.kms'],
        'detail-type': ['AWS API Call via CloudTrail'],
        detail: {
          resources: { ARN: expect.arrayContaining(keyIds) },
          $or: [
            { eventName: ['ScheduleKeyDeletion', 'DisableKey', 'PutKeyPolicy'] },
            { eventName: ['CreateGrant'], userIdentity: { invokedBy: [{ exists: false }] } },
          ],
        },
      });
      const { detail } = rules.RecordChanges!.EventPattern;
      expect(detail.requestParameters).toEqual({ bucketName: [{ Ref: stageBucket(outside)[0] }] });
      expect(detail.$or[0].eventName).toEqual(
        expect.arrayContaining([
          'PutBucketLifecycle',
          'DeleteBucketLifecycle',
          'PutBucketPolicy',
          'DeleteObjects',
          'PutObjectRetention',
          'PutBucketReplication',
        ]),
      );
      // A version deleted by its ID, bypassing its lock or not; the sweep's deletes name none.
      expect(detail.$or[1]).toEqual({ eventName: ['DeleteObject'], requestParameters: { versionId: [{ exists: true }] } });
      expect(rules.WatchChanges!.EventPattern.detail.eventName).toEqual(
        expect.arrayContaining(['StopLogging', 'DeleteTrail', 'DeleteBackupVaultLockConfiguration', 'DeleteBackupPlan', 'DeleteRecoveryPoint']),
      );
      expect(ofType(dev, 'AWS::Events::Rule').filter(([id]) => id.startsWith('Records'))).toEqual([]);
    });

    it('lets EventBridge publish to the topic and use the stage key it is encrypted with', () => {
      const [keyId, key] = only(keys(outside).filter(([, each]) => /tables, bucket and queues/.test(each.Properties.Description)));
      const events = keyPolicy(key).filter((statement) => JSON.stringify(statement.Principal).includes('events.amazonaws.com'));
      expect(events.flatMap(actionsOf)).toEqual(expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey*']));
      const topicPolicy = only(ofType(outside, 'AWS::SNS::TopicPolicy'))[1].Properties.PolicyDocument.Statement as Statement[];
      expect(topicPolicy.some((statement) => statement.Effect === 'Allow' && JSON.stringify(statement.Principal).includes('events.amazonaws.com'))).toBe(true);
      expect(keyId).toBeDefined();
    });
  });

  describe('a production stage without a backup account', () => {
    const warnings = (context: Record<string, string>) =>
      Annotations.fromStack(stageStack({ ...context, '@aws-cdk/core:annotationsInValidationReport': false }, { bundle: false })).findWarning(
        '/Steuerbote-prod',
        Match.stringLikeRegexp('no copy outside this account'),
      );

    it('says in its synth output that its records have no copy outside the account', () => {
      expect(warnings({ stage: 'prod' })).toHaveLength(1);
      expect(warnings(outsideContext)).toEqual([]);
    });

    it('is the only kind with a backup account: settings that contradict it fail the synth', () => {
      expect(() => synth({ stage: 'dev', backupAccount }, { bundle: false })).toThrow(/"backupAccount" applies only to production stages/);
      expect(() => synth({ stage: 'dev', breakGlassRole }, { bundle: false })).toThrow(/"breakGlassRole" applies only to production stages/);
      expect(() => synth({ stage: 'prod', backupAccount }, { bundle: false })).toThrow(/"backupAccount" needs "account"/);
      expect(() => synth({ stage: 'prod', account, backupAccount: account }, { bundle: false })).toThrow(/another account/);
      expect(() => synth({ stage: 'prod', account, breakGlassRole: 'arn:aws:iam::333333333333:role/other' }, { bundle: false })).toThrow(
        /stage's account 111111111111/,
      );
      expect(() => synth({ stage: 'prod', account, backupAccount: '2222' }, { bundle: false })).toThrow(/12-digit AWS account ID/);
    });
  });

  it('lists nothing anywhere: no statement of either account allows s3:List*', () => {
    const lists = (statement: Pick<Statement, 'Effect' | 'Action'>) =>
      statement.Effect === 'Allow' && actionsOf(statement).some((action) => /^s3:(List|\*)/.test(action));
    const policies = [...Object.values(outside.resources), ...Object.values(copies)]
      .filter((resource) => ['AWS::IAM::Policy', 'AWS::S3::BucketPolicy'].includes(resource.Type))
      .flatMap((resource) => resource.Properties.PolicyDocument.Statement as Statement[]);
    expect(policies.filter(lists)).toEqual([]);
    expect(statements(outside, 'transmit').filter(lists)).toEqual([]);
  });
});
