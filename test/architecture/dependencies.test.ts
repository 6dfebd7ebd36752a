// The direction of dependencies (docs/architecture.md), checked by dependency-cruiser with the
// rules of .dependency-cruiser.cjs: the tree as it stands has no violation, and a tree with an
// upward import, an adapter calling a use case or a cycle is caught, so the check cannot pass by
// checking nothing.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const rules = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[]; options: ICruiseOptions };

async function cruised(baseDir: string, folders: string[]) {
  const present = folders.filter((folder) => existsSync(join(baseDir, folder)));
  const { output } = await cruise(present, { ...rules.options, baseDir, validate: true, ruleSet: { forbidden: rules.forbidden } });
  if (typeof output === 'string') throw new Error(output);
  return {
    modules: output.modules.length,
    violations: output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`),
  };
}

describe('dependencies point down', () => {
  const scratch: string[] = [];
  afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('holds for the whole tree', async () => {
    const { modules, violations } = await cruised(root, ['functions', 'shared', 'infra', 'local', 'receiver', 'client']);
    expect(modules).toBeGreaterThan(100);
    expect(violations).toEqual([]);
  });

  it('catches an upward import, an adapter that calls a use case, a port that knows an adapter, a cycle, a client that reaches into the service, a command that reaches into the local runtime, a form that reads configuration, and code that takes values from the manifest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'steuerbote-layers-'));
    scratch.push(dir);
    const files: Record<string, string> = {
      'shared/domain/ticket.ts': "import { route } from '../http/routes.ts';\nexport const ticket = route;\n",
      'shared/http/routes.ts': 'export const route = 1;\n',
      'shared/adapters/store.ts': "import { accept } from '../submission/accept.ts';\nexport const store = accept;\n",
      'shared/submission/accept.ts': "import { b } from './b.ts';\nexport const accept = b;\n",
      'shared/submission/b.ts': "import { accept } from './accept.ts';\nexport const b = () => accept;\n",
      'shared/config.ts': "import { x } from '../infra/stack.ts';\nexport const config = x;\n",
      'infra/stack.ts': 'export const x = 1;\n',
      'infra/cli/target.ts': "import { runtimeFile } from '../../local/runtime.ts';\nexport const target = runtimeFile;\n",
      'local/runtime.ts': 'export const runtimeFile = 1;\n',
      'shared/forms/check.ts': "import { config } from '../config.ts';\nexport const today = config;\n",
      'shared/manifest.ts': 'export const names = {};\nexport type Names = typeof names;\n',
      'shared/metrics.ts': "import { names } from './manifest.ts';\nexport const metrics = names;\n",
      'shared/http/names.ts': "import type { Names } from '../manifest.ts';\nexport type Route = Names;\n",
      'shared/ports/ticket-store.ts': "import { store } from '../adapters/store.ts';\nexport const port = store;\n",
      'client/src/client.ts': "import { ticket } from '../../shared/domain/ticket.ts';\nexport const client = ticket;\n",
      'tsconfig.json': '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    const { violations } = await cruised(dir, ['shared', 'infra', 'local', 'client']);
    expect(violations).toEqual(
      expect.arrayContaining([
        'domain-at-the-bottom: shared/domain/ticket.ts → shared/http/routes.ts',
        'adapters-below-use-cases: shared/adapters/store.ts → shared/submission/accept.ts',
        'ports-on-domain: shared/ports/ticket-store.ts → shared/adapters/store.ts',
        'service-not-up: shared/config.ts → infra/stack.ts',
        'no-cycles: shared/submission/accept.ts → shared/submission/b.ts',
        'client-apart: client/src/client.ts → shared/domain/ticket.ts',
        'service-not-local: infra/cli/target.ts → local/runtime.ts',
        'names-not-manifest: shared/metrics.ts → shared/manifest.ts',
        'forms-read-no-configuration: shared/forms/check.ts → shared/config.ts',
      ]),
    );
    // A type from the manifest costs a bundle nothing.
    expect(violations.filter((violation) => violation.includes('shared/http/names.ts'))).toEqual([]);
  });
});
