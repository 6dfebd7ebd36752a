// The functions a caller waits for stay small: each submit and validate bundle, built as
// infra/constructs/steuerbote-function.ts builds it, stays within its budget without the AWS SDK
// (bench/bundle-budget.ts, the goal bench/cold-start.ts reports), and carries no schema structure:
// those are shipped beside the bundle of the functions that check that form (`checksStructure` in
// shared/manifest.ts) and read when a form and year is first checked. Each carries its own form's code alone: one entry serves
// every form's functions, bundled per form with `#form/` standing for its folder (bundleAliases).
import { build, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { formFacts, kinds } from '#shared/forms/registry.ts';
import { fontFiles } from '#shared/sandbox/font-files.ts';
import { bundleAliases, functions, submitFunction, validateFunction, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { bundleBudgetKb } from '../../bench/bundle-budget.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');

// As infra/constructs/steuerbote-function.ts builds a stage without tracing: the tracer left out.
const options = {
  absWorkingDir: repoRoot,
  bundle: true,
  write: false as const,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  external: ['@aws-sdk/*', '@smithy/*', 'koffi', '@aws-lambda-powertools/tracer'],
  logLevel: 'silent',
  metafile: true as const,
} satisfies BuildOptions;

// Several tests ask of the same function's bundle: it is built once.
const bundles = new Map<FunctionName, ReturnType<typeof buildBundle>>();
function bundle(name: FunctionName) {
  if (!bundles.has(name)) bundles.set(name, buildBundle(name));
  return bundles.get(name)!;
}

async function buildBundle(name: FunctionName) {
  const spec = functions[name];
  const result = await build({ ...options, alias: bundleAliases(spec), entryPoints: [path.join(repoRoot, spec.entry)], outfile: 'index.mjs' });
  // `inputs`: every file read; `carried`: those with code left in the bundle once unused code is dropped.
  const output = Object.values(result.metafile.outputs).find((out) => out.entryPoint)!;
  return {
    bytes: result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.contents.byteLength,
    inputs: Object.keys(result.metafile.inputs),
    carried: Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
  };
}

/**
 * The modules the one-file bundle Lambda runs evaluates as it starts. esbuild wraps each module that
 * some path imports dynamically, and each module such a module imports, in an init function
 * (`var init_x = __esm({ "path"() {…} })`) whose body first calls the inits of its imports; an
 * `import()` becomes `Promise.resolve().then(() => (init_x(), x_exports))` inside the caller's
 * function. So the modules evaluated at start are those left unwrapped, and the wrapped ones whose
 * init is called at the top level of the bundle or by an init that is, read from the unminified output.
 */
async function startsWith(name: FunctionName): Promise<string[]> {
  const spec = functions[name];
  const result = await build({ ...options, minify: false, alias: bundleAliases(spec), entryPoints: [spec.entry], outfile: 'index.mjs' });
  const text = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
  const output = Object.values(result.metafile.outputs).find((out) => out.entryPoint)!;
  const carried = Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []));
  const wrapped = new Map<string, { module: string; imports: string[] }>();
  for (const [, init, module, body] of text.matchAll(/^var (init_\w+) = __esm\(\{\n {2}"([^"]+)"\(\) \{\n([^]*?)^ {2}\}\n\}\);$/gm))
    wrapped.set(init!, { module: module!, imports: [...body!.matchAll(/^ {4}(init_\w+)\(\);$/gm)].map((call) => call[1]!) });
  const started = new Set([...text.matchAll(/^(init_\w+)\(\);$/gm)].map((call) => call[1]!));
  for (const init of started) for (const imported of wrapped.get(init)?.imports ?? []) started.add(imported);
  const wrappedModules = new Set([...wrapped.values()].map(({ module }) => module));
  return [...carried.filter((input) => !wrappedModules.has(input)), ...[...started].map((init) => wrapped.get(init)!.module)];
}

const formFunctions = kinds.flatMap(
  (kind) =>
    [
      [submitFunction(kind), kind],
      [validateFunction(kind), kind],
    ] as const,
);

describe('the bundles of submit and validate', () => {
  it.each(formFunctions)(
    '%s stays within its size without the SDK, carries no schema structure, no other form and the notices only where its form reads them, and has its own form beside it',
    async (name, kind) => {
      const { bytes, inputs, carried } = await bundle(name);
      expect(bytes).toBeLessThanOrEqual(bundleBudgetKb(name) * 1024);
      expect(inputs.filter((input) => input.includes('/structure/') || input.endsWith('.json'))).toEqual([]);
      const formFolder = /^shared\/forms\/(\w+)\//;
      const others = inputs.filter(
        (input) => formFolder.exec(input)?.[1] !== undefined && formFolder.exec(input)?.[1] !== kind && !input.endsWith('/facts.ts'),
      );
      expect(others).toEqual([]);
      expect(inputs).toContain(`shared/forms/${kind}/check.ts`);
      expect(functions[name].checksStructure).toEqual([kind]);
      // Only a form whose body may name a notice (the appeal's `notice_id`) reads the caller's notices.
      const notices = ['shared/adapters/dynamodb-notice-store.ts', 'shared/wiring/named-notice.ts'];
      expect(carried.filter((input) => notices.includes(input)).sort()).toEqual(formFacts[kind].readsNotices ? notices : []);
    },
  );

  // The income tax return's module gathers the sandbox's re-check with the protocol's figures of
  // every Anlage, which only the functions that transmit need (shared/forms/est/validation.ts).
  it.each(['submitEst', 'validateEst'] as const)('%s carries the check of the income tax return, not its module', async (name) => {
    const { inputs } = await bundle(name);
    expect(inputs).toContain('shared/forms/est/check.ts');
    expect(inputs).not.toContain('shared/forms/est/module.ts');
  });

  // ERiC's checks need no certificate: the stage's credentials, read from Secrets Manager, are the transmitting functions' alone.
  it.each(kinds.map(validateFunction))("%s carries ERiC's checks without the stage's credentials", async (name) => {
    const { carried } = await bundle(name);
    expect(carried).toContain('shared/eric/eric-tax-authority.ts');
    expect(carried.filter((input) => input === 'shared/eric/credentials.ts' || input.includes('@aws-lambda-powertools/parameters'))).toEqual([]);
  });

  // Most submissions carry structured fields: the reader of a caller's XML is imported only for one that
  // carries XML, so the function does not evaluate it as it starts (BENCHMARKS.md, "Cold starts"). The
  // checks of the UStE, the KSt, the GewSt, the Anlage EÜR and the letters read the XML they write from a body, so they need their reader for every body.
  const xmlReader = /^shared\/(forms\/\w+\/xml-reader|xml\/caller-nutzdaten)\.ts$/;
  const readsXmlOfEveryBody: readonly Kind[] = ['ust', 'kst', 'gewst', 'euer', 'einspruch', 'nachricht', 'fristverlaengerung', 'anpassung_vorauszahlung'];
  it.each(kinds.filter((kind) => !readsXmlOfEveryBody.includes(kind)).map(submitFunction))('%s starts without the XML reader', async (name) => {
    const { carried } = await bundle(name);
    const started = await startsWith(name);
    expect(carried).toContain('shared/xml/caller-nutzdaten.ts');
    expect(started).toContain(functions[name].entry);
    expect(started.filter((input) => xmlReader.test(input))).toEqual([]);
  });
});

// A reader of a stored file loads the S3 client only once the ticket is found and owned, so a refused
// or unknown ticket is answered without it (BENCHMARKS.md, "Cold starts"); submit stores the body at once.
describe('the S3 client', () => {
  const s3 = ['shared/adapters/s3-client.ts', 'shared/adapters/s3-stores.ts'];
  it.each(['getProtocol', 'getNutzdaten'] as const)('is carried by %s but not evaluated as it starts', async (name) => {
    const { carried } = await bundle(name);
    expect(carried).toEqual(expect.arrayContaining(s3));
    expect((await startsWith(name)).filter((input) => s3.includes(input))).toEqual([]);
  });

  it('is evaluated as submitUstva starts', async () => {
    expect(await startsWith('submitUstva')).toEqual(expect.arrayContaining(s3));
  });
});

// A container is read on the PKCS#12 thread, whose own bundle is built beside the functions that ask
// it (`readsCertificates`; shared/certificates/pkcs12-thread.ts): no function carries the reader, its
// ASN.1 schemas or node-forge, and each that carries the thread's client has the thread beside it.
describe('the PKCS#12 thread', () => {
  it.each(Object.keys(functions) as FunctionName[])('is built beside %s exactly when its bundle asks for it', async (name) => {
    const { carried } = await bundle(name);
    const spec: FunctionSpec = functions[name];
    expect(carried.includes('shared/certificates/pkcs12-thread.ts')).toBe(spec.readsCertificates === true);
    expect(carried.filter((input) => /container-reader|@peculiar|asn1js|node-forge/.test(input))).toEqual([]);
  });
});

// The sandbox writes its protocol and its notices in two fonts of some 320 KB each, read at run time
// from their package shipped beside the writers' bundles (shared/sandbox/fonts.ts), not carried in them.
describe("the sandbox's fonts", () => {
  it('are shipped beside transmit and the mailbox check, the functions that write the sandbox documents, and not bundled', async () => {
    const specs = Object.entries(functions) as [FunctionName, FunctionSpec][];
    const writers = specs.filter(([, spec]) => spec.packageFiles?.some((file) => (fontFiles as readonly string[]).includes(file))).map(([name]) => name);
    expect(writers).toEqual(['transmit', 'checkMailbox']);
    for (const [name, writes] of [
      ['transmit', 'shared/sandbox/protocol-pdf.ts'],
      ['checkMailbox', 'shared/sandbox/notice-pdf.ts'],
    ] as const) {
      expect(functions[name].packageFiles).toEqual([...fontFiles]);
      const { carried, inputs } = await bundle(name);
      expect(carried).toContain(writes);
      expect(inputs.filter((input) => input.endsWith('.ttf'))).toEqual([]);
    }
  });
});
