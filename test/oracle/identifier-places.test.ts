// Every registered form declares where its Nutzdaten name whom a filing is for (its module's
// `identifiers`, held to the request by shared/forms/identifiers.ts), and the declaration is the
// schema's: each place is an element of the form's generated structure, and, read from ELSTER's own
// XSDs (test/support/elster.ts), every identifier element of every year's schema is either one of
// its places or stands below one of the prefixes the form names as others'. Without them that part
// says so and is skipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kinds } from '#shared/forms/registry.ts';
import { loadForm } from '#shared/forms/load.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';
import { repoRoot, sources } from '../../scripts/structure/modules.ts';
import { identifierPaths } from '#test/oracle/xsd-identifiers.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { schemaHas } from '#test/support/xml-edit.ts';

const missing = elsterMissing('schemas');

/** The generated structure files and XSDs of a form, every year. */
const schemasOf = (kind: string) => sources.filter(({ module }) => module.startsWith(`shared/forms/${kind}/structure/`));

describe.each(kinds)('the identifier places of %s', (kind) => {
  it('name at least one place, each an element of the form’s schema in some year', async () => {
    const { identifiers } = await loadForm(kind);
    const structures = schemasOf(kind).map(({ module }) => JSON.parse(readFileSync(path.join(repoRoot, module), 'utf8')) as CompactStructure);
    expect(structures.length).toBeGreaterThan(0);
    expect(Object.keys(identifiers.held).length).toBeGreaterThan(0);
    for (const place of Object.keys(identifiers.held))
      expect(
        structures.some((structure) => schemaHas(structure, place.split('/'))),
        place,
      ).toBe(true);
  });

  it.skipIf(missing)("account for every identifier element of ELSTER's XSD of every year", needsElster, async () => {
    const { identifiers } = await loadForm(kind);
    const found = new Set<string>();
    for (const { schema, root } of schemasOf(kind)) {
      const paths = identifierPaths(readFileSync(path.join(elsterDir, schema), 'utf8'), root);
      const unaccounted = paths.filter((place) => !(place in identifiers.held) && !identifiers.others.some((prefix) => place.startsWith(prefix)));
      expect(unaccounted, schema).toEqual([]);
      for (const place of paths) found.add(place);
    }
    // Each place and each prefix is one the XSDs have: none is guessed, none left over.
    expect(Object.keys(identifiers.held).filter((place) => !found.has(place))).toEqual([]);
    expect(identifiers.others.filter((prefix) => ![...found].some((place) => place.startsWith(prefix)))).toEqual([]);
  });
});
