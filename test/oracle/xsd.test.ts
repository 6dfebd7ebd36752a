// Every Nutzdaten document steuerbote writes is valid against ELSTER's own XSD of its form and
// year: the fixture corpus, the examples (examples/ and the OpenAPI document's), and a generated
// matrix of every form, year, filing type and assessment (matrix.ts). Each body passes the same
// check as a request, then the XML it would transmit is validated by libxml2 (xsd.ts). Bodies that
// carry the caller's own XML are validated as they came. Without ELSTER's schemas
// (test/support/elster.ts) the suite says so in one line and is skipped; under CI it fails.
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { loadForm } from '#shared/forms/load.ts';
import { kinds } from '#shared/forms/registry.ts';
import { requestExamples } from '#shared/openapi/examples.ts';
import { loadCorpus } from '#test/support/corpus.ts';
import { matrix } from '#test/oracle/matrix.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

interface Document {
  name: string;
  kind: Kind;
  body: Record<string, unknown> & { year: number; xml?: string };
}

const root = join(import.meta.dirname, '..', '..');
const createdAt = new Date('2026-11-24T09:00:00Z');

async function exampleFiles(): Promise<Document[]> {
  const files = [
    ...(await readdir(join(root, 'examples'))).filter((file) => file.endsWith('.json')).map((file) => ({ file: `examples/${file}`, kind: 'ustva' as const })),
    ...(
      await Promise.all(
        kinds
          .filter((kind) => existsSync(join(root, 'examples', kind)))
          .map(async (kind) => (await readdir(join(root, 'examples', kind))).map((file) => ({ file: `examples/${kind}/${file}`, kind }))),
      )
    ).flat(),
  ];
  return Promise.all(files.map(async ({ file, kind }) => ({ name: file, kind, body: JSON.parse(await readFile(join(root, file), 'utf8')) })));
}

const openApiExamples = (): Document[] =>
  kinds.flatMap((kind) =>
    Object.entries(requestExamples[kind]).map(([name, example]) => ({
      name: `OpenAPI example ${kind}/${name}`,
      kind,
      body: example.value as Document['body'],
    })),
  );

async function documents(): Promise<Document[]> {
  const fixtures = (await loadCorpus())
    .filter((fixture) => fixture.valid)
    .map((fixture) => ({ name: `fixture ${fixture.name}`, kind: fixture.kind, body: fixture.body as Document['body'] }));
  return [...fixtures, ...(await exampleFiles()), ...openApiExamples(), ...matrix()];
}

/** The Nutzdaten the service would transmit for `body`, or the check's errors. */
async function nutzdatenOf({ kind, body }: Document): Promise<string> {
  const form = await loadForm(kind);
  const checked = await form.check(body, checkContext());
  if (!checked.filing) throw new Error(`refused by the check: ${JSON.stringify(checked.findings)}`);
  return (await loadForm(checked.filing.kind)).nutzdaten(checked.filing.body, { herstellerId: '74931', createdAt });
}

const counted = { own: 0, standIn: 0 };
/** Each stand-in used, e.g. `lsta 2026 against 2025`. */
const standIns = new Set<string>();

const missing = elsterMissing('schemas');

describe.skipIf(missing)("ELSTER's XSDs accept every document steuerbote writes", needsElster, async () => {
  const all = missing ? [] : await documents();

  it('takes documents of every form', () => {
    expect(new Set(all.map(({ kind }) => kind))).toEqual(new Set(kinds));
  });

  it.each(all)('$name', async (document) => {
    const xml = await nutzdatenOf(document);
    const verdict = validateNutzdaten(document.kind, document.body.year, xml);
    expect(verdict.errors, xml).toEqual([]);
    counted[verdict.standIn ? 'standIn' : 'own'] += 1;
    if (verdict.standIn) standIns.add(`${document.kind} ${document.body.year} against ${verdict.schemaYear}`);
  });

  afterAll(async () => {
    const line = `XSD oracle: ${counted.own + counted.standIn} documents valid, ${counted.own} against their own year's schema, ${counted.standIn} against a stand-in (${[...standIns].sort().join(', ')})`;
    console.log(line);
    // CI prints it in its closing lines (.ci/run).
    if (process.env.CI) await writeFile(join(root, '.ci', 'xsd-oracle.txt'), `${line}\n`);
  });
});
