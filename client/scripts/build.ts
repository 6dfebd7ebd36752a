// `npm run build -w client`: the package as an integrator installs it (`npm pack -w client` packs it).
// JavaScript for Node 20 and later in dist/, with openapi-fetch bundled in, so that the package installs
// with no dependencies; beside it one declaration file, openapi-fetch's types inlined for the same reason.
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'esbuild';

const client = fileURLToPath(new URL('..', import.meta.url));
const dist = `${client}dist/`;

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: client,
  // src/'s layout, so that a path relative to a module holds in dist/ too (the command's ../../package.json).
  entryPoints: ['src/index.ts', 'src/cli/main.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  // The command and the library share the client's code, and so its error classes.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
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
await writeFile(`${dist}index.d.ts`, declarations!);
console.log(`built ${dist}`);
