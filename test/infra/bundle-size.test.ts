// The functions a caller waits for stay small: each submit and validate bundle, built as
// infra/constructs/steuerbote-function.ts builds it, is at most 250 KB without the AWS SDK (the goal
// bench/cold-start.ts reports; the income tax return's validate is the one exception, below), and
// carries no schema structure: those are shipped beside the bundle of the functions that check that form (`checksStructure` in shared/manifest.ts) and read when a
// form and year is first checked. Each carries its own form's code alone (shared/forms/registry.ts).
import { build } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functions } from '#shared/manifest.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const maxBytes = 250 * 1024;
// The income tax return's validate carries the whole E10 model, writer, reader and read-back of every
// Anlage, since it answers include=nutzdaten and include=body; its submit needs the check alone. The
// income Anlagen's 2022 shapes (V, Unterhalt), V's depreciation, G's § 35 lines, the foreign taxes
// of KAP and KAP-BET and Anlage Corona-Hilfen are about 7 KB of it.
const maxBytesOf: Partial<Record<string, number>> = { validateEst: 272 * 1024 };

async function bundle(entry: string) {
  const result = await build({
    entryPoints: [path.join(repoRoot, entry)],
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    outfile: 'index.mjs',
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    minify: true,
    external: ['@aws-sdk/*', '@smithy/*', 'koffi'],
    logLevel: 'silent',
    metafile: true,
  });
  return { bytes: result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.contents.byteLength, inputs: Object.keys(result.metafile.inputs) };
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
      expect(bytes).toBeLessThanOrEqual(maxBytesOf[name] ?? maxBytes);
      expect(inputs.filter((input) => input.includes('/structure/') || input.endsWith('.json'))).toEqual([]);
      expect(inputs.filter((input) => input.startsWith(`shared/forms/${other}/`) && !input.endsWith('/facts.ts'))).toEqual([]);
      expect(functions[name].checksStructure).toEqual(forms);
    },
  );
});
