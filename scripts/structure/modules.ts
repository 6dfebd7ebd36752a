// Which generated structure file comes from which of ELSTER's files, and the text of each, so that
// the generator writes them and a test compares them with what is committed. Each form names its own
// sources in its folder (`structure/sources.ts`), found through the registry. They are JSON, read
// when a form and year is first checked (shared/xml/structure.ts), so no bundle carries them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StructureSources } from '#shared/forms/form.ts';
import { kinds } from '#shared/forms/registry.ts';
import { elsterDir } from '#test/support/elster.ts';
import { compactStructure } from './xsd.ts';
import { ruleTable } from './rule-table.ts';
import { attachmentsSchema } from '#shared/forms/attachments-schema.ts';

export const repoRoot = path.join(import.meta.dirname, '..', '..');

/** Each form's sources, from its folder. */
export const formSources = await Promise.all(
  kinds.map(async (kind) => ({ kind, sources: ((await import(`#shared/forms/${kind}/structure/sources.ts`)) as { sources: StructureSources }).sources })),
);

/** Each module's path in the repository and the XSD (below shared/elster/) it is derived from. */
export const sources: readonly { module: string; schema: string; root?: { name: string; type: string } }[] = [
  ...formSources.flatMap(({ kind, sources: from }) =>
    'prefix' in from
      ? from.years.map((year) => ({ module: `shared/forms/${kind}/structure/${from.file}-${year}.json`, schema: `schemas/${from.prefix}-${year}.xsd` }))
      : [{ module: `shared/forms/${kind}/structure/${from.file}.json`, schema: from.schema, ...(from.root && { root: from.root }) }],
  ),
  // The attachments a letter carries beside its element, one schema for every letter (shared/forms/attachments.ts).
  { module: 'shared/forms/attachments.json', schema: attachmentsSchema },
];

/** The text of the file derived from `schema`, read from `dir`: one line per type after the header. */
export function moduleText(schema: string, dir = elsterDir, rootOf = sources.find((source) => source.schema === schema)?.root): string {
  const { root, type, patterns, types } = compactStructure(readFileSync(path.join(dir, schema), 'utf8'), schema, rootOf);
  const lines = [
    `{"generated": ${JSON.stringify(`by scripts/structure/generate.ts (npm run generate:structure) from shared/elster/${schema}; do not edit`)},`,
    `"root": ${JSON.stringify(root)}, "type": ${type},`,
    `"patterns": [\n${patterns.map((pattern) => JSON.stringify(pattern)).join(',\n')}],`,
    `"types": [\n${types.map((entry) => JSON.stringify(entry)).join(',\n')}]}`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Every generated file: its path in the repository, the files below shared/elster/ it is derived
 * from, and its text as the generator writes it now.
 */
export const generated: readonly { module: string; from: string; text: (dir?: string) => string }[] = [
  ...sources.map(({ module, schema }) => ({ module, from: schema, text: (dir?: string) => moduleText(schema, dir) })),
  ...formSources.flatMap(({ kind, sources: from }) =>
    'schema' in from && from.workbook !== undefined
      ? [
          {
            module: `shared/forms/${kind}/structure/${from.file}-rules.json`,
            from: `${from.workbook} and ${from.schema}`,
            text: (dir = elsterDir) => rulesText(from.workbook!, from.schema, dir),
          },
        ]
      : 'prefix' in from && from.workbook !== undefined
        ? from.years.map((year) => {
            const [workbook, schema] = [`rules/${from.workbook}_${year}.xml`, `schemas/${from.prefix}-${year}.xsd`];
            return {
              module: `shared/forms/${kind}/structure/${from.file}-${year}-rules.json`,
              from: `${workbook} and ${schema}`,
              text: (dir = elsterDir) => rulesText(workbook, schema, dir),
            };
          })
        : [],
  ),
];

/** A form's rules of one year's workbook, against that year's schema: one rule per line. */
export function rulesText(workbook: string, schema: string, dir = elsterDir): string {
  const structure = compactStructure(readFileSync(path.join(dir, schema), 'utf8'), schema);
  const { rules, left, attributes } = ruleTable(readFileSync(path.join(dir, workbook), 'utf8'), structure);
  const lines = [
    `{"generated": ${JSON.stringify(`by scripts/structure/generate.ts (npm run generate:structure) from shared/elster/${workbook} and ${schema}; do not edit`)},`,
    `"rules": [\n${rules.map((rule) => JSON.stringify(rule)).join(',\n')}],`,
    `"left": [\n${left.map((rule) => JSON.stringify(rule)).join(',\n')}],`,
    `"attributes": ${JSON.stringify(attributes)}}`,
  ];
  return `${lines.join('\n')}\n`;
}
