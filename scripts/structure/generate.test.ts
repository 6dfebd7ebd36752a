import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { generated, repoRoot } from './modules.ts';

const missing = elsterMissing('schemas', 'rules');

describe.skipIf(missing)('the generated structure files', needsElster, () => {
  it.each(generated)('$module is what the generator writes now from $from (npm run generate:structure)', ({ module, text }) => {
    expect(readFileSync(path.join(repoRoot, module), 'utf8')).toBe(text());
  });
});
