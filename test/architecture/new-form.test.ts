// A form is one folder and one line. A throwaway form, written into a copy of the repository as its
// folder and its line in the registry and nothing else, passes the type check, gets its functions
// and routes from the manifest and a bundle of its own, and is served by the local runtime: nothing
// outside its folder but that line needs to change for it (docs/architecture.md, "a new form").

import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const copied = [
  'package.json',
  'tsconfig.json',
  'vitest.config.ts',
  'shared',
  'functions',
  'infra',
  'local',
  'receiver',
  'client',
  'scripts',
  'test',
  'bench',
  'examples',
];

// The form: its kind, facts, check (schema and rules), what validate takes of it, its module and its
// part of the document, each under the name generic code finds it by.
const form: Record<string, string> = {
  'filing-body.ts': `import type { DemoFiling } from '#shared/forms/demo/check.ts';

declare module '#shared/domain/ticket.ts' {
  interface FilingBodies {
    demo: DemoFiling;
  }
}
`,
  'facts.ts': `import type { FormFacts } from '#shared/forms/form-facts.ts';

export const demoFacts: FormFacts<'demo'> = {
  kind: 'demo',
  years: [2025, 2026],
  window: { opens: 'year-begun', offered: 'the demo begins with 2025' },
  verfahren: 'ElsterErklaerung',
  datenart: 'Demo',
  datenartVersion: (year) => \`Demo_\${year}\`,
};
`,
  'check.ts': `import * as z from 'zod/mini';
import { checkForm, type CheckContext, type Form } from '#shared/forms/check.ts';
import { common, formYear, money, taxOffice } from '#shared/forms/fields.ts';
import { demoFacts } from '#shared/forms/demo/facts.ts';

export const demoSchema = z.strictObject({ ...common, year: formYear(demoFacts), tax_office: taxOffice, amount: money });
export type DemoFiling = z.output<typeof demoSchema>;

export const form: Form<DemoFiling> = {
  facts: demoFacts,
  schema: demoSchema,
  rules: (body) => ({ filing: { kind: 'demo', body }, findings: [] }),
};

export const checkDemo = (input: unknown, context: CheckContext) => checkForm(form, input, context);
`,
  'validation.ts': `import type { FormValidation } from '#shared/forms/form.ts';
import { checkDemo } from '#shared/forms/demo/check.ts';

export const validation: FormValidation<'demo'> = {
  check: checkDemo,
  nutzdaten: (body) => \`<Demo><Betrag>\${body.amount}</Betrag></Demo>\`,
  readBack: async () => ({ body: {}, unmapped: [], replaced: [] }),
};
`,
  'module.ts': `import * as z from 'zod/mini';
import type { FormModule } from '#shared/forms/form.ts';
import { demoSchema } from '#shared/forms/demo/check.ts';
import { demoFacts } from '#shared/forms/demo/facts.ts';
import { validation } from '#shared/forms/demo/validation.ts';

export const formModule: FormModule<'demo'> = {
  facts: demoFacts,
  // Its Nutzdaten name no one: nothing to hold to the request.
  identifiers: { held: {}, others: [] },
  ...validation,
  readStored(stored) {
    const parsed = z.safeParse(demoSchema, stored);
    return parsed.success ? { body: parsed.data } : { error: parsed.error };
  },
  recheck: async (_xml, year) => ({ findings: [], title: \`Demo \${year}\`, section: 'Angaben', figures: [] }),
};
`,
  'openapi.ts': `import type { FormOpenapi } from '#shared/forms/form.ts';
import { demoSchema } from '#shared/forms/demo/check.ts';

export const formOpenapi: FormOpenapi = {
  name: 'demo return',
  schemaName: 'DemoReturn',
  schema: demoSchema,
  year: 'a demo return for 2025 or 2026',
  fields: (common) => ({ ...common, tax_office: 'The tax office', amount: 'An amount in euros' }),
  examples: { contract: { summary: 'A demo return', value: { year: 2025, tax_office: '9198', amount: '12.50' } } },
};
`,
};

// What the copy is asked, run there as the service runs: the manifest's word on the form, the bundle
// its submit function is built as, and the local runtime's answers to its validate route and document.
const probe = `import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { startLocalRuntime } from '#local/runtime.ts';
import { apis, bundleAliases, functions } from '#shared/manifest.ts';

const routes = apis.api.routes.filter((route) => route.path.startsWith('/v2/demo')).map(({ method, path, function: fn }) => \`\${method} \${path} \${fn}\`);
const spec = functions.submitDemo;
const bundled = await build({ entryPoints: [spec.entry], alias: bundleAliases(spec), absWorkingDir: process.cwd(), bundle: true, write: false, metafile: true,
  platform: 'node', format: 'esm', outfile: 'index.mjs', external: ['@aws-sdk/*', '@smithy/*', 'koffi', '@aws-lambda-powertools/*'], logLevel: 'silent' });
const forms = [...new Set(Object.keys(bundled.metafile.inputs).flatMap((input) => /^shared\\/forms\\/(\\w+)\\/(?!facts\\.ts)/.exec(input)?.[1] ?? []))];
const runtime = await startLocalRuntime({ dataDir: await mkdtemp(join(tmpdir(), 'steuerbote-demo-')), apiPort: 0, receiverPort: 0 });
try {
  const headers = { authorization: \`Bearer \${runtime.apiKey}\`, 'content-type': 'application/json' };
  const body = JSON.stringify({ year: 2025, tax_office: '9198', amount: '12.50' });
  const validated = await fetch(\`\${runtime.apiUrl}/v2/demo/validate?include=nutzdaten\`, { method: 'POST', headers, body });
  const document = await (await fetch(\`\${runtime.apiUrl}/v2/openapi.json\`)).json();
  console.log(JSON.stringify({ routes, forms, status: validated.status, validated: (await validated.json()).data, paths: Object.keys(document.paths).filter((path) => path.includes('demo')) }));
} finally {
  await runtime.stop();
}
`;

describe('a new form', { timeout: 300_000 }, () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'steuerbote-new-form-'));
    for (const part of copied) await cp(join(root, part), join(copy, part), { recursive: true, filter: (source) => !source.includes('node_modules') });
    await symlink(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const [file, text] of Object.entries(form)) {
      await mkdir(dirname(join(copy, 'shared/forms/demo', file)), { recursive: true });
      await writeFile(join(copy, 'shared/forms/demo', file), text);
    }
    // Its one line in the registry, with the import of its facts.
    const registry = join(copy, 'shared/forms/registry.ts');
    const listed = (await readFile(registry, 'utf8'))
      .replace(/^import /m, "import { demoFacts } from '#shared/forms/demo/facts.ts';\nimport ")
      .replace(/(export const formFacts[^=]*= \{\n)/, '$1  demo: demoFacts,\n');
    expect(listed).toContain('  demo: demoFacts,\n');
    await writeFile(registry, listed);
  }, 60_000);

  afterAll(() => rm(copy, { recursive: true, force: true }));

  it('passes the type check', async () => {
    await expect(run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', copy])).resolves.toBeDefined();
  });

  it('has its functions, routes, own bundle, validate route and document from its line alone', async () => {
    const { stdout } = await run(process.execPath, ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', probe], { cwd: copy });
    const probed = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(probed.routes).toEqual(['POST /v2/demo submitDemo', 'POST /v2/demo/validate validateDemo']);
    expect(probed.forms).toEqual(['demo']);
    expect(probed.status).toBe(200);
    expect(probed.validated).toMatchObject({ valid: true, datenart_version: 'Demo_2025', nutzdaten: '<Demo><Betrag>12.50</Betrag></Demo>' });
    expect(probed.paths).toEqual(['/v2/demo', '/v2/demo/validate']);
  });
});
