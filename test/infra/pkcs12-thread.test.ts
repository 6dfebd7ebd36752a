// The functions that read clients' certificates carry the PKCS#12 thread's client but not the
// container reader, its ASN.1 schemas or node-forge, and have the thread's own bundle built beside
// theirs (`readsCertificates`); that bundle, built as the construct builds it, opens a container.

import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { pkcs12ThreadBuild } from '#infra/constructs/steuerbote-function.ts';
import { threadBundle, type Answer, type Request } from '#shared/certificates/pkcs12-thread.ts';
import { bundleAliases, functions, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { container, testPin } from '#test/support/certificates.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const outputDir = mkdtempSync(path.join(tmpdir(), 'steuerbote-pkcs12-thread-'));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

async function carried(name: FunctionName): Promise<string[]> {
  const spec = functions[name];
  const result = await build({
    entryPoints: [path.join(repoRoot, spec.entry)],
    alias: bundleAliases(spec),
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    metafile: true,
    outfile: 'index.mjs',
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*', '@smithy/*', 'koffi', '@aws-lambda-powertools/tracer'],
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs).find((out) => out.entryPoint)!;
  return Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []));
}

describe('the PKCS#12 thread', () => {
  it.each(Object.keys(functions) as FunctionName[])('is built beside %s exactly when its bundle asks for it, and only there', async (name) => {
    const inputs = await carried(name);
    const spec: FunctionSpec = functions[name];
    expect(inputs.includes('shared/certificates/pkcs12-thread.ts')).toBe(spec.readsCertificates === true);
    expect(inputs.filter((input) => /container-reader|@peculiar|asn1js|node-forge/.test(input))).toEqual([]);
  });

  it('opens a container from its own bundle, built as the construct builds it', async () => {
    execSync(pkcs12ThreadBuild(repoRoot, outputDir), { stdio: 'pipe' });
    const worker = new Worker(path.join(outputDir, threadBundle));
    try {
      const ask = (request: Request) =>
        new Promise<Answer>((resolve) => {
          worker.once('message', resolve);
          worker.postMessage(request);
        });
      expect(await ask({ id: 1, op: 'pin', container: container('legacy'), pin: testPin })).toEqual({ id: 1, result: { ok: true } });
      expect(await ask({ id: 2, op: 'leaf', container: container('modern'), pin: testPin, screenNames: true })).toMatchObject({
        id: 2,
        result: { ok: true, facts: { subject: 'CN=Muster GmbH, O=Steuerbote Test' }, key: { asymmetricKeyType: 'rsa' } },
      });
    } finally {
      await worker.terminate();
    }
  });
});
