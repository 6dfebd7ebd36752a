// The PKCS#12 thread's own bundle, built as the construct builds it beside the functions that read
// certificates (test/infra/bundle-size.test.ts holds which those are), opens a container.

import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { pkcs12ThreadBuild } from '#infra/constructs/steuerbote-function.ts';
import { threadBundle, type Answer, type Request } from '#shared/certificates/pkcs12-thread.ts';
import { container, testPin } from '#test/support/certificates.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const outputDir = mkdtempSync(path.join(tmpdir(), 'steuerbote-pkcs12-thread-'));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

describe('the PKCS#12 thread', () => {
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
