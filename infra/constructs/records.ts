// What keeps a production stage's records beyond a mistake, an attack or an administrator of its
// account. In the account: live filings' protocols and transmitted Nutzdaten under S3 Object Lock,
// each locked as it is written (RECORD_LOCK_DAYS, shared/transmission/transmit-ticket.ts), which the
// bucket policy lets nobody but the break-glass role bypass, and whose versions it lets nobody else
// delete; copies of the tables that must survive (tickets, API keys) in a locked AWS Backup vault.
// Outside it, with `backupAccount`: those copies copied again, and every file of protocols/ replicated,
// into a vault and a bucket of the backup account under a key and locks of their own
// (records-copies.ts), which nobody in the stage's account can reach. A CloudTrail trail and
// EventBridge rules tell the alarm topic of every change that could undo that: a key deleted,
// disabled, its policy changed or a grant made by a person; a version deleted, a lock bypassed, the
// bucket's lifecycle, policy or replication changed; the trail, the backups or the vault's lock
// touched. Without `backupAccount` the stage says at synth that its records have no copy outside the
// account. Restoring, erasing and breaking glass are in docs/operations/.

import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault, type BackupPlanCopyActionProps } from 'aws-cdk-lib/aws-backup';
import { Trail } from 'aws-cdk-lib/aws-cloudtrail';
import type { CfnTrail } from 'aws-cdk-lib/aws-cloudtrail';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule, type EventPattern } from 'aws-cdk-lib/aws-events';
import { SnsTopic } from 'aws-cdk-lib/aws-events-targets';
import { AccountPrincipal, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { breakGlassOnly, keyDestroyingActions } from '#infra/constructs/key-policy.ts';
import { copiesOf, RecordsCopiesStack } from '#infra/constructs/records-copies.ts';
import type { SteuerboteFunction } from '#infra/constructs/steuerbote-function.ts';
import { nagArn, suppress } from '#infra/nag.ts';
import type { TableName } from '#shared/manifest.ts';
import { bucketFolders } from '#shared/setting-names.ts';

/** Daily copies cover what point-in-time recovery covers, apart from the table; monthly ones a fault found late. */
export const backupRetention = { daily: Duration.days(35), monthly: Duration.days(366) };
/** Days in which the vault lock can still be removed; after them nobody can shorten a copy's life or delete the vault. */
export const vaultLockGraceDays = 3;
/** The vault's bounds: a copy must live at least as long as the shortest rule keeps one, at most as long as the longest. */
export const vaultLock = { minRetention: backupRetention.daily, maxRetention: backupRetention.monthly, changeableFor: Duration.days(vaultLockGraceDays) };

/**
 * The tables that must survive the loss of the table itself: tickets (each filing's status, transfer
 * ticket and where its protocol is) and API keys (who the clients are). Not certificates, which a
 * client deletes for good; not idempotency records (24 hours), rate counters (a minute) or the sweep's
 * notes (about a day), which are worth nothing restored.
 */
export const backedUpTables = ['tickets', 'apiKeys'] as const satisfies readonly TableName[];

/** How long the trail's log files are kept: a year of who did what to the records and keys, and a month to read it in. */
const trailDays = 400;

export interface RecordsProps {
  readonly stage: string;
  readonly bucket: Bucket;
  /** Where the trail bucket's server access logs go. */
  readonly accessLogs: IBucket;
  /** The functions that write protocols and lock the live ones. */
  readonly lockers: readonly SteuerboteFunction[];
  readonly tables: Readonly<Record<TableName, ITable>>;
  /** The stage key: encrypts the vault and the alarm topic. */
  readonly key: IKey;
  /** The keys whose deletion, disabling, policy or grants the alarm topic hears of. */
  readonly watchedKeys: readonly IKey[];
  readonly topic: ITopic;
  /** Days a protocol is kept, and a live one locked: how long its copy is kept and locked too. */
  readonly protocolDays: number;
  readonly backupAccount?: string;
  readonly breakGlassRole?: string;
}

export class Records extends Construct {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: RecordsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const copies = props.backupAccount ? copiesOf(stack, props.stage, props.backupAccount) : undefined;
    if (copies) {
      new RecordsCopiesStack(stack.node.scope as Construct, `${stack.stackName}-copies`, {
        stage: props.stage,
        stageAccount: stack.account,
        protocolDays: props.protocolDays,
        vaultLock,
        env: { account: props.backupAccount, region: stack.region },
        terminationProtection: true,
      });
    } else {
      Annotations.of(stack).addWarningV2(
        'steuerbote:records-in-one-account',
        `Production stage ${props.stage} without -c backupAccount: its records (the tables' backups, protocols and Nutzdaten) have no copy outside ` +
          'this account, and whoever administers the account can take them with it (docs/reference/security.md, "Records that last").',
      );
    }

    // A retention is set with the PutObject that writes the version, and needs this beside s3:PutObject.
    // No function may change a retention later, bypass one or set a legal hold: that is an administrator's.
    for (const fn of props.lockers) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObjectRetention'], resources: [props.bucket.arnForObjects(`${bucketFolders.protocols}*`)] }));
    }
    // Erasing a locked record, or any old version, is the break-glass role's alone (docs/operations/erasing-a-locked-record.md). A request carrying x-amz-bypass-governance-retention needs
    // s3:BypassGovernanceRetention, so denying that action refuses every such request.
    props.bucket.addToResourcePolicy(
      breakGlassOnly('ErasingRecords', ['s3:BypassGovernanceRetention', 's3:DeleteObjectVersion'], [props.bucket.arnForObjects('*')], props.breakGlassRole),
    );

    this.vault = this.#backups(props, copies?.vaultArn);
    if (copies) this.#replicate(props, copies);
    this.#watch(props);
  }

  #backups(props: RecordsProps, copiesVaultArn: string | undefined): BackupVault {
    const vault = new BackupVault(this, 'Vault', {
      backupVaultName: `steuerbote-${props.stage}`,
      encryptionKey: props.key,
      // Compliance mode once the grace days are over: no one, the account's root included, can delete
      // a copy before its time. It does not outlive the key: the copies outside the account do.
      lockConfiguration: vaultLock,
      // A copy in the backup account may be copied back here to be restored (docs/operations/).
      ...(props.backupAccount && {
        accessPolicy: new PolicyDocument({
          statements: [
            new PolicyStatement({ principals: [new AccountPrincipal(props.backupAccount)], actions: ['backup:CopyIntoBackupVault'], resources: ['*'] }),
          ],
        }),
      }),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const outside = (deleteAfter: Duration): { copyActions?: BackupPlanCopyActionProps[] } =>
      copiesVaultArn
        ? { copyActions: [{ destinationBackupVault: BackupVault.fromBackupVaultArn(this, `Copies${deleteAfter.toDays()}`, copiesVaultArn), deleteAfter }] }
        : {};
    const plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `steuerbote-${props.stage}`,
      backupVault: vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: Schedule.cron({ hour: '2', minute: '0' }),
          deleteAfter: backupRetention.daily,
          ...outside(backupRetention.daily),
        }),
        new BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: Schedule.cron({ day: '1', hour: '3', minute: '0' }),
          deleteAfter: backupRetention.monthly,
          ...outside(backupRetention.monthly),
        }),
      ],
    });
    const selection = plan.addSelection('Tables', { resources: backedUpTables.map((name) => BackupResource.fromDynamoDbTable(props.tables[name])) });
    suppress(
      selection,
      'IAM4',
      "AWS Backup's own role policy for taking backups (service-role/AWSBackupServiceRolePolicyForBackup), which AWS keeps in step " +
        'with what each service asks of a backup and of a copy into another vault; the role is assumed by AWS Backup alone and may restore nothing.',
      ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup'],
    );
    return vault;
  }

  /**
   * Every version written under protocols/ is replicated to the records bucket of the backup account,
   * with the lock it was written with; deletes are not, so nothing done here reaches the copy.
   */
  #replicate(props: RecordsProps, copies: ReturnType<typeof copiesOf>): void {
    const { bucket } = props;
    const stack = Stack.of(this);
    const role = new Role(this, 'ReplicationRole', {
      roleName: copies.replicationRole,
      assumedBy: new ServicePrincipal('s3.amazonaws.com'),
      description: `steuerbote ${props.stage}: replicates protocols and Nutzdaten to the backup account`,
    });
    const viaS3 = { StringEquals: { 'kms:ViaService': `s3.${stack.region}.amazonaws.com` } };
    role.addToPolicy(new PolicyStatement({ actions: ['s3:GetReplicationConfiguration'], resources: [bucket.bucketArn] }));
    role.addToPolicy(
      new PolicyStatement({
        actions: [
          's3:GetObjectVersionForReplication',
          's3:GetObjectVersionAcl',
          's3:GetObjectVersionTagging',
          's3:GetObjectRetention',
          's3:GetObjectLegalHold',
        ],
        resources: [bucket.arnForObjects(`${bucketFolders.protocols}*`)],
      }),
    );
    role.addToPolicy(new PolicyStatement({ actions: ['kms:Decrypt'], resources: [props.key.keyArn], conditions: viaS3 }));
    role.addToPolicy(new PolicyStatement({ actions: ['s3:ReplicateObject', 's3:ReplicateTags'], resources: [`${copies.bucketArn}/*`] }));
    role.addToPolicy(new PolicyStatement({ actions: ['kms:Encrypt', 'kms:GenerateDataKey'], resources: [copies.keysArn], conditions: viaS3 }));
    suppress(
      role,
      'IAM5',
      'S3 replication reads every version written under protocols/ of the stage bucket, and writes its copy under any key of the ' +
        "backup account's records bucket; the key of that bucket is named by its alias there, and its key policy admits this role " +
        'alone, to encrypt through S3, so the grant on the keys of that account reaches no other key.',
      [`Resource::${nagArn(bucket)}/${bucketFolders.protocols}*`, `Resource::${copies.bucketArn}/*`, `Resource::${copies.keysArn}`],
    );
    (bucket.node.defaultChild as CfnBucket).replicationConfiguration = {
      role: role.roleArn,
      rules: [
        {
          id: 'RecordsToTheBackupAccount',
          status: 'Enabled',
          priority: 0,
          filter: { prefix: bucketFolders.protocols },
          deleteMarkerReplication: { status: 'Disabled' },
          sourceSelectionCriteria: { sseKmsEncryptedObjects: { status: 'Enabled' } },
          destination: { bucket: copies.bucketArn, account: props.backupAccount, encryptionConfiguration: { replicaKmsKeyId: copies.keyAliasArn } },
        },
      ],
    };
  }

  /** The trail the rules read, and the rules that tell the alarm topic what could undo the records. */
  #watch(props: RecordsProps): void {
    const logs = new Bucket(this, 'TrailBucket', {
      // Not the stage key: the record of who deleted a key must outlive that key.
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'trail/',
      lifecycleRules: [{ expiration: Duration.days(trailDays), noncurrentVersionExpiration: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const trail = new Trail(this, 'Trail', {
      trailName: `steuerbote-${props.stage}-records`,
      bucket: logs,
      isMultiRegionTrail: false,
      includeGlobalServiceEvents: false,
      enableFileValidation: true,
    });
    const cfnTrail = trail.node.defaultChild as CfnTrail;
    cfnTrail.addPropertyDeletionOverride('EventSelectors');
    cfnTrail.advancedEventSelectors = [
      // Every change made in the account: KMS records key events only as management events.
      { name: 'Changes', fieldSelectors: [equals('eventCategory', 'Management'), equals('readOnly', 'false')] },
      // The bucket's deletes and changes of locks, which are data events: its writes and reads are not recorded.
      {
        name: 'Deletes and locks in the stage bucket',
        fieldSelectors: [
          equals('eventCategory', 'Data'),
          equals('resources.type', 'AWS::S3::Object'),
          { field: 'resources.ARN', startsWith: [props.bucket.arnForObjects('')] },
          equals('eventName', 'DeleteObject', 'DeleteObjects', 'PutObjectRetention', 'PutObjectLegalHold'),
        ],
      },
    ];

    const byCloudTrail = (sources: string[], detail: Record<string, unknown>): EventPattern => ({
      source: sources,
      detailType: ['AWS API Call via CloudTrail'],
      detail,
    });
    this.#notify(
      'KeyChanges',
      byCloudTrail(['aws.kms'], {
        resources: { ARN: props.watchedKeys.map((key) => key.keyArn) },
        $or: [
          { eventName: [...keyDestroyingActions, 'PutKeyPolicy'].map((action) => action.replace('kms:', '')) },
          // A service making a grant for its own resource (a table, a backup) is invoked by it; a person is not.
          { eventName: ['CreateGrant'], userIdentity: { invokedBy: [{ exists: false }] } },
        ],
      }),
      props,
    );
    this.#notify(
      'RecordChanges',
      byCloudTrail(['aws.s3'], {
        requestParameters: { bucketName: [props.bucket.bucketName] },
        $or: [
          {
            eventName: [
              'DeleteObjects',
              'PutObjectRetention',
              'PutObjectLegalHold',
              'PutBucketLifecycle',
              'DeleteBucketLifecycle',
              'PutBucketPolicy',
              'DeleteBucketPolicy',
              'PutBucketReplication',
              'DeleteBucketReplication',
              'PutBucketVersioning',
              'PutObjectLockConfiguration',
            ],
          },
          // A version deleted by its ID, its lock bypassed or not; the sweep deletes without one.
          { eventName: ['DeleteObject'], requestParameters: { versionId: [{ exists: true }] } },
        ],
      }),
      props,
    );
    // What watches and keeps the records: the trail the rules read, the backups and the vault's lock.
    this.#notify(
      'WatchChanges',
      byCloudTrail(['aws.cloudtrail', 'aws.backup'], {
        eventName: [
          'StopLogging',
          'DeleteTrail',
          'UpdateTrail',
          'PutEventSelectors',
          'DeleteBackupVaultLockConfiguration',
          'DeleteBackupVault',
          'DeleteBackupPlan',
          'UpdateBackupPlan',
          'DeleteBackupSelection',
          'DeleteRecoveryPoint',
          'UpdateRecoveryPointLifecycle',
        ],
      }),
      props,
    );
  }

  /** A rule that sends each event of `eventPattern` to the alarm topic as one line, naming its runbook section. */
  #notify(id: string, eventPattern: EventPattern, props: RecordsProps): void {
    const field = (path: string) => EventField.fromPath(path);
    new Rule(this, id, {
      description: `steuerbote ${props.stage}: tells the alarm topic of ${id.replace(/(?<!^)([A-Z])/g, ' $1').toLowerCase()}`,
      eventPattern,
      targets: [
        new SnsTopic(props.topic, {
          message: RuleTargetInput.fromText(
            `steuerbote ${props.stage}: ${field('$.detail.eventName')} by ${field('$.detail.userIdentity.arn')} at ${field('$.time')} ` +
              `(error: ${field('$.detail.errorCode')}) with ${field('$.detail.requestParameters')}. ` +
              'What to do: docs/operations/a-key-or-a-record-was-changed.md.',
          ),
        }),
      ],
    });
  }
}

const equals = (field: string, ...values: string[]) => ({ field, equalTo: values });
