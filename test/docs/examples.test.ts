// Every file under examples/ is shown to a reader (named in the README or its form's page) and, when
// it is a request, passes its form's check: the same schema and tax rules `POST /v2/{kind}` runs.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isError, type Kind } from '#shared/domain/ticket.ts';
import { today } from '#shared/config.ts';
import { loadForm } from '#shared/forms/load.ts';
import { kinds } from '#shared/forms/registry.ts';

const root = resolve(import.meta.dirname, '../..');
const files = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)]));
const examples = files(join(root, 'examples')).map((file) => relative(root, file));

/** A request's form is its folder's name; requests straight under examples/ are the tour's UStVAs. */
const kindOf = (example: string): Kind => {
  const folder = example.split('/')[1]!;
  return (kinds as string[]).includes(folder) ? (folder as Kind) : 'ustva';
};
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe.each(examples)('%s', (example) => {
  it("is named in the README or its form's page", () => {
    const pages = [read('README.md'), ...(example.endsWith('.json') ? [read(`docs/forms/${kindOf(example)}.md`)] : [])];
    expect(pages.some((page) => page.includes(example))).toBe(true);
  });

  it.runIf(example.endsWith('.json'))("passes its form's check", async () => {
    const checked = await (await loadForm(kindOf(example))).check(JSON.parse(read(example)), { today: today(), liveSubmissionsAllowed: false });
    expect(checked.findings.filter(isError)).toEqual([]);
  });
});
