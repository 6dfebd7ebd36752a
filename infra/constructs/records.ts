// What keeps a production stage's records beyond a mistake or an attack: live filings' protocols
// and transmitted Nutzdaten under S3 Object Lock, each locked as it is written (RECORD_LOCK_DAYS,
// shared/transmission/transmit-ticket.ts), and copies of the tables in a locked AWS Backup vault.
// Restoring and erasing are in docs/operations.md.

import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { SteuerboteFunction } from '#infra/constructs/steuerbote-function.ts';
import { suppress } from '#infra/nag.ts';
import { bucketFolders } from '#shared/setting-names.ts';

/** Daily copies cover what point-in-time recovery covers, apart from the table; monthly ones a fault found late. */
export const backupRetention = { daily: Duration.days(35), monthly: Duration.days(366) };
/** Days in which the vault lock can still be removed; after them nobody can shorten a copy's life or delete the vault. */
export const vaultLockGraceDays = 3;

export interface RecordsProps {
  readonly stage: string;
  readonly bucket: IBucket;
  /** The functions that write protocols and lock the live ones. */
  readonly lockers: readonly SteuerboteFunction[];
  readonly tables: readonly ITable[];
  /** Encrypts the vault. */
  readonly key: IKey;
}

export class Records extends Construct {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: RecordsProps) {
    super(scope, id);
    // A retention is set with the PutObject that writes the version, and needs this beside s3:PutObject.
    // No function may change a retention later, bypass one or set a legal hold: that is an administrator's.
    for (const fn of props.lockers) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObjectRetention'], resources: [props.bucket.arnForObjects(`${bucketFolders.protocols}*`)] }));
    }

    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: `steuerbote-${props.stage}`,
      encryptionKey: props.key,
      // Compliance mode once the grace days are over: no one, the account's root included, can delete
      // a copy before its time, so a stolen administrator key cannot take the backups with the tables.
      lockConfiguration: {
        minRetention: backupRetention.daily,
        maxRetention: backupRetention.monthly,
        changeableFor: Duration.days(vaultLockGraceDays),
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `steuerbote-${props.stage}`,
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({ ruleName: 'Daily', scheduleExpression: Schedule.cron({ hour: '2', minute: '0' }), deleteAfter: backupRetention.daily }),
        new BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: Schedule.cron({ day: '1', hour: '3', minute: '0' }),
          deleteAfter: backupRetention.monthly,
        }),
      ],
    });
    const selection = plan.addSelection('Tables', { resources: props.tables.map((table) => BackupResource.fromDynamoDbTable(table)) });
    suppress(
      selection,
      'IAM4',
      "AWS Backup's own role policy for taking backups (service-role/AWSBackupServiceRolePolicyForBackup), which AWS keeps in step " +
        'with what each service asks of a backup; the role is assumed by AWS Backup alone and may restore nothing.',
      ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup'],
    );
  }
}
