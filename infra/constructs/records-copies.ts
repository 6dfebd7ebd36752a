// A production stage's records outside its own account (`-c backupAccount=…`): a stack of the backup
// account, a member of the same AWS Organization, deployed with that account's credentials. It holds
// a vault that the stage's AWS Backup copies the tables' backups into, and a bucket that S3 replicates
// the stage's protocols and Nutzdaten into, both under a key of this account that nobody may delete
// or disable, and both locked in compliance mode: no one, this account's root included, deletes a
// copy before its time. The stage's account may add copies and nothing else. The names are fixed by
// the stage and the account (`copiesOf`), so neither stack needs the other's outputs.

import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BackupVault, type LockConfiguration } from 'aws-cdk-lib/aws-backup';
import { AccountPrincipal, AccountRootPrincipal, AnyPrincipal, Effect, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Bucket, ObjectLockRetention } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { accessLogBucket, keptUnder } from '#infra/constructs/buckets.ts';
import { administer } from '#infra/constructs/key-policy.ts';

/** The names both accounts know the copies by. */
export function copiesOf(scope: Construct, stage: string, backupAccount: string) {
  const stack = Stack.of(scope);
  const keyAlias = `alias/steuerbote-${stage}-copies`;
  const bucket = `steuerbote-${stage}-records-${backupAccount}`;
  const vault = `steuerbote-${stage}-copies`;
  const arn = (service: string, resource: string, resourceName: string, arnFormat = ArnFormat.SLASH_RESOURCE_NAME) =>
    stack.formatArn({ service, account: backupAccount, resource, resourceName, arnFormat });
  return {
    vault,
    vaultArn: arn('backup', 'backup-vault', vault, ArnFormat.COLON_RESOURCE_NAME),
    bucket,
    bucketArn: stack.formatArn({ service: 's3', region: '', account: '', resource: bucket }),
    keyAlias,
    keyAliasArn: arn('kms', 'alias', keyAlias.slice('alias/'.length)),
    /** Every key of the backup account: the copies' key is known there by its alias only. */
    keysArn: arn('kms', 'key', '*'),
    replicationRole: `steuerbote-${stage}-records-replication`,
  };
}

export interface RecordsCopiesStackProps extends StackProps {
  readonly stage: string;
  /** The account of the stage, which may copy into the vault and replicate into the bucket. */
  readonly stageAccount: string;
  /** How long a protocol is kept in the stage: its copy is kept, and locked, as long. */
  readonly protocolDays: number;
  /** The bounds of the stage's own vault, which copies of its backups keep here. */
  readonly vaultLock: LockConfiguration;
}

export class RecordsCopiesStack extends Stack {
  constructor(scope: Construct, id: string, props: RecordsCopiesStackProps) {
    const { stage, stageAccount, protocolDays, vaultLock, ...stackProps } = props;
    super(scope, id, { description: `steuerbote ${stage}: copies of the records, outside the stage's account`, ...stackProps });
    const names = copiesOf(this, stage, this.account);
    const replicator = this.formatArn({ service: 'iam', region: '', account: stageAccount, resource: 'role', resourceName: names.replicationRole });

    const key = new Key(this, 'Key', {
      description: `steuerbote ${stage}: copies of the records`,
      alias: names.keyAlias,
      enableKeyRotation: true,
      pendingWindow: Duration.days(30),
      removalPolicy: RemovalPolicy.RETAIN,
      policy: new PolicyDocument(),
    });
    // Nobody may delete or disable it, whatever IAM allows: the copies are readable as long as they are kept.
    administer(key, { admins: [new AccountRootPrincipal()], guarded: {}, grantsForAwsResources: true });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'UseByIamGrants',
        principals: [new AccountRootPrincipal()],
        actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'],
        resources: ['*'],
      }),
    );
    // The stage's replication role encrypts the copies it writes, through S3 only. Named by its ARN in a
    // condition, as a principal KMS would have to find when the stage is deployed after this stack.
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'StageReplication',
        principals: [new AccountPrincipal(stageAccount)],
        actions: ['kms:Encrypt', 'kms:GenerateDataKey'],
        resources: ['*'],
        conditions: { ArnEquals: { 'aws:PrincipalArn': replicator }, StringEquals: { 'kms:ViaService': `s3.${this.region}.amazonaws.com` } },
      }),
    );

    new BackupVault(this, 'Vault', {
      backupVaultName: names.vault,
      encryptionKey: key,
      lockConfiguration: vaultLock,
      accessPolicy: new PolicyDocument({
        statements: [new PolicyStatement({ principals: [new AccountPrincipal(stageAccount)], actions: ['backup:CopyIntoBackupVault'], resources: ['*'] })],
      }),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Who read a copy, kept as long as the trail of the stage keeps who deleted one.
    const accessLogs = accessLogBucket(this, { days: 400, removalPolicy: RemovalPolicy.RETAIN });
    const bucket = new Bucket(this, 'Bucket', {
      ...keptUnder(key, accessLogs),
      bucketName: names.bucket,
      // What arrives without a lock of its own (a test filing's files) is locked as long as a protocol
      // is kept; a live record keeps the lock it was written with, to the same date.
      objectLockEnabled: true,
      objectLockDefaultRetention: ObjectLockRetention.compliance(Duration.days(protocolDays)),
      // A copy goes when its protocol's time is up, and S3 Lifecycle waits for its lock.
      lifecycleRules: [{ expiration: Duration.days(protocolDays), noncurrentVersionExpiration: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const fromStage = new AccountPrincipal(stageAccount);
    const asReplicator = { ArnEquals: { 'aws:PrincipalArn': replicator } };
    bucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [fromStage],
        actions: ['s3:ReplicateObject', 's3:ReplicateTags'],
        resources: [bucket.arnForObjects('*')],
        conditions: asReplicator,
      }),
    );
    bucket.addToResourcePolicy(
      new PolicyStatement({ principals: [fromStage], actions: ['s3:GetBucketVersioning'], resources: [bucket.bucketArn], conditions: asReplicator }),
    );
    // A lock replicated in governance mode binds like compliance here: nobody may bypass it, nor delete a version.
    bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'ErasingCopiesByNobody',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:BypassGovernanceRetention', 's3:DeleteObjectVersion'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
  }
}
