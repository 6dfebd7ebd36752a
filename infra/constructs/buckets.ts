// What a bucket of steuerbote is, in either account: private and TLS only, its access logged to a
// bucket of its own; and one that keeps tax data versioned besides, under a KMS key.

import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { suppress } from '#infra/nag.ts';

/** Where a bucket's server access logs go: who read or wrote what, and when, apart from the data itself. */
export function accessLogBucket(
  scope: Construct,
  { days, removalPolicy, autoDeleteObjects = false }: { days: number; removalPolicy: RemovalPolicy; autoDeleteObjects?: boolean },
): Bucket {
  const logs = new Bucket(scope, 'AccessLogBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    // S3 delivers server access logs only to buckets encrypted with S3-managed keys.
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    lifecycleRules: [{ expiration: Duration.days(days) }],
    removalPolicy,
    autoDeleteObjects,
  });
  suppress(logs, 'S1', "This bucket receives server access logs; logging access to it would only record S3's own log deliveries.");
  return logs;
}

/** A bucket of tax data: private, TLS only, versioned, its access logged, each object under `key`. */
export const keptUnder = (key: IKey, accessLogs: IBucket): BucketProps => ({
  serverAccessLogsBucket: accessLogs,
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.KMS,
  encryptionKey: key,
  // Caches the data key per bucket instead of calling KMS for every object.
  bucketKeyEnabled: true,
  enforceSSL: true,
  versioned: true,
});
