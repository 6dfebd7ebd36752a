// Which generated structure file comes from which of ELSTER's XSDs, and the text of each, so that
// the generator writes them and a test compares them with what is committed. They are JSON, read
// when a form and year is first checked (shared/xml/structure.ts), so no bundle carries them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compactStructure } from './xsd.ts';
import { ruleTable } from './ust-rules.ts';

export const repoRoot = path.join(import.meta.dirname, '..', '..');
/** ELSTER's reference files beside the checkout (their README says what each is). */
export const elsterDir = path.join(repoRoot, '..', 'shared', 'elster');

const years = (form: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, offset) => ({ schema: `schemas/${form}-${from + offset}.xsd`, year: from + offset }));

/** Each module's path in the repository and the XSD (below shared/elster/) it is derived from. */
export const sources: readonly { module: string; schema: string; root?: { name: string; type: string } }[] = [
  ...years('UStVA', 2021, 2025).map(({ schema, year }) => ({ module: `shared/forms/ustva/structure/ustva-${year}.json`, schema })),
  ...years('LStA', 2021, 2025).map(({ schema, year }) => ({ module: `shared/forms/lsta/structure/lsta-${year}.json`, schema })),
  ...years('E10', 2022, 2024).map(({ schema, year }) => ({ module: `shared/forms/est/structure/e10-${year}.json`, schema })),
  ...years('E50', 2021, 2025).map(({ schema, year }) => ({ module: `shared/forms/ust/structure/e50-${year}.json`, schema })),
  // One schema for every year; it declares the type of the root only, which ELSTER's sample
  // (samples/zmdo_send-Auth.xml) names `zm`.
  { module: 'shared/forms/zm/structure/zm.json', schema: 'schemas/zm_000005.xsd', root: { name: 'zm', type: 'zmType' } },
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
  ...years('E50', 2021, 2025).map(({ schema, year }) => {
    const workbook = `rules/Jahresdokumentation_USt_50_${year}.xml`;
    return {
      module: `shared/forms/ust/structure/e50-${year}-rules.json`,
      from: `${workbook} and ${schema}`,
      text: (dir = elsterDir) => ustRulesText(workbook, schema, dir),
    };
  }),
];

/** The annual VAT return's rules of one year's workbook, against that year's schema: one rule per line. */
export function ustRulesText(workbook: string, schema: string, dir = elsterDir): string {
  const structure = compactStructure(readFileSync(path.join(dir, schema), 'utf8'), schema);
  const { rules, left } = ruleTable(readFileSync(path.join(dir, workbook), 'utf8'), structure);
  const lines = [
    `{"generated": ${JSON.stringify(`by scripts/structure/generate.ts (npm run generate:structure) from shared/elster/${workbook} and ${schema}; do not edit`)},`,
    `"rules": [\n${rules.map((rule) => JSON.stringify(rule)).join(',\n')}],`,
    `"left": [\n${left.map((rule) => JSON.stringify(rule)).join(',\n')}]}`,
  ];
  return `${lines.join('\n')}\n`;
}
