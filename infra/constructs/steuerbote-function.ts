// Every steuerbote Lambda is built here, so runtime, bundling, logging and permissions follow one
// rule set; a function differs from another only by what its manifest entry says.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { resourceEnv, type Access, type FunctionSpec, type QueueName, type TableName } from '#infra/manifest.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const serviceVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;

export interface SteuerboteFunctionProps {
  readonly spec: FunctionSpec;
  /** Reported as SERVICE_BUILD, e.g. a commit hash. */
  readonly build: string;
  readonly tracing: boolean;
  /** Applies to the log group: production logs outlive the stack. */
  readonly removalPolicy: RemovalPolicy;
}

export class SteuerboteFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: SteuerboteFunctionProps) {
    const { spec } = props;
    super(scope, id, {
      entry: path.join(repoRoot, spec.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: spec.loadsTaxAuthority ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: spec.memoryMb ?? 256,
      timeout: Duration.seconds(spec.timeoutSeconds ?? 10),
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      // A log group of our own, rather than the one Lambda creates on first use, so retention is set.
      logGroup: new LogGroup(scope, `${id}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: props.removalPolicy,
      }),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'steuerbote',
        SERVICE_VERSION: serviceVersion,
        SERVICE_BUILD: props.build,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        // Some dependencies are CommonJS and call require(), which an ES module lacks.
        banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        minify: true,
        sourceMap: true,
        // Stack traces only need the mappings; leaving the sources out keeps packages small.
        sourcesContent: false,
        logLevel: LogLevel.WARNING,
      },
    });
  }

  bindTable({ name, table, access }: { name: TableName; table: ITable; access: Access }): void {
    if (access !== 'write') table.grantReadData(this);
    if (access !== 'read') table.grantWriteData(this);
    this.addEnvironment(resourceEnv.table(name), table.tableName);
  }

  /** `prefix` narrows the grant to the keys below it. */
  bindBucket({ bucket, access, prefix = '' }: { bucket: IBucket; access: Access; prefix?: string }): void {
    const keys = `${prefix}*`;
    if (access !== 'write') bucket.grantRead(this, keys);
    // grantPut, not grantWrite: no function deletes objects.
    if (access !== 'read') bucket.grantPut(this, keys);
    this.addEnvironment(resourceEnv.bucket, bucket.bucketName);
    if (prefix) this.addEnvironment(resourceEnv.bucketPrefix, prefix);
  }

  /** Send only: a consumer gets its rights from the queue's event source, not from a binding. */
  bindQueue({ name, queue, deadLetter = false }: { name: QueueName; queue: IQueue; deadLetter?: boolean }): void {
    queue.grantSendMessages(this);
    this.addEnvironment(deadLetter ? resourceEnv.deadLetterQueue(name) : resourceEnv.queue(name), queue.queueUrl);
  }
}
