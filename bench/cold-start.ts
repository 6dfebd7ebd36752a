// Cold starts: every function of the manifest bundled as CDK bundles it, then, in a fresh Node
// process per sample, the time from `import()` of the bundle until its first invocation resolved,
// against a minimal handler (bench/minimal-handler.ts: one DynamoDB GetItem) bundled the same way,
// and each API function also against a handler making exactly the AWS calls of its first request
// (bench/same-calls.ts, recorded from the function itself): what remains above it is the function's own code.
//
// Bundling mirrors infra/constructs/steuerbote-function.ts, which bundles the AWS SDK (`bundleAwsSDK`)
// so a stage runs the SDK the tests ran, and ships no source maps. For comparison a few functions are
// also built the ways the construct does not (`variants`): leaving `@aws-sdk/*` and `@smithy/*` to the
// runtime (in those sample processes they come from this repository's node_modules, playing the
// runtime's own copy, loaded but not counted), or with source maps and --enable-source-maps.
//
// The first invocation does real I/O against the local stand-ins (the runtime is started once, its
// environment handed to every process): API functions get an API Gateway v2 event for a realistic
// request, queue consumers a one-record batch for a ticket that does not exist (their no-op path),
// the scheduled re-drive a scheduled event.

import { execFileSync, spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { formOpenapi } from '#shared/forms/openapi.ts';
import { kinds } from '#shared/forms/registry.ts';
import { apis, bundleAliases, functions, queues, submitFunction, validateFunction, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { sqsRecord } from '#shared/queue/sqs-record.ts';
import { bundleBudgetKb } from './bundle-budget.ts';
import { startQuietRuntime } from './quiet-runtime.ts';
import { recordFirstCalls, sameCallsSource, type Call } from './same-calls.ts';
import { compare, figure, type Row } from './stats.ts';

const samples = 15;
const maxApiRatio = 1.25;
/** Each API function against the same calls alone (bench/same-calls.ts). */
const maxSameCallsRatio = 1.2;
const repoRoot = resolve(import.meta.dirname, '..');

// Code only a function that transmits may carry: the PDF library (with its fonts and deflate), the
// tax authority's native bridge, and XML libraries beyond the one parser steuerbote uses. The example
// receiver, too, loads each PDF it is sent, to refuse what does not parse.
const heavyCode = /(?:^|\/)node_modules\/(pdf-lib|@pdf-lib\/[^/]+|pako|koffi|fast-xml-parser|xmlbuilder2?|xml2js|@xmldom\/[^/]+|sax|xml-js|libxmljs2?)\//;
const heavyAllowed: readonly FunctionName[] = ['transmit', 'receiverEndpoint'];
// The XML parser also serves the functions of the forms, which check a caller's own Nutzdaten before
// accepting them, as the API requires; it is the smallest of the candidates (about 28 KB minified).
const xmlParser = 'fast-xml-parser';
const xmlReaders = (Object.keys(functions) as FunctionName[]).filter((name) => (functions[name] as FunctionSpec).form !== undefined);

// The goals for API functions hold for those a caller meets: the example receiver is no production API.
const apiFunctions = new Set<string>(
  Object.values(apis)
    .filter((api) => api.production)
    .flatMap((api) => [api.fallback, ...api.routes.map((route) => route.function)]),
);
const queueConsumers = new Set<string>(Object.values(queues).map((queue) => queue.consumer));
type Variant = 'runtimeSdk' | 'sourceMaps';
/** Builds the construct does not make, each measured against the deployed build of the same functions in the same run. */
const variants: readonly { variant: Variant; label: string; functions: readonly FunctionName[]; env: Record<string, string>; row: string }[] = [
  // An API reader, a submission, the transmitter.
  { variant: 'runtimeSdk', label: "runtime's SDK", functions: ['getStatus', 'submitUstva', 'transmit'], env: {}, row: "SDK bundled vs the runtime's" },
  {
    variant: 'sourceMaps',
    label: 'source maps',
    functions: ['getStatus', 'submitUstva'],
    env: { NODE_OPTIONS: '--enable-source-maps' },
    row: 'without source maps vs with',
  },
];
const variantName = (name: FunctionName, label: string) => `${name} (${label})`;
const sameCallsName = (name: FunctionName) => `${name}.sameCalls`;
/** `GetItem, UpdateItem, 2× PutItem`: a recorded first request's calls by command, in order of first use. */
const summary = (calls: readonly Call[]) => {
  const counts = new Map<string, number>();
  for (const { command } of calls) counts.set(command.replace(/Command$/, ''), (counts.get(command.replace(/Command$/, '')) ?? 0) + 1);
  return [...counts].map(([command, count]) => (count > 1 ? `${count}× ${command}` : command)).join(', ') || 'none';
};
const sdkPackage = /^@(aws-sdk|smithy|aws-crypto|aws)\//;

interface Sample {
  importMs: number;
  invokeMs: number;
  status: string;
}

export async function coldStart(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'steuerbote-coldstart-'));
  // Where the bundles look for the runtime-provided @aws-sdk/* and @smithy/*.
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // As the construct ships them (besideTheBundle in infra/constructs/steuerbote-function.ts): each form's
  // structure files beside the bundles of the functions that check a caller's XML or re-check it.
  await mkdir(join(dir, 'structure'));
  for (const kind of kinds) {
    const folder = join(repoRoot, 'shared/forms', kind, 'structure');
    for (const file of await readdir(folder)) if (file.endsWith('.json')) await copyFile(join(folder, file), join(dir, 'structure', file));
  }
  // And the OpenAPI document beside those that serve it, written as the construct writes it.
  execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', join(repoRoot, 'scripts/openapi/write.ts'), join(dir, 'openapi.json')]);
  // No pollers: each submission's sample would set the runtime's transmit poller building a PDF
  // beside the samples after it, a load that fell on the functions measured after the submits and
  // never on the minimal handlers that open each round.
  // A first call pays for the per-client budget as deployed: the runtime's budget is off for load, not here.
  const budget = { RATE_LIMIT_PER_MINUTE: '600' };
  const runtime = await startQuietRuntime(join(dir, 'data'), { pollerConcurrency: 0, env: budget });
  try {
    const names = Object.keys(functions) as FunctionName[];
    const invocations = invocationsFor(runtime.apiKey);
    const apiNames = names.filter((name) => apiFunctions.has(name));
    const firstCalls = await recordFirstCalls(new Map(apiNames.map((name) => [name, invocations[name].event])), [missingTicket]);
    const sameCalls = apiNames.map((name) => ({ name: sameCallsName(name), of: name, calls: firstCalls.get(name)!, expect: invocations[name].expect }));
    for (const { name, calls, expect } of sameCalls) await writeFile(join(dir, `${name}.mjs`), sameCallsSource(calls, Number(expect)));
    // Every build measured, by name: the functions as deployed, the baselines, and the variants.
    const builds = new Map(
      await Promise.all(
        [
          ...names.map((name) => ({ name, entry: functions[name].entry, alias: bundleAliases(functions[name]), ...invocations[name] })),
          { name: 'minimal', entry: 'bench/minimal-handler.ts', ...minimalInvocation },
          ...sameCalls.map(({ name, expect }) => ({ name, entry: join(dir, `${name}.mjs`), event: {}, expect })),
          ...variants.flatMap(({ variant, label, functions: built, env: variantEnv }) =>
            built.map((fn) => ({
              name: variantName(fn, label),
              entry: functions[fn].entry,
              alias: bundleAliases(functions[fn]),
              ...invocations[fn],
              variant,
              env: variantEnv,
            })),
          ),
        ].map(async ({ name, entry, alias, event, expect, variant, env: variantEnv }: Build) => {
          const eventFile = join(dir, `${name}.event.json`);
          await writeFile(eventFile, JSON.stringify(event));
          const built = await bundle(resolve(repoRoot, entry), join(dir, `${name}.bundle.mjs`), alias, variant);
          return [name, { built, eventFile, expect, env: variantEnv }] as const;
        }),
      ),
    );

    const driver = join(dir, 'driver.mjs');
    await writeFile(driver, driverSource);
    const env: Record<string, string | undefined> = {
      ...process.env,
      POWERTOOLS_SERVICE_NAME: 'steuerbote',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      SERVICE_BUILD: 'bench',
      ...budget,
    };

    // Rounds of every build, one discarded first (file cache, stand-ins' first requests), each in
    // its own shuffled order, so that whatever the machine does meanwhile (the stand-ins' storage
    // settling after the submissions' writes) falls on every function and baseline alike.
    const measured = new Map<string, Sample[]>();
    const random = seeded(20261126);
    for (let round = 0; round <= samples; round++) {
      for (const name of shuffled([...builds.keys()], random)) {
        const { built, eventFile, expect, env: variantEnv } = builds.get(name)!;
        const sample = await runSample(driver, built.file, eventFile, { ...env, ...variantEnv });
        if (sample.status !== expect) throw new Error(`bench: cold start of ${name} answered ${sample.status}, expected ${expect}`);
        if (round > 0) measured.set(name, [...(measured.get(name) ?? []), sample]);
      }
    }
    const bundleOf = (name: string) => builds.get(name)!.built;

    const total = (name: string) => figure(measured.get(name)!.map((s) => s.importMs + s.invokeMs));
    const baseline = total('minimal');
    const rows: Row[] = [];
    for (const name of names) {
      const isApi = apiFunctions.has(name);
      // The goal is for steuerbote's own code and its other dependencies; the SDK beside it is measured below.
      const kb = (bundleOf(name).bytes - bundleOf(name).sdkBytes) / 1024;
      rows.push(
        compare(
          {
            section: 'coldstart',
            name: `${name} bundle without the SDK`,
            unit: 'KB',
            value: figure([kb]),
            goal: isApi ? `<= ${bundleBudgetKb(name)} KB` : undefined,
          },
          isApi ? { value: bundleBudgetKb(name) } : undefined,
        ),
      );
      rows.push(compare({ section: 'coldstart', name: `${name} bundle with the SDK`, unit: 'KB', value: figure([bundleOf(name).bytes / 1024]) }));
    }
    for (const { label, functions: built } of variants) {
      for (const name of built.map((fn) => variantName(fn, label))) {
        rows.push(compare({ section: 'coldstart', name: `${name} bundle`, unit: 'KB', value: figure([bundleOf(name).bytes / 1024]) }));
      }
    }
    rows.push(compare({ section: 'coldstart', name: 'minimal handler bundle', unit: 'KB', value: figure([bundleOf('minimal').bytes / 1024]) }));
    for (const name of names) {
      const isApi = apiFunctions.has(name);
      rows.push(
        compare(
          {
            section: 'coldstart',
            name: `${name} import + 1st call${queueConsumers.has(name) ? ' (queue)' : ''}`,
            unit: 'ms',
            value: total(name),
            baseline,
            goal: isApi ? `ratio <= ${maxApiRatio}` : undefined,
          },
          isApi ? { ratio: maxApiRatio } : undefined,
        ),
      );
    }

    // Each API function against the same AWS calls alone: what remains above them is its own code.
    for (const { name, of, calls } of sameCalls) {
      rows.push(
        compare(
          {
            section: 'coldstart',
            name: `${of} import + 1st call vs its ${calls.length} AWS call(s) alone (${summary(calls)})`,
            unit: 'ms',
            value: total(of),
            baseline: total(name),
            goal: `ratio <= ${maxSameCallsRatio}`,
          },
          { ratio: maxSameCallsRatio },
        ),
      );
    }

    // The deployed build against each variant, for the same function in the same run.
    for (const { label, functions: built, row } of variants) {
      for (const name of built) {
        rows.push(
          compare({
            section: 'coldstart',
            name: `${name} import + 1st call, ${row}`,
            unit: 'ms',
            value: total(name),
            baseline: total(variantName(name, label)),
          }),
        );
      }
    }

    const carrying = names.filter((name) => bundleOf(name).heavy.some((lib) => !(lib === xmlParser && xmlReaders.includes(name))));
    const stray = carrying.filter((name) => !heavyAllowed.includes(name));
    rows.push({
      section: 'coldstart',
      name: `heavy code (pdf-lib, koffi, XML beyond the parser of submit/validate) in: ${carrying.join(', ') || 'none'}`,
      unit: 'functions',
      value: figure([carrying.length]),
      goal: `only ${heavyAllowed.join(', ')}`,
      met: stray.length === 0,
    });

    // The breakdown behind the rows, for diagnosis: where each bundle's bytes and each start's time go.
    for (const name of [...names, 'minimal', ...sameCalls.map((each) => each.name)]) {
      const built = bundleOf(name);
      const runs = measured.get(name)!;
      const importMs = figure(runs.map((s) => s.importMs)).median;
      const invokeMs = figure(runs.map((s) => s.invokeMs)).median;
      const top = built.packages
        .slice(0, 5)
        .map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)}K`)
        .join(', ');
      console.error(
        `coldstart: ${name.padEnd(16)} import ${importMs.toFixed(0).padStart(4)} ms, 1st call ${invokeMs.toFixed(0).padStart(4)} ms; ` +
          `biggest: ${top}${built.heavy.length ? `; heavy: ${built.heavy.join(', ')}` : ''}`,
      );
    }
    return rows;
  } finally {
    await runtime.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

interface Bundle {
  file: string;
  bytes: number;
  /** Bytes of the AWS SDK and its helpers in the output. */
  sdkBytes: number;
  /** Heavy packages among the bundle's inputs. */
  heavy: string[];
  /** Bytes in the output by package (node_modules package, or "own code"), largest first. */
  packages: [string, number][];
}

/** esbuild with the options NodejsFunction passes for the construct's `bundling` settings, or for one of the `variants`. */
async function bundle(entry: string, outfile: string, alias: Record<string, string> = {}, variant: Variant | 'deployed' = 'deployed'): Promise<Bundle> {
  const result = await build({
    entryPoints: [entry],
    alias,
    outfile,
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    minify: true,
    sourcemap: variant === 'sourceMaps',
    sourcesContent: false,
    // A stage without tracing leaves the tracer out (infra/constructs/steuerbote-function.ts).
    external: ['@aws-lambda-powertools/tracer', ...(variant === 'runtimeSdk' ? ['@aws-sdk/*', '@smithy/*'] : [])],
    logLevel: 'warning',
    metafile: true,
  });
  const metafile: Metafile = result.metafile!;
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint)!;
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? 'own code';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  // The S3 client of the SDK reads S3's XML answers with fast-xml-parser: there it is the SDK's, not heavy code of ours.
  const withS3 = Object.keys(metafile.inputs).some((path) => path.includes('node_modules/@aws-sdk/client-s3/'));
  const heavy = [...new Set(Object.keys(metafile.inputs).flatMap((path) => heavyCode.exec(path)?.[1] ?? []))].filter((lib) => !(withS3 && lib === xmlParser));
  const sdkBytes = [...byPackage].filter(([pkg]) => sdkPackage.test(pkg)).reduce((sum, [, bytes]) => sum + bytes, 0);
  return {
    file: outfile,
    bytes: (await stat(outfile)).size,
    sdkBytes,
    heavy,
    packages: [...byPackage].sort((a, b) => b[1] - a[1]),
  };
}

function runSample(driver: string, bundleFile: string, eventFile: string, env: Record<string, string | undefined>): Promise<Sample> {
  return new Promise((resolveSample, reject) => {
    const child = spawn(process.execPath, [driver, bundleFile, eventFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((text) => text.startsWith(marker));
      if (code !== 0 || !line) return reject(new Error(`bench: cold-start sample of ${bundleFile} failed (${code}): ${err.slice(-2000)}`));
      resolveSample(JSON.parse(line.slice(marker.length)) as Sample);
    });
  });
}

const marker = 'COLDSTART ';

// Runs in the sample process: the clock starts just before the bundle is imported.
const driverSource = `
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const context = {
  callbackWaitsForEmptyEventLoop: true, functionName: 'bench', functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-central-1:000000000000:function:bench', memoryLimitInMB: '256',
  awsRequestId: 'c0ffee00-0000-4000-8000-000000000000', logGroupName: '/aws/lambda/bench', logStreamName: 'bench',
  getRemainingTimeInMillis: () => 10000, done() {}, fail() {}, succeed() {},
};
// The stand-ins answer plain HTTP, for which the SDK imports node:http as an ES module on its first
// call (@smithy/node-http-handler), and that import costs ~25 ms of undici behind http's exports. On
// AWS the endpoints are HTTPS and it never happens: loaded before the clock, so no sample counts it.
await import('node:http');
const started = performance.now();
const { handler } = await import(pathToFileURL(bundle).href);
const imported = performance.now();
const result = await handler(event, context);
const finished = performance.now();
const status = result && 'statusCode' in result ? String(result.statusCode) : 'failures:' + (result?.batchItemFailures?.length ?? 0);
process.stdout.write(${JSON.stringify(marker)} + JSON.stringify({ importMs: imported - started, invokeMs: finished - imported, status }) + '\\n', () => process.exit(0));
`;

/** A build to measure: its entry, bundled as deployed or as a variant, and its first invocation. */
interface Build extends Invocation {
  name: string;
  entry: string;
  alias?: Record<string, string>;
  variant?: Variant;
  env?: Record<string, string>;
}

interface Invocation {
  event: unknown;
  /** statusCode of an API answer, or `failures:N` for a batch (`failures:0` for any other answer). */
  expect: string;
}

const missingTicket = 'tk_AAAAAAAAAAAAAAAAAAAAAA';
const missingNotice = 'ntc_AAAAAAAAAAAAAAAAAAAAAA';
const missingCheck = 'chk_AAAAAAAAAAAAAAAAAAAAAA';
const minimalInvocation: Invocation = { event: { pathParameters: { ticket: missingTicket } }, expect: '404' };

/** A request as API Gateway's HTTP API (payload format 2.0) hands it to a function. */
function apiEvent(
  method: string,
  path: string,
  route: string | undefined,
  options: { key?: string; body?: unknown; pathParameters?: Record<string, string> } = {},
) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    accept: '*/*',
    host: 'api.steuerbote.example',
    'user-agent': 'curl/8.5.0',
    'x-forwarded-for': '203.0.113.7',
    'x-forwarded-port': '443',
    'x-forwarded-proto': 'https',
    ...(options.key && { authorization: `Bearer ${options.key}` }),
    ...(body !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  const routeKey = route ? `${method} ${route}` : '$default';
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'bench',
      domainName: headers.host,
      domainPrefix: 'api',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: headers['user-agent'] },
      requestId: 'Bench0000000000=',
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(options.pathParameters && { pathParameters: options.pathParameters }),
    ...(body !== undefined && { body }),
    isBase64Encoded: false,
  };
}

function sqsEvent(queue: string, body: unknown) {
  const origin = {
    messageId: '00000000-0000-4000-8000-000000000001',
    receiptHandle: 'bench-receipt',
    eventSourceARN: `arn:aws:sqs:eu-central-1:000000000000:${queue}`,
    awsRegion: 'eu-central-1',
    senderId: 'bench',
  };
  return { Records: [sqsRecord(JSON.stringify(body), origin)] };
}

type FormFunctionName = ReturnType<typeof submitFunction | typeof validateFunction>;

/**
 * One realistic first request per function; a new function in the manifest needs one here. A form's
 * two take its contract example (shared/forms/{kind}/openapi.ts).
 */
function invocationsFor(key: string): Record<FunctionName, Invocation> {
  const forms = kinds.flatMap((kind) => {
    const body = formOpenapi[kind].examples.contract.value;
    return [
      [submitFunction(kind), { event: apiEvent('POST', `/v2/${kind}`, `/v2/${kind}`, { key, body }), expect: '202' }],
      [validateFunction(kind), { event: apiEvent('POST', `/v2/${kind}/validate`, `/v2/${kind}/validate`, { key, body }), expect: '200' }],
    ] as const;
  });
  return { ...(Object.fromEntries(forms) as Record<FormFunctionName, Invocation>), ...otherInvocations(key) };
}

function otherInvocations(key: string): Record<Exclude<FunctionName, FormFunctionName>, Invocation> {
  const ticket = { ticket: missingTicket };
  // The smallest PDF that parses, as the receiver demands: a catalog, a page tree and one page.
  const tinyPdf = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  ).toString('base64');
  return {
    getOpenapi: { event: apiEvent('GET', '/v2/openapi.json', '/v2/openapi.json'), expect: '200' },
    getDocs: { event: apiEvent('GET', '/v2/docs', '/v2/docs'), expect: '200' },
    getStatus: { event: apiEvent('GET', `/v2/status/${missingTicket}`, '/v2/status/{ticket}', { key, pathParameters: ticket }), expect: '404' },
    getTicket: { event: apiEvent('GET', `/v2/ticket/${missingTicket}`, '/v2/ticket/{ticket}', { key, pathParameters: ticket }), expect: '404' },
    getProtocol: { event: apiEvent('GET', `/v2/protocol/${missingTicket}`, '/v2/protocol/{ticket}', { key, pathParameters: ticket }), expect: '404' },
    getNutzdaten: {
      event: apiEvent('GET', `/v2/ticket/${missingTicket}/nutzdaten`, '/v2/ticket/{ticket}/nutzdaten', { key, pathParameters: ticket }),
      expect: '404',
    },
    listWebhookAttempts: {
      event: apiEvent('GET', `/v2/ticket/${missingTicket}/webhooks`, '/v2/ticket/{ticket}/webhooks', { key, pathParameters: ticket }),
      expect: '404',
    },
    createCertificate: { event: apiEvent('POST', '/v2/certificates', '/v2/certificates', { key, body: '{}' }), expect: '422' },
    listCertificates: { event: apiEvent('GET', '/v2/certificates', '/v2/certificates', { key }), expect: '200' },
    listTickets: { event: apiEvent('GET', '/v2/tickets', '/v2/tickets', { key }), expect: '200' },
    listEvents: { event: apiEvent('GET', '/v2/events', '/v2/events', { key }), expect: '200' },
    getCertificate: {
      event: apiEvent('GET', '/v2/certificates/crt_AAAAAAAAAAAAAAAAAAAAAA', '/v2/certificates/{certificate_id}', {
        key,
        pathParameters: { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' },
      }),
      expect: '404',
    },
    deleteCertificate: {
      event: apiEvent('DELETE', '/v2/certificates/crt_AAAAAAAAAAAAAAAAAAAAAA', '/v2/certificates/{certificate_id}', {
        key,
        pathParameters: { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' },
      }),
      expect: '404',
    },
    setMailboxSchedule: {
      event: apiEvent('POST', '/v2/certificates/crt_AAAAAAAAAAAAAAAAAAAAAA/mailbox-checks', '/v2/certificates/{certificate_id}/mailbox-checks', {
        key,
        pathParameters: { certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' },
        body: { mailbox_checks: null },
      }),
      expect: '404',
    },
    createAttachment: { event: apiEvent('POST', '/v2/attachments', '/v2/attachments', { key, body: { name: 'a.pdf' } }), expect: '422' },
    createMailboxCheck: { event: apiEvent('POST', '/v2/mailbox/checks', '/v2/mailbox/checks', { key, body: { test: 'yes' } }), expect: '422' },
    getMailboxCheck: {
      event: apiEvent('GET', `/v2/mailbox/checks/${missingCheck}`, '/v2/mailbox/checks/{check_id}', { key, pathParameters: { check_id: missingCheck } }),
      expect: '404',
    },
    listNotices: { event: apiEvent('GET', '/v2/notices', '/v2/notices', { key }), expect: '200' },
    getNotice: {
      event: apiEvent('GET', `/v2/notices/${missingNotice}`, '/v2/notices/{notice_id}', { key, pathParameters: { notice_id: missingNotice } }),
      expect: '404',
    },
    getNoticeFile: {
      event: apiEvent('GET', `/v2/notices/${missingNotice}/data`, '/v2/notices/{notice_id}/data', { key, pathParameters: { notice_id: missingNotice } }),
      expect: '404',
    },
    listTicketNotices: {
      event: apiEvent('GET', `/v2/ticket/${missingTicket}/notices`, '/v2/ticket/{ticket}/notices', { key, pathParameters: ticket }),
      expect: '404',
    },
    getVersion: { event: apiEvent('GET', '/v2/version', '/v2/version'), expect: '200' },
    notFound: { event: apiEvent('GET', '/v2/nothing', undefined, { key }), expect: '404' },
    receiverNotFound: { event: apiEvent('GET', '/dummy/nothing', undefined), expect: '404' },
    receiverEndpoint: {
      event: apiEvent('POST', '/dummy/hook-endpoint', '/dummy/hook-endpoint', {
        body: { ticket: missingTicket, file_name: 'protocol.pdf', file_content: tinyPdf, store: false },
      }),
      expect: '200',
    },
    receiverRun: {
      event: apiEvent('GET', `/dummy/hook-run/${missingTicket}`, '/dummy/hook-run/{ticket}', { key, pathParameters: { ticket: missingTicket } }),
      expect: '404',
    },
    resendWebhook: {
      event: apiEvent('POST', `/v2/ticket/${missingTicket}/webhooks`, '/v2/ticket/{ticket}/webhooks', { key, pathParameters: ticket }),
      expect: '404',
    },
    transmit: { event: sqsEvent('steuerbote-transmit', ticket), expect: 'failures:0' },
    deliverWebhook: { event: sqsEvent('steuerbote-webhook', { ...ticket, webhook_id: 'msg_bench' }), expect: 'failures:0' },
    checkMailbox: { event: sqsEvent('steuerbote-mailbox', { check_id: missingCheck }), expect: 'failures:0' },
    mailboxUpkeep: { event: { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} }, expect: 'failures:0' },
    redrive: { event: { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} }, expect: 'failures:0' },
    sweep: { event: { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} }, expect: 'failures:0' },
    certificateExpiry: { event: { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} }, expect: 'failures:0' },
    resealCertificates: { event: { 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} }, expect: 'failures:0' },
  };
}

/** Park and Miller's minimal generator: deterministic, so a run's orders can be repeated. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

/** Fisher-Yates. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
