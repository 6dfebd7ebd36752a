import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { elsterDir, generated, repoRoot } from './modules.ts';

const missing = !existsSync(elsterDir);
if (missing) console.log('structure files: ELSTER reference files (../shared/elster) not found, not compared with their XSDs');

describe.skipIf(missing)('the generated structure files', () => {
  it.each(generated)('$module is what the generator writes now from $from (npm run generate:structure)', ({ module, text }) => {
    expect(readFileSync(path.join(repoRoot, module), 'utf8')).toBe(text());
  });
});
