// The functions a caller waits for stay small: each submit and validate bundle, built as
// infra/constructs/steuerbote-function.ts builds it, is at most 250 KB without the AWS SDK (the goal
// bench/cold-start.ts reports), and carries no schema structure: those are shipped beside the
// bundle of the functions that check that form (`checksStructure` in shared/manifest.ts) and read
// when a form and year is first checked. Each carries its own form's code alone (shared/forms/registry.ts).
import { build, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functions } from '#shared/manifest.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const maxBytes = 250 * 1024;

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

async function bundle(entry: string) {
  const result = await build({ ...options, entryPoints: [path.join(repoRoot, entry)], outfile: 'index.mjs' });
  // `inputs`: every file read; `carried`: those with code left in the bundle once unused code is dropped.
  const output = Object.values(result.metafile.outputs).find((out) => out.entryPoint)!;
  return {
    bytes: result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.contents.byteLength,
    inputs: Object.keys(result.metafile.inputs),
    carried: Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
  };
}

/**
 * The modules a function evaluates as it starts. Built with code splitting, each dynamic `import()`
 * becomes a chunk of its own, so the modules of the entry's chunk and of the chunks it imports
 * statically are those; the one-file bundle Lambda runs evaluates the others on first use.
 */
async function startsWith(entry: string): Promise<string[]> {
  const { outputs } = (await build({ ...options, entryPoints: [entry], splitting: true, outdir: 'out' })).metafile;
  const chunks = new Set(Object.keys(outputs).filter((out) => outputs[out]!.entryPoint === entry));
  for (const chunk of chunks)
    for (const { path: imported, kind } of outputs[chunk]!.imports) if (kind === 'import-statement' && imported in outputs) chunks.add(imported);
  return [...chunks].flatMap((chunk) => Object.keys(outputs[chunk]!.inputs));
}

describe('the bundles of submit and validate', () => {
  it.each([
    ['submitUstva', ['ustva'], 'est'],
    ['validateUstva', ['ustva'], 'est'],
    ['submitEst', ['est'], 'ustva'],
    ['validateEst', ['est'], 'ustva'],
    ['submitUst', ['ust'], 'est'],
    ['validateUst', ['ust'], 'ustva'],
    ['submitLsta', ['lsta'], 'ustva'],
    ['validateLsta', ['lsta'], 'ustva'],
    ['submitZm', ['zm'], 'ustva'],
    ['validateZm', ['zm'], 'ustva'],
  ] as const)(
    '%s stays within its size without the SDK, carries no schema structure and no other form, and has its own form beside it',
    async (name, forms, other) => {
      const { bytes, inputs } = await bundle(functions[name].entry);
      expect(bytes).toBeLessThanOrEqual(maxBytes);
      expect(inputs.filter((input) => input.includes('/structure/') || input.endsWith('.json'))).toEqual([]);
      expect(inputs.filter((input) => input.startsWith(`shared/forms/${other}/`) && !input.endsWith('/facts.ts'))).toEqual([]);
      expect(functions[name].checksStructure).toEqual(forms);
    },
  );

  // The income tax return's module gathers the sandbox's re-check with the protocol's figures of
  // every Anlage, which only the functions that transmit need (shared/forms/est/validation.ts).
  it.each(['submitEst', 'validateEst'] as const)('%s carries the check of the income tax return, not its module', async (name) => {
    const { inputs } = await bundle(functions[name].entry);
    expect(inputs).toContain('shared/forms/est/check.ts');
    expect(inputs).not.toContain('shared/forms/est/module.ts');
  });

  // ERiC's checks need no certificate: the stage's credentials, read from Secrets Manager, are the transmitting functions' alone.
  it.each(['validateUstva', 'validateEst', 'validateUst', 'validateLsta', 'validateZm'] as const)(
    "%s carries ERiC's checks without the stage's credentials",
    async (name) => {
      const { carried } = await bundle(functions[name].entry);
      expect(carried).toContain('shared/eric/eric-tax-authority.ts');
      expect(carried.filter((input) => input === 'shared/eric/credentials.ts' || input.includes('@aws-lambda-powertools/parameters'))).toEqual([]);
    },
  );

  // Most submissions carry structured fields: the reader of a caller's XML is imported only for one that
  // carries XML, so the function does not evaluate it as it starts (BENCHMARKS.md, "Cold starts"). The
  // UStE's check reads the XML it writes from a body, so it needs its reader for every body.
  const xmlReader = /^shared\/(forms\/\w+\/xml-reader|xml\/caller-nutzdaten)\.ts$/;
  it.each(['submitUstva', 'submitEst', 'submitLsta', 'submitZm'] as const)('%s starts without the XML reader', async (name) => {
    const { carried } = await bundle(functions[name].entry);
    const started = await startsWith(functions[name].entry);
    expect(carried).toContain('shared/xml/caller-nutzdaten.ts');
    expect(started).toContain(functions[name].entry);
    expect(started.filter((input) => xmlReader.test(input))).toEqual([]);
  });
});
