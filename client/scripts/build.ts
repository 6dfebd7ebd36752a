// `npm run build -w client`: the package as an integrator installs it (`npm pack -w client` packs it).
// JavaScript for Node 20 and later in dist/, with openapi-fetch and the command's jq-wasm bundled in (jq in
// a chunk of its own, loaded only for --jq), so that the package installs with no dependencies; beside it
// one declaration file, openapi-fetch's types inlined for the same reason.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'esbuild';

const client = fileURLToPath(new URL('..', import.meta.url));
const dist = `${client}dist/`;

const { outputFiles } = await build({
  absWorkingDir: client,
  // src/'s layout, so that a path relative to a module holds in dist/ too (the command's ../../package.json).
  entryPoints: ['src/index.ts', 'src/cli/main.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  // The command and the library share the client's code, and so its error classes.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jq-wasm is CommonJS: it asks for Node's own modules with require, and for __dirname, which an ES module has not.
  banner: {
    js: [
      "import { createRequire as requireFor } from 'node:module';",
      'const require = requireFor(import.meta.url);',
      "const __dirname = import.meta.dirname ?? new URL('.', import.meta.url).pathname;",
    ].join(' '),
  },
  write: false,
  logLevel: 'warning',
});
const [declarations] = generateDtsBundle(
  [
    {
      filePath: `${client}src/index.ts`,
      libraries: { inlinedLibraries: ['openapi-fetch', 'openapi-typescript-helpers'] },
      output: { noBanner: true, exportReferencedTypes: false },
    },
  ],
  { preferredConfigPath: `${client}../tsconfig.json` },
);

// dist/ is replaced once all of it is made: a test may copy client/ while another builds it.
const files = [...outputFiles.map(({ path, contents }) => ({ path, contents })), { path: `${dist}index.d.ts`, contents: declarations! }];
await rm(dist, { recursive: true, force: true });
for (const { path, contents } of files) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, contents);
}
console.log(`built ${dist}`);
