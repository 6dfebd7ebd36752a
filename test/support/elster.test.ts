// A clone without ELSTER's files still passes: every test file that needs them (tagged by importing
// `needsElster`) runs in a child vitest with STEUERBOTE_ELSTER_DIR at an empty folder and without CI,
// and each skips what needs them, says so in one line and fails nothing. Only the tagged tests run
// there: the other tests of those files, and the local runtimes they start, are left out. Under CI a
// missing folder fails instead, and no test finds ELSTER's folder but through test/support/elster.ts.
import { execFile } from 'node:child_process';
import { globSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testFiles as included } from '../../vitest.config.ts';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'steuerbote-no-elster-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sources = (patterns: string[]) => globSync(patterns, { cwd: root, exclude: (path) => path.includes('node_modules') });
const testFiles = sources([...included.integration, ...included.unit]);
const needingElster = testFiles.filter((file) =>
  /import \{[^}]*\bneedsElster\b[^}]*\} from '#test\/support\/elster\.ts'/.test(readFileSync(join(root, file), 'utf8')),
);

interface JsonReport {
  testResults: { name: string; status: string; message: string; assertionResults: { fullName: string; status: string; tags: string[] }[] }[];
}

describe("without ELSTER's files", () => {
  it('every test file that needs them skips what needs them, says so in one line, and fails nothing', { timeout: 300_000 }, async () => {
    expect(needingElster.length).toBeGreaterThan(10);
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'CI' && name !== 'FORCE_COLOR' && !name.startsWith('VITEST')));
    const report = join(scratch, 'report.json');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        ...needingElster,
        '--tags-filter=elster',
        // Every test left runs nothing but its skip: the files may share their imports, each of which
        // an isolated file would load and transform again (the heavy part of this run), and so may the
        // files of one worker, which a second worker would load again beside the suite's own two.
        '--no-isolate',
        '--maxWorkers=1',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: root, env: { ...env, NO_COLOR: '1', STEUERBOTE_ELSTER_DIR: empty }, maxBuffer: 64 * 1024 * 1024 },
    );
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    const byFile = Object.fromEntries(testResults.map((result) => [result.name.slice(root.length + 1), result]));
    expect(Object.keys(byFile).sort()).toEqual([...needingElster].sort());
    for (const file of needingElster) {
      const { status, message, assertionResults } = byFile[file]!;
      expect({ file, status, message }).toEqual({ file, status: 'passed', message: '' });
      const tagged = assertionResults.filter(({ tags }) => tags.includes('elster'));
      expect(tagged.length, file).toBeGreaterThan(0);
      expect(tagged.filter(({ status: run }) => run !== 'skipped').map(({ fullName }) => fullName)).toEqual([]);
      expect(stdout, file).toContain(`stdout | ${file}\nELSTER's files not found: ${empty}/`);
    }
  });
});

describe("the folder of ELSTER's files", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is STEUERBOTE_ELSTER_DIR, and a missing part of it fails under CI, naming it', async () => {
    const folder = join(scratch, 'elster');
    mkdirSync(join(folder, 'samples'), { recursive: true });
    vi.stubEnv('STEUERBOTE_ELSTER_DIR', folder);
    vi.stubEnv('CI', 'true');
    vi.resetModules();
    const { elsterDir, elsterMissing } = await import('#test/support/elster.ts');
    expect(elsterDir).toBe(folder);
    expect(elsterMissing('samples')).toBe(false);
    expect(() => elsterMissing('samples', 'schemas')).toThrow(`ELSTER's files not found: ${join(folder, 'schemas')} (`);
  });

  it('is named nowhere else: no test or script builds its own path to it', () => {
    const own = /\.\.\/shared\/elster|'shared',\s*'elster'/;
    const naming = sources(['**/*.ts'])
      .filter((file) => file !== 'test/support/elster.ts')
      .filter((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .some((line) => own.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)),
      );
    expect(naming).toEqual([]);
  });
});
