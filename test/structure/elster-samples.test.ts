// ELSTER's own sample documents (ERiC 41.6.2.0 documentation, Beispiele; the samples of ELSTER's
// folder, test/support/elster.ts) pass the structure check of their form and year, as ERiC's schema
// check passes them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estSchemaStructure } from '#shared/forms/est/structure.ts';
import { euerSchemaStructure } from '#shared/forms/euer/structure.ts';
import { gewstSchemaStructure } from '#shared/forms/gewst/structure.ts';
import { kstSchemaStructure } from '#shared/forms/kst/structure.ts';
import { ustSchemaStructure } from '#shared/forms/ust/structure.ts';
import { lstaSchemaStructure } from '#shared/forms/lsta/structure.ts';
import { ustvaSchemaStructure } from '#shared/forms/ustva/structure.ts';
import { schemaFindings } from '#shared/xml/structure.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';

const samplesDir = path.join(elsterDir, 'samples');
const missing = elsterMissing('samples');

const forms = [
  { pattern: /^UStVA_(?:Df_|SoVZ_)?(\d{4})\.xml$/, root: 'Anmeldungssteuern', structure: ustvaSchemaStructure },
  { pattern: /^est_e10_(\d{4})\.xml$/, root: 'E10', structure: estSchemaStructure },
  { pattern: /^(?:ust_(\d{4})_ok|USt_(\d{4}))\.xml$/, root: 'E50', structure: async (year: number) => ustSchemaStructure(year) },
  { pattern: /^lsta_(\d{4})_ok\.xml$/, root: 'Anmeldungssteuern', structure: lstaSchemaStructure },
  { pattern: /^kst_(\d{4})_ok\.xml$/, root: 'E30', structure: async (year: number) => kstSchemaStructure(year) },
  { pattern: /^euer_(\d{4})_ok\.xml$/, root: 'E77', structure: async (year: number) => euerSchemaStructure(year) },
  { pattern: /^gewst_(\d{4})\.xml$/, root: 'E20', structure: async (year: number) => gewstSchemaStructure(year) },
];
const samples = missing
  ? []
  : readdirSync(samplesDir).flatMap((file) =>
      forms.flatMap(({ pattern, root, structure }) => {
        const match = pattern.exec(file);
        const year = match?.[1] ?? match?.[2];
        return year ? [{ file, root, year: Number(year), structure }] : [];
      }),
    );

const find = (tree: XmlTree, name: string): XmlTree | undefined => (tree.name === name ? tree : tree.children.map((child) => find(child, name)).find(Boolean));

describe.skipIf(missing)("ELSTER's samples", needsElster, () => {
  it('are there for every year of UStVA (three filings each), E10, E50, LStA, E30, E20 and E77', () => {
    expect(samples.map(({ file }) => file).sort()).toHaveLength(36);
  });

  it.each(samples)('$file passes the structure of its year', async ({ file, root, year, structure }) => {
    const read = readXml(readFileSync(path.join(samplesDir, file), 'utf8'));
    if (!read.ok) throw new Error(read.problem.message);
    const nutzdaten = find(read.tree, root)!;
    expect(nutzdaten.attributes.version).toBe(String(year));
    expect(schemaFindings(nutzdaten, await structure(year), { pathOf: (names) => names.join('/') })).toEqual([]);
  });
});
