// `npm run eric:layer`, run as the operator runs it, on stand-ins for ERiC's download.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { elfMachine, ericDownload, removeTempDirs, tempDirWith } from '#test/infra/eric-download.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');

afterAll(removeTempDirs);

function ericLayer(cwd: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(repoRoot, 'infra/cli/eric-layer.ts'), ...args], {
    cwd,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run eric:layer', () => {
  it('puts the Linux library folder, plugins included, under eric/ in a folder and a zip beside it', () => {
    const dir = tempDirWith(ericDownload());
    const run = ericLayer(dir, 'download.jar', '--out', 'layer');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('ericLayer=layer');

    const expected = ['eric/libericapi.so', 'eric/libericxerces.so', 'eric/plugins2/libcheckUStVA_2026.so'];
    for (const file of expected) expect(existsSync(path.join(dir, 'layer', file)), file).toBe(true);
    expect(existsSync(path.join(dir, 'layer', 'eric', 'include'))).toBe(false);
    const zipped = unzipSync(readFileSync(path.join(dir, 'layer.zip')));
    expect(Object.keys(zipped).sort()).toEqual(expected);
    expect(zipped['eric/libericapi.so']).toEqual(new Uint8Array(readFileSync(path.join(dir, 'layer', 'eric', 'libericapi.so'))));
  });

  it('makes the same zip from the same download, so a rebuild publishes no new layer version', () => {
    const dir = tempDirWith(ericDownload());
    ericLayer(dir, 'download.jar', '--out', 'first');
    ericLayer(dir, 'download.jar', '--out', 'second');
    expect(readFileSync(path.join(dir, 'first.zip')).equals(readFileSync(path.join(dir, 'second.zip')))).toBe(true);
  });

  it('replaces a layer it wrote before, and refuses a folder holding anything else', () => {
    const dir = tempDirWith(ericDownload());
    mkdirSync(path.join(dir, 'layer', 'eric', 'plugins'), { recursive: true });
    writeFileSync(path.join(dir, 'layer', 'eric', 'plugins', 'stale.so'), 'old');
    expect(ericLayer(dir, 'download.jar', '--out', 'layer').status).toBe(0);
    expect(existsSync(path.join(dir, 'layer', 'eric', 'plugins', 'stale.so'))).toBe(false);

    const refused = ericLayer(dir, 'download.jar', '--out', '.');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe('eric-layer: --out . holds more than an ERiC layer; choose a new folder\n');
  });

  it('refuses a download for another architecture in one line, and writes nothing', () => {
    const dir = tempDirWith(ericDownload(elfMachine.aarch64));
    const run = ericLayer(dir, 'download.jar', '--out', 'layer');
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('eric-layer: libericapi.so in download.jar is built for aarch64, not x86-64: download ERiC for Linux x86-64\n');
    expect(existsSync(path.join(dir, 'layer'))).toBe(false);
  });

  it('refuses an archive without libericapi.so, or no zip at all, in one line', () => {
    const dir = tempDirWith(ericDownload(elfMachine.x8664, { withLibrary: false }));
    const run = ericLayer(dir, 'download.jar');
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('eric-layer: download.jar holds no libericapi.so: download ERiC for Linux x86-64\n');
    expect(existsSync(path.join(dir, 'eric-layer'))).toBe(false);

    writeFileSync(path.join(dir, 'notes.txt'), 'not a zip');
    expect(ericLayer(dir, 'notes.txt').stderr).toMatch(/^eric-layer: notes\.txt is not a readable zip archive \(.+\)\n$/);
    expect(ericLayer(dir, 'missing.jar').stderr).toBe('eric-layer: missing.jar does not exist\n');
    expect(ericLayer(dir).stderr).toMatch(/^eric-layer: usage: npm run eric:layer -- /);
  });
});
